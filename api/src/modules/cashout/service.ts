import type { ErrorCode, ErrorParams } from '@rewards/shared/contracts/error-codes';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { MINIMUM_CASHOUT_COINS } from '@rewards/shared/rules/cashout-amount';
import type { Cashout, CashoutHistoryPage, CashoutStats, PayoutMethodName } from '@rewards/shared/contracts/cashout-types';
import type { Database } from '../../db/database';
import type { CashoutStatus } from '../../db/schema';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../domain-errors';
import { assertAccountActive, UNAUTHENTICATED } from '../session/session';
import type { UserRow } from '../account/repository';
import { appendLedgerEntry, InsufficientBalanceError } from '../ledger/ledger';
import { cashoutReference } from '../ledger/references';
import type { Executor } from '../../db/executor';
import { notify, type StoredNotification } from '../notifications/notify';
import {
  type CashoutListRow,
  type CashoutRow,
  type CashoutTotals,
  findCashout,
  findCashoutByKey,
  hasCashedOut,
  insertCashout,
  listCashouts,
  liveCoinsToday,
  lockUser,
  pageOfCashouts,
  reviewPendingCashout,
  setBalanceAfter,
} from './repository';
import { CASHOUT_MESSAGES, type CashoutInput } from './schemas';
import { type EarningHolds, NO_HOLDS } from '../../config-values';
import type { PayoutsConfig } from '../payout-rails/payouts-config';
import { decideInstant } from './instant-rules';
import { railDefinition } from '../payout-rails/registry';
import type { TwoFactorDeps } from '../two-factor/service';
import { askForStepUp, passStepUp, returnStepUpTry, startStepUpAttempt, StepUpNeeded, stepUpReason, WrongStepUpCode } from '../two-factor/step-up';

const IDEMPOTENCY_UNIQUE = 'cashouts_user_idempotency_key_unique';

/** The `code` of Cashout/Store's 403 for a first cashout before the email is verified. */
export const EMAIL_UNVERIFIED = 'email_unverified';

/** The ledger reference shared by a cashout's debit and its refund. */

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;

/** Statuses whose provider reference the user sees: the money reached the provider. */
const SHOWS_REFERENCE = new Set<CashoutStatus>(['paid', 'returned', 'unclaimed']);

