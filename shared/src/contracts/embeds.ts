/**
 * Kept apart from the federation loader: the host imports the loader, and its build must not name any remote.
 */

/**
 * The components remotes show of each other, as `remote/module`: the container names and `exposes` keys of
 * mf-earn's and mf-cashout's rspack configs. None of them takes props.
 */
export const EMBEDS = {
  /** mf-earn's Offer Partners and Survey Partners rows (spec §2), each with its own heading. */
  partnerWalls: 'mf_earn/partner-walls',
  /** mf-earn's Featured Surveys teaser (spec §2), with its own heading. */
  featuredSurveys: 'mf_earn/featured-surveys',
  /** mf-cashout's Withdrawals tab content of the Profile page (spec §2). */
  withdrawalsPanel: 'mf_cashout/withdrawals-panel',
} as const;

export type Embed = (typeof EMBEDS)[keyof typeof EMBEDS];
