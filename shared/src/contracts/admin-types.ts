/**
 * The staff console's API (`/api/admin/*`, issue 33), one source for api/ and mf-admin. Money as `ops` prints it:
 * dollars as a string (`"2.50"`) beside integer coins; times ISO 8601 (UTC). Change routes answer the `ops`
 * command's `--json` result.
 */
import type { TwoFactorSetting, StaffRole } from './api-types';

export type { StaffRole };

/** Every role, least to most: what each may use is listed per route of the contract. */
export const STAFF_ROLES: readonly StaffRole[] = ['support', 'finance', 'admin'];

/** Refusal codes of the console's gate (answers 403 with one of these in `code`). */
export const STAFF_TWO_FACTOR_REQUIRED = 'staff_two_factor_required';
export const STAFF_CONSOLE_SESSION_REQUIRED = 'staff_console_session_required';
export const STAFF_ROLE_FORBIDDEN = 'staff_role_forbidden';
export const CROSS_SITE_REFUSED = 'cross_site_refused';
/** 409: the `ops` command refused (no such row, cashout not pending, ticket closed...); `message` is its own line. */
export const COMMAND_REFUSED = 'command_refused';

/** A page of a list: `next_cursor` goes back as `cursor` for the next page; null when there is no more. */
export type AdminPage<T> = { items: T[]; next_cursor: string | null };

/** `GET /api/admin/me`, `POST /api/admin/verify`, `POST /api/admin/session`. */
export type StaffMe = {
  id: number;
  email: string;
  name: string;
  staff_role: StaffRole;
  two_factor: TwoFactorSetting;
  /** When this session last passed a second factor. */
  verified_at: string | null;
  /** `verified_at` + 12 hours: the console asks for a code again after it. */
  fresh_until: string | null;
  fresh: boolean;
  /** A valid `admin_session` cookie came with the request. */
  console_session: boolean;
};

export type VerifyCodePayload = { code: string };

export type HourlyMoney = {
  /** Start of the UTC hour. */
  hour: string;
  credits: string;
  credits_coins: number;
  credits_count: number;
  /** Positive amounts. */
  reversals: string;
  reversals_coins: number;
  reversals_count: number;
};

export type AdminOverview = {
  open_tickets: { total: number; awaiting: number; answered: number };
  cashouts_in_review: number;
  failing_payouts: number;
  /** Exactly 24, oldest first. */
  hourly: HourlyMoney[];
};

export type AccountStatus = 'active' | 'blocked' | 'pending';

export type AdminUserRow = {
  id: number;
  email: string;
  name: string;
  status: AccountStatus;
  email_verified: boolean;
  staff_role: StaffRole | null;
  balance: string;
  balance_coins: number;
  pending: string;
  pending_coins: number;
  created_at: string;
};

export type LedgerRow = {
  id: number;
  kind: string;
  amount: string;
  amount_coins: number;
  held: string;
  held_coins: number;
  reference: string | null;
  note: string | null;
  created_at: string;
};

export type CallbackOutcome = 'credited' | 'reversed' | 'duplicate' | 'ignored' | 'refused' | 'malformed' | 'failed';

export type CallbackSummary = {
  id: number;
  received_at: string;
  wall: string;
  outcome: CallbackOutcome;
  status_code: number;
  reason: string;
  user_id: number | null;
  txid: string | null;
  amount: string;
  amount_coins: number;
  source_ip: string | null;
  replay_of: number | null;
  truncated: boolean;
};

export type Callback = CallbackSummary & { method: string; path: string; query: string; body: string; headers: unknown };

export type ReferralReviewStatus = 'pending' | 'approved' | 'rejected';

export type ReferralReview = {
  referred_user_id: number;
  referred_email: string;
  referrer_id: number;
  referrer_email: string;
  status: ReferralReviewStatus;
  withheld: string;
  withheld_coins: number;
  signals: string;
  flagged_at: string;
  decided_at: string | null;
  decision_reason: string | null;
};

export type AuditRow = {
  id: number;
  at: string;
  operator: string;
  kind: 'change' | 'read';
  command: string;
  arguments: string[];
  reason: string | null;
  user_id: number | null;
  user_email: string | null;
  outcome: 'done' | 'failed';
  result: unknown;
};

export type AdminSession = {
  id: number;
  device: string;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  two_factor_at: string | null;
};

