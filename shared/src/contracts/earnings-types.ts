/** The earnings history (`GET /api/user/earnings`, `/api/user/earnings.csv`), one source for api/ and mf-cashout. */

/** What a row of the history is: an offer credit, a reversal of a credit, and the other ways coins arrive and leave. */
export const EARNING_KINDS = ['credit', 'reversal', 'referral_bonus', 'manual_credit', 'ticket_credit', 'cashout', 'cashout_refund'] as const;
export type EarningKind = (typeof EARNING_KINDS)[number];

/** Where a row's money stands: held (not yet cashable), in the available balance, or taken back. */
export const EARNING_STATUSES = ['pending', 'available', 'reversed'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

/**
 * A row whose title is the site's own words, not an offer's name nor an operator's reason: the UI words it by
 * this key in the page's language (and falls back to `title`, the English).
 */
export const EARNING_TITLE_KEYS = ['offer_credit', 'referral_bonus', 'ticket_credit', 'support_credit', 'cashout', 'cashout_refund'] as const;
export type EarningTitleKey = (typeof EARNING_TITLE_KEYS)[number];

export type Earning = {
  /** The ledger row's id. */
  id: number;
  kind: EarningKind;
  /** The offer's name, or the reason of an operator's credit; else the site's English words for the row (see title_key). */
  title: string;
  /** Set when `title` is the site's own words: which, for the UI to word them in the page's language; else null. */
  title_key: EarningTitleKey | null;
  /** The payout method of a cashout or its refund (`paypal`…), named in their title; null for other rows. */
  payout_method: string | null;
  /** The offer wall's slug, for rows of a wall's conversion; null for the rest. */
  wall: string | null;
  /** Signed dollars with two decimals: "12.00", "-1.50". */
  amount: string;
  status: EarningStatus;
  /** When a pending (held) credit becomes available (ISO 8601); null for every other row. */
  available_at: string | null;
  created_at: string;
  /** Why: a reversal's reason when the partner gave one, a refunded cashout's rejection reason, a ticket credit taken back's; else null. */
  reason: string | null;
};

/**
 * The user's reversals of the last `window_days` days, counted as the hold rule counts them (EARNING_HOLDS
 * `reversals=<percent>%/<min reversals>/<days>d`): reversals never block an account, they only lengthen holds.
 */
export type ReversalRate = {
  /** Credits of the window that were reversed. */
  reversed: number;
  /** Credits of the window, reversed or not. */
  credits: number;
  /** reversed / credits in percent, one decimal (0 without credits). */
  percent: number;
  window_days: number;
  /** The user is over the rule now: new credits are held `hold_days`. */
  holds_longer: boolean;
  /** The rule: above `above_percent` % with at least `min_reversals` reversals, credits are held `hold_days`; all null when the rule is off. */
  above_percent: number | null;
  min_reversals: number | null;
  hold_days: number | null;
};

export type EarningsPage = {
  /** Newest first. */
  items: Earning[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: string | null;
  reversal_rate: ReversalRate;
};

/** Rows per page: `limit` from 1 to the maximum. */
export const EARNINGS_PAGE_SIZE = { default: 20, max: 100 } as const;

/** The CSV's columns, in order: the fields of an Earning. */
export const EARNINGS_CSV_COLUMNS = ['id', 'created_at', 'kind', 'title', 'wall', 'amount', 'status', 'available_at', 'reason'] as const satisfies ReadonlyArray<keyof Earning>;
