/** Cashout payloads (spec §3, §7), one source for api/ and mf-cashout. */

/** Payout method names as the API knows them (`wallet` in Cashout/Store). */
export type PayoutMethodName = 'stake' | 'visa' | 'paypal' | 'letcoin' | 'payeer';

/**
 * pending: awaiting review; approved: to be sent by its payout rail; sending: with the provider; paid (with the
 * provider's reference); failed: tried again later, or waiting for an operator; returned / unclaimed: the
 * provider gave the money back and it was refunded to the balance; rejected: refused in review and refunded.
 */
export type CashoutStatus = 'pending' | 'approved' | 'sending' | 'paid' | 'failed' | 'returned' | 'unclaimed' | 'rejected';

/** Every status, in the order a cashout goes through them. */
export const CASHOUT_STATUS_NAMES: readonly CashoutStatus[] = ['pending', 'approved', 'sending', 'paid', 'failed', 'returned', 'unclaimed', 'rejected'];

export type CashoutRequest = {
  wallet: PayoutMethodName;
  /** Dollars as the user typed them ("12.50"); Cashout/Store also takes a JSON number, as spec §7 lists it. */
  amount: string;
  account: string | null;
  /** The code asked for by a `step_up_required` answer (issue 31): the same request again, with it, books the cashout. */
  step_up_code?: string;
};

export type Cashout = {
  id: number;
  method: PayoutMethodName;
  /** Dollars as a two-decimal string. */
  amount: string;
  account: string;
  status: CashoutStatus;
  created_at: string;
  reviewed_at: string | null;
  /** Why it was refunded: the operator's reason (rejected) or the provider's (returned, unclaimed). */
  rejection_reason: string | null;
  /** The payout provider's id of the payment, once paid (what the user can quote to the provider). */
  provider_reference: string | null;
  paid_at: string | null;
};

/** The spec's message of a stored cashout (`POST /api/Cashout/Store`); the page shows it in its own language. */
export const CASHOUT_SUBMITTED_MESSAGE = 'Cashout request submitted successfully! It will be processed within 24-48 hours.';

export type CashoutResult = {
  status: 'success';
  message: string;
  data: { new_balance: string; cashout: Cashout };
};

/** Dollar amounts as two-decimal strings; counts as numbers. */
export type CashoutStats = {
  current_balance: string;
  pending_amount: string;
  pending_count: number;
  total_requested: string;
  total_approved: string;
  total_amount: string;
};

export type CashoutHistoryPage = {
  items: Cashout[];
  page: number;
  per_page: number;
  total: number;
};

/** Header that makes a retried Cashout/Store return the first answer instead of paying twice. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
