/**
 * Kept apart from the federation loader: the host imports the loader, and its build must not name any remote.
 */

/**
 * The components remotes show of each other, by name, and which remote provides each in the built-in runtime
 * config (`remote/module`: a container name and an `exposes` key). The runtime config's `embeds` can move one
 * to another remote or leave it out; every remote's build checks it exposes what this table gives it. None of
 * them takes props.
 */
export const EMBEDS = {
  /** mf-earn's Offer Partners and Survey Partners rows (spec §2), each with its own heading. */
  partnerWalls: 'mf_earn/partner-walls',
  /** mf-earn's Featured Surveys teaser (spec §2), with its own heading. */
  featuredSurveys: 'mf_earn/featured-surveys',
  /** mf-cashout's Withdrawals tab content of the Profile page (spec §2). */
  withdrawalsPanel: 'mf_cashout/withdrawals-panel',
  /** mf-cashout's Earnings history tab content of the Profile page (issue 29): every credit with its status and date. */
  earningsHistory: 'mf_cashout/earnings-history',
} as const;

export type EmbedName = keyof typeof EMBEDS;