export function toCashout(row: CashoutRow): Cashout {
  const refunded = row.status === 'returned' || row.status === 'unclaimed';
  return {
    id: row.id,
    // Only names of the shared PAYOUT_METHODS are ever stored (the body schema checks them).
    method: row.method as PayoutMethodName,
    amount: coinsToDollarString(row.amountCoins),
    account: row.account,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    rejection_reason: refunded ? row.failureReason : row.rejectionReason,
    provider_reference: SHOWS_REFERENCE.has(row.status) ? row.providerReference : null,
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

export type CashoutRequestInput = {
  userId: number;
  input: CashoutInput;
  idempotencyKey: string | null;
  dailyLimitCoins: number;
  /** The rails and the instant-payout rules, and the holds' reversal rule; unset: every method manual (all reviewed). */
  payouts?: PayoutsConfig;
  holds?: EarningHolds;
  /** The session asking and what a step-up code needs (modules/two-factor/step-up.ts); unset: no step-up (operators' tools). */
  stepUp?: { sessionId: number; deps: TwoFactorDeps };
};

export type AcceptedCashout = { cashout: CashoutRow; newBalanceCoins: number };

/** A refusal of Cashout/Store: 422 with the message under `errors.amount`; nothing was changed. */
function refusal(message: string, code: ErrorCode, { field = 'amount', params }: { field?: string; params?: ErrorParams } = {}): ValidationError {
  return new ValidationError(message, { code, ...(params ? { params } : {}), errors: { [field]: [message] } });
}

/**
 * Takes a cashout: in one transaction, with the user's row locked so that the user's cashouts run one at a
 * time (also across API instances), checks the balance and the daily limit, inserts the cashout as pending
 * and books its ledger debit. A request carrying an Idempotency-Key already used answers the first cashout.
 */
export async function requestCashout(db: Database, request: CashoutRequestInput): Promise<AcceptedCashout> {
  const { userId, idempotencyKey, dailyLimitCoins, payouts, holds, stepUp } = request;
  const { stepUpCode, ...input } = request.input;
  if (idempotencyKey) {
    const earlier = await findCashoutByKey(db, userId, idempotencyKey);
    if (earlier) return replay(earlier, input);
  }
  const attempt = stepUp ? await startStepUpAttempt(db, userId, stepUpCode) : undefined;
  let codeChecked = false;
  try {
    const accepted = await db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw new UnauthorizedError(UNAUTHENTICATED);
      assertAccountActive(user.status);
      // Same-key requests that arrived together waited for the lock: the first one's cashout is visible now.
      if (idempotencyKey) {
        const earlier = await findCashoutByKey(tx, userId, idempotencyKey);
        if (earlier) return replay(earlier, input);
      }
      // A stranger's address typed in at sign-up must not receive a payout: the first cashout needs the email verified.
      if (user.emailVerifiedAt === null && !(await hasCashedOut(tx, userId))) {
        throw new ForbiddenError(CASHOUT_MESSAGES.emailUnverified, { code: EMAIL_UNVERIFIED });
      }
      if (user.balanceCoins < input.amountCoins) throw refusal(CASHOUT_MESSAGES.insufficientBalance, 'insufficient_balance');
      const today = await liveCoinsToday(tx, userId);
      if (today + input.amountCoins > dailyLimitCoins) throw refusal(dailyLimitMessage(dailyLimitCoins, today), 'daily_limit_reached', { params: { limit: dollars(dailyLimitCoins) } });
      if (stepUp && (await stepUpReason(tx, { userId, sessionId: stepUp.sessionId, ...input }))) {
        await passStepUp(tx, stepUp.deps.appSecret, { userId, sessionId: stepUp.sessionId, email: user.email, language: user.language, twoFactorMethod: user.twoFactorMethod }, attempt);
        codeChecked = true;
      }

      const balanceAfterCoins = user.balanceCoins - input.amountCoins;
      const decision = payouts
        ? await decideInstant(
            tx,
            { userId, method: input.method, amountCoins: input.amountCoins, accountCreatedAt: user.createdAt, emailVerifiedAt: user.emailVerifiedAt },
            { payouts, holds: holds ?? NO_HOLDS },
          )
        : ({ instant: false, rail: 'manual', rules: [`the ${input.method} rail is manual: an operator pays it`] } as const);
      const cashout = await insertCashout(tx, {
        userId,
        ...input,
        balanceAfterCoins,
        idempotencyKey,
        status: decision.instant ? 'approved' : 'pending',
        rail: decision.rail,
        automatic: decision.instant,
        reviewRule: decision.instant ? null : decision.rules.join('; '),
      });
      const booked = await appendLedgerEntry(tx, {
        userId,
        amountCoins: -input.amountCoins,
        kind: 'cashout',
        reference: cashoutReference(cashout.id),
      });
      // Equal while the row lock holds; kept true should anything ever move the balance without it.
      if (booked.balanceCoins !== balanceAfterCoins) {
        await setBalanceAfter(tx, cashout.id, booked.balanceCoins);
        return { cashout: { ...cashout, balanceAfterCoins: booked.balanceCoins }, newBalanceCoins: booked.balanceCoins };
      }
      return { cashout, newBalanceCoins: balanceAfterCoins };
    });
    // A code sent along but not needed spent no try.
    if (!codeChecked) await returnStepUpTry(db, userId, attempt);
    return accepted;
  } catch (error) {
    if (!(error instanceof WrongStepUpCode)) await returnStepUpTry(db, userId, attempt);
    if (error instanceof StepUpNeeded && stepUp) return askForStepUp(stepUp.deps, error);
    if (error instanceof InsufficientBalanceError) throw refusal(CASHOUT_MESSAGES.insufficientBalance, 'insufficient_balance');
    if (idempotencyKey && isUniqueViolation(error, IDEMPOTENCY_UNIQUE)) {
      const earlier = await findCashoutByKey(db, userId, idempotencyKey);
      if (earlier) return replay(earlier, input);
    }
    throw error;
  }
}

/** The first answer again, if the retry asks for the same cashout. */
function replay(earlier: CashoutRow, input: CashoutInput): AcceptedCashout {
  const same = earlier.method === input.method && earlier.account === input.account && earlier.amountCoins === input.amountCoins;
  if (!same) throw refusal(CASHOUT_MESSAGES.idempotencyKeyReused, 'idempotency_key_reused', { field: 'Idempotency-Key' });
  return { cashout: earlier, newBalanceCoins: earlier.balanceAfterCoins };
}

function dailyLimitMessage(limitCoins: number, usedCoins: number): string {
  const left = limitCoins - usedCoins;
  const hint = left >= MINIMUM_CASHOUT_COINS ? ` You can cash out up to ${dollars(left)} more today.` : ' Please try again tomorrow.';
  return CASHOUT_MESSAGES.dailyLimit(dollars(limitCoins)) + hint;
}

/** A unique violation of `constraint`, whether the driver error came bare or wrapped by drizzle. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const { code, constraint: name } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === undefined || name === constraint;
  }
  return false;
}

/**
 * Spec §3 cashout stats. Pending counts every cashout not paid yet (in review, approved, sending, failed);
 * approved counts the paid ones; requested both (a rejected, returned or unclaimed one was refunded).
 */