export type AdminUserPage = {
  user: AdminUserRow & {
    two_factor: TwoFactorSetting;
    sign_in: Array<'password' | 'google'>;
    referral_code: string;
    referred_by: { id: number; email: string } | null;
    completed_offers: number;
    total_earnings: string;
    earnings_last_30_days: string;
  };
  earnings: LedgerRow[];
  sessions: AdminSession[];
  callbacks: Callback[];
  tickets: Array<{ id: number; status: TicketStatus; offer_name: string; created_at: string; credited: string | null }>;
  referrals: { count: number; latest: Array<{ id: number; email: string; created_at: string }>; review: ReferralReview | null };
  holds: Array<{ id: number; reference: string; amount: string; amount_coins: number; reason: string; held_at: string; release_at: string }>;
  audit: AuditRow[];
};

/** Block = blocked, hold = pending, reinstate = active; `reason` 1..500 characters, kept in the audit log. */
export type UserStatusPayload = { status: AccountStatus; reason: string };
export type UserCreditPayload = { amount: string; reason: string };
export type ReasonPayload = { reason: string };

/** The user's risk signals in the order the API gives (the order to show them in); `warn`: show it as a warning. */
export type RiskSignal = { key: string; label: string; value: string | number | boolean | null; warn: boolean };

export type AdminCashoutRow = {
  id: number;
  user_id: number;
  email: string;
  method: string;
  account: string;
  amount: string;
  amount_coins: number;
  status: string;
  /** The payout rail; null before one is chosen. */
  rail: string | null;
  created_at: string;
  /** Why it waits for review ("; "-joined rules); null when it was paid without review. */
  review_rule: string | null;
  risk: RiskSignal[];
};

export type PayoutStatus = 'approved' | 'sending' | 'paid' | 'failed' | 'returned' | 'unclaimed';

export type PayoutRow = {
  id: number;
  email: string;
  method: string;
  amount: string;
  rail: string;
  automatic: boolean;
  status: PayoutStatus;
  attempts: number;
  provider_reference: string | null;
  next_attempt_at: string | null;
  failure_reason: string | null;
  paid_at: string | null;
};

export type CashoutApprovePayload = { reason: string; reference?: string };

export type TicketStatus = 'awaiting' | 'answered' | 'accepted' | 'declined';

export type AdminTicketRow = {
  id: number;
  user_id: number;
  email: string | null;
  status: TicketStatus;
  offer_name: string;
  offer_id: string | null;
  wall: string | null;
  completed_at: string;
  credited: string | null;
  credited_coins: number | null;
  resolution: string | null;
  partner_credited_at: string | null;
  created_at: string;
  has_screenshot: boolean;
};

export type AdminTicketMessage = { id: number; author: 'user' | 'operator'; operator: string | null; text: string; created_at: string };

export type AdminTicket = AdminTicketRow & {
  details: string;
  screenshot_type: string | null;
  messages: AdminTicketMessage[];
  last_callbacks: Callback[];
};

export type TicketReplyPayload = { text: string; reason?: string };
export type TicketAcceptPayload = { amount: string; reason: string };

export type ReferralDecisionPayload = { decision: 'approve' | 'reject'; reason: string };

export type ContactMessage = { id: number; created_at: string; email: string; subject: string; name: string; user_id: number | null; message: string };

export type AuditChainState = {
  ok: boolean;
  rows: number;
  head: { id: number; position: number; hash: string } | null;
  broken: { kind: 'changed' | 'removed'; row_id: number | null; message: string } | null;
};

export type StaffMember = {
  user_id: number;
  email: string;
  name: string;
  role: StaffRole;
  two_factor: TwoFactorSetting;
  added_by: string;
  reason: string;
  added_at: string;
  /** When the role last changed. */
  changed_at: string;
};
export type StaffAddPayload = { email: string; role: StaffRole; reason: string };

// ---- marketing content (admin) ----

export type ContentVersionRow = {
  version: number;
  file: string;
  hash: string;
  operator: string;
  reason: string | null;
  source: 'repository' | 'publish' | 'restore';
  restored_from: number | null;
  created_at: string;
  shown: boolean;
};

/** A content file with the version the site shows and its JSON text (the repository's when none was recorded). */
export type ContentFileRow = { file: string; text: string | null; version: ContentVersionRow | null };

export type ContentDraft = {
  id: number;
  file: string;
  text: string;
  author: string;
  based_on: number | null;
  published_version: number | null;
  created_at: string;
  updated_at: string;
  /** The draft's page with `?preview=<id>`. */
  preview_path: string | null;
};

export type ContentDraftPayload = { file: string; text: string; based_on?: number | null };
export type ContentRestorePayload = { version: number; reason: string };