export function toCashoutStats(user: UserRow, totals: CashoutTotals): CashoutStats {
  return {
    current_balance: coinsToDollarString(user.balanceCoins),
    pending_amount: coinsToDollarString(totals.pendingCoins),
    pending_count: totals.pendingCount,
    total_requested: coinsToDollarString(totals.pendingCoins + totals.approvedCoins),
    total_approved: coinsToDollarString(totals.approvedCoins),
    total_amount: coinsToDollarString(totals.earningsCoins),
  };
}

export async function cashoutHistory(db: Database, userId: number, page: number, perPage: number): Promise<CashoutHistoryPage> {
  const { items, total } = await pageOfCashouts(db, userId, page, perPage);
  return { items: items.map(toCashout), page, per_page: perPage, total };
}

// ---- review by operators (pnpm ops cashouts:*) ----

export class CashoutNotFoundError extends Error {
  constructor(readonly id: number) {
    super(`No cashout with id ${id}`);
    this.name = 'CashoutNotFoundError';
  }
}

export class CashoutNotPendingError extends Error {
  constructor(
    readonly id: number,
    readonly status: CashoutStatus,
  ) {
    super(`Cashout ${id} is ${status}, not pending: only a pending cashout can be reviewed (and a failed one rejected).`);
    this.name = 'CashoutNotPendingError';
  }
}

async function notReviewable(db: Executor, id: number): Promise<Error> {
  const row = await findCashout(db, id);
  return row ? new CashoutNotPendingError(id, row.status) : new CashoutNotFoundError(id);
}

export type ReviewedCashout = { cashout: CashoutRow; notification: StoredNotification };

/** The user's notification of a reviewed cashout, in the review's transaction. */
function notifyReview(tx: Executor, row: CashoutRow): Promise<StoredNotification> {
  const facts = { cashout_id: row.id, coins: row.amountCoins, method: row.method };
  if (row.status === 'rejected') return notify(tx, { userId: row.userId, kind: 'cashout_rejected', data: { ...facts, reason: row.rejectionReason } });
  return notify(tx, { userId: row.userId, kind: row.status === 'paid' ? 'cashout_paid' : 'cashout_approved', data: facts });
}

export type ApproveOptions = {
  /** Method → rail (PAYOUT_RAIL_<METHOD>). */
  rails: PayoutsConfig['rails'];
  /** What the operator paid it with (manual rail): shown to the user. */
  providerReference?: string | null;
};

/**
 * pending → approved when the method's rail is automatic (the payout worker sends it), or → paid when it is
 * manual (the operator paid it by hand), with the user's notification, in one transaction. Anything else
 * throws and changes nothing.
 */
export async function approveCashout(db: Database, id: number, options: ApproveOptions = { rails: {} as ApproveOptions['rails'] }): Promise<ReviewedCashout> {
  return db.transaction(async (tx) => {
    const pending = await findCashout(tx, id);
    const rail = (pending && options.rails[pending.method as keyof ApproveOptions['rails']]) ?? 'manual';
    const outcome = railDefinition(rail)?.automatic
      ? ({ status: 'approved', rail } as const)
      : ({ status: 'paid', rail, providerReference: options.providerReference ?? null } as const);
    const row = await reviewPendingCashout(tx, id, outcome);
    if (!row) throw await notReviewable(tx, id);
    return { cashout: row, notification: await notifyReview(tx, row) };
  });
}

/**
 * pending (or, with `alsoFailed`, failed: the caller made sure its provider will not pay it) → rejected with the reason the user will read, the amount refunded through the ledger, and the
 * user's notification, in one transaction. Of concurrent rejects only one finds the cashout pending, so the
 * refund is booked once.
 */
export async function rejectCashout(
  db: Database,
  id: number,
  reason: string,
  { alsoFailed = false }: { alsoFailed?: boolean } = {},
): Promise<ReviewedCashout & { balanceCoins: number }> {
  return db.transaction(async (tx) => {
    const from: CashoutStatus[] = alsoFailed ? ['pending', 'failed'] : ['pending'];
    const row = await reviewPendingCashout(tx, id, { status: 'rejected', rejectionReason: reason }, from);
    if (!row) throw await notReviewable(tx, id);
    const refund = await appendLedgerEntry(tx, {
      userId: row.userId,
      amountCoins: row.amountCoins,
      kind: 'cashout_refund',
      reference: cashoutReference(row.id),
      note: reason,
    });
    return { cashout: row, balanceCoins: refund.balanceCoins, notification: await notifyReview(tx, row) };
  });
}

export function cashoutsForReview(db: Database, options: { status?: CashoutStatus; limit: number }): Promise<CashoutListRow[]> {
  return listCashouts(db, options);
}
