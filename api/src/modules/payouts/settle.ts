import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import { type CashoutStatus, cashouts } from '../../db/schema';
import type { CashoutRow } from '../cashout/repository';
import { appendLedgerEntry } from '../ledger/ledger';
import { cashoutReference } from '../ledger/references';
import { notify, type StoredNotification } from '../notifications/notify';
import type { ProviderState } from '../payout-rails/rail';

/**
 * The moves of a cashout after review, each one conditional UPDATE (whatever runs them at once, one wins).
 * A cashout only ever moves forward:
 *
 *   approved → sending (claimed by a worker) → paid | failed | returned | unclaimed
 *   sending → approved (the provider never received it: sent again under the same id)
 *   failed → sending (tried again, or the provider asked just now has it) | paid | returned | unclaimed
 *   paid → returned | unclaimed (the money came back later)
 *
 * so a repeated or late event (a webhook sent twice, a `sending` after `paid`) changes nothing.
 */

/** One change of a cashout's status, as ops payouts:reconcile prints it. */
export type PayoutChange = {
  cashoutId: number;
  userId: number;
  from: CashoutStatus;
  to: CashoutStatus;
  providerReference: string | null;
  reason: string | null;
};

/** What the changes need told once committed: notifications to deliver, balances to announce. */
export type PayoutEffects = { changes: PayoutChange[]; notifications: StoredNotification[]; walletUserIds: number[] };

export const noEffects = (): PayoutEffects => ({ changes: [], notifications: [], walletUserIds: [] });

export function mergeEffects(into: PayoutEffects, from: PayoutEffects): PayoutEffects {
  into.changes.push(...from.changes);
  into.notifications.push(...from.notifications);
  into.walletUserIds.push(...from.walletUserIds);
  return into;
}

/** Which statuses each provider state may move a cashout from. */
const MOVES_FROM: Record<ProviderState['kind'], CashoutStatus[]> = {
  paid: ['approved', 'sending', 'failed'],
  // In progress at the provider: only a cashout we sent learns its reference and when to ask again.
  sending: ['sending'],
  failed: ['sending'],
  returned: ['sending', 'failed', 'paid'],
  unclaimed: ['sending', 'failed', 'paid'],
};

const referenceOf = (state: ProviderState) => ('providerReference' in state ? (state.providerReference ?? null) : null);
const reasonOf = (state: ProviderState) => ('reason' in state ? state.reason : null);

function change(before: CashoutRow, after: CashoutRow, reason: string | null = null): PayoutChange {
  return { cashoutId: after.id, userId: after.userId, from: before.status, to: after.status, providerReference: after.providerReference, reason };
}

const facts = (row: CashoutRow) => ({ cashout_id: row.id, coins: row.amountCoins, method: row.method });

/**
 * Applies what the provider says of a cashout, in one transaction with its notification and refund.
 * `nextCheckAt` is when a cashout still `sending` is asked about again. Answers the effects (none when the
 * state changes nothing: a repeat, a late event).
 */
export async function applyProviderState(db: Database, cashoutId: number, state: ProviderState, nextCheckAt: Date): Promise<PayoutEffects> {
  return db.transaction(async (tx) => {
    const effects = noEffects();
    const [before] = await tx.select().from(cashouts).where(eq(cashouts.id, cashoutId)).for('update');
    if (!before || !MOVES_FROM[state.kind].includes(before.status)) return effects;
    const reference = referenceOf(state) ?? before.providerReference;
    const guard = and(eq(cashouts.id, cashoutId), inArray(cashouts.status, MOVES_FROM[state.kind]));
    switch (state.kind) {
      case 'sending': {
        await tx.update(cashouts).set({ providerReference: reference, nextAttemptAt: nextCheckAt }).where(guard);
        return effects;
      }
      case 'paid': {
        const [after] = await tx
          .update(cashouts)
          .set({ status: 'paid', providerReference: reference, paidAt: sql`now()`, nextAttemptAt: null, failureReason: null })
          .where(guard)
          .returning();
        if (!after) return effects;
        effects.changes.push(change(before, after));
        effects.notifications.push(await notify(tx, { userId: after.userId, kind: 'cashout_paid', data: facts(after) }));
        return effects;
      }
      case 'failed': {
        const [after] = await tx
          .update(cashouts)
          .set({ status: 'failed', providerReference: reference, failureReason: state.reason, nextAttemptAt: null })
          .where(guard)
          .returning();
        if (after) effects.changes.push(change(before, after, state.reason));
        return effects;
      }
      case 'returned':
      case 'unclaimed': {
        const [after] = await tx
          .update(cashouts)
          .set({ status: state.kind, providerReference: reference, failureReason: state.reason, nextAttemptAt: null, settledAt: sql`now()` })
          .where(guard)
          .returning();
        if (!after) return effects;
        await refund(tx, after, state.reason);
        effects.changes.push(change(before, after, reasonOf(state)));
        effects.walletUserIds.push(after.userId);
        effects.notifications.push(await notify(tx, { userId: after.userId, kind: 'cashout_rejected', data: { ...facts(after), reason: state.reason } }));
        return effects;
      }
    }
  });
}

/** The amount back to the user's balance through the ledger: one `cashout_refund` per cashout, whatever refunds it. */
function refund(tx: Executor, row: CashoutRow, reason: string) {
  return appendLedgerEntry(tx, { userId: row.userId, amountCoins: row.amountCoins, kind: 'cashout_refund', reference: cashoutReference(row.id), note: reason });
}

const SENDABLE = sql`(${cashouts.status} = 'approved' or (${cashouts.status} = 'failed' and ${cashouts.nextAttemptAt} <= now()))`;

/**
 * Claims up to `limit` cashouts to send (approved, or failed and due again) for this worker: each becomes
 * `sending` with one more attempt. Rows another instance holds are skipped, so each is claimed once.
 */
export async function claimSendable(db: Executor, limit: number): Promise<CashoutRow[]> {
  const picked = sql`select ${cashouts.id} from ${cashouts} where ${SENDABLE} order by ${cashouts.id} limit ${limit} for update skip locked`;
  return db
    .update(cashouts)
    .set({ status: 'sending', attempts: sql`${cashouts.attempts} + 1`, sendingSince: sql`now()`, nextAttemptAt: null })
    .where(sql`${cashouts.id} in (${picked})`)
    .returning();
}

/**
 * Claims up to `limit` `sending` cashouts due to be asked about: those whose check time came, and those
 * claimed for sending more than `leaseMs` ago without an answer recorded (their worker died). Their next
 * check moves `leaseMs` on, so no other instance asks at the same time.
 */
export async function claimDueChecks(db: Executor, limit: number, leaseMs: number): Promise<CashoutRow[]> {
  const lease = sql`make_interval(secs => ${leaseMs / 1000})`;
  const picked = sql`select ${cashouts.id} from ${cashouts}
    where ${cashouts.status} = 'sending' and coalesce(${cashouts.nextAttemptAt}, ${cashouts.sendingSince} + ${lease}) <= now()
    order by ${cashouts.id} limit ${limit} for update skip locked`;
  return db
    .update(cashouts)
    .set({ nextAttemptAt: sql`now() + ${lease}` })
    .where(sql`${cashouts.id} in (${picked})`)
    .returning();
}

/** The cashouts reconciliation asks about: every `sending` and `failed` one (at most `limit`, oldest first). */
export function unsettled(db: Executor, limit: number, statuses: readonly CashoutStatus[] = ['sending', 'failed']): Promise<CashoutRow[]> {
  return db
    .select()
    .from(cashouts)
    .where(inArray(cashouts.status, [...statuses]))
    .orderBy(cashouts.id)
    .limit(limit);
}

/** A `sending` cashout the provider never received goes back to approved, to be sent again under the same id. */
export async function backToApproved(db: Executor, row: CashoutRow): Promise<PayoutChange | null> {
  const [after] = await db
    .update(cashouts)
    .set({ status: 'approved', nextAttemptAt: null })
    .where(and(eq(cashouts.id, row.id), eq(cashouts.status, 'sending'), eq(cashouts.attempts, row.attempts)))
    .returning();
  return after ? change(row, after, 'the provider has no payout under this id') : null;
}

/** The provider accepted it: its reference, and when to ask again. */
export async function recordSent(db: Executor, row: CashoutRow, providerReference: string, nextCheckAt: Date): Promise<void> {
  await db
    .update(cashouts)
    .set({ providerReference, nextAttemptAt: nextCheckAt, failureReason: null })
    .where(and(eq(cashouts.id, row.id), eq(cashouts.status, 'sending'), eq(cashouts.attempts, row.attempts)));
}

/** This try failed: tried again at `retryAt`, or (null) it waits for an operator. */
export async function recordFailure(db: Executor, row: CashoutRow, reason: string, retryAt: Date | null, providerReference?: string): Promise<PayoutChange | null> {
  const [after] = await db
    .update(cashouts)
    .set({ status: 'failed', failureReason: reason, nextAttemptAt: retryAt, providerReference: providerReference ?? row.providerReference })
    .where(and(eq(cashouts.id, row.id), eq(cashouts.status, 'sending'), eq(cashouts.attempts, row.attempts)))
    .returning();
  return after ? change(row, after, reason) : null;
}

/**
 * A failed cashout its provider, asked just now, has in progress after all (our try timed out, the provider
 * took it): back to `sending`, asked again at `nextCheckAt`. Only from a fresh answer: a webhook's `sending`
 * may be older than the failure it would undo.
 */
export async function resumeSending(db: Executor, row: CashoutRow, providerReference: string, nextCheckAt: Date): Promise<PayoutChange | null> {
  const [after] = await db
    .update(cashouts)
    .set({ status: 'sending', providerReference, nextAttemptAt: nextCheckAt, sendingSince: sql`now()` })
    .where(and(eq(cashouts.id, row.id), eq(cashouts.status, 'failed'), eq(cashouts.attempts, row.attempts)))
    .returning();
  return after ? change(row, after, 'the provider has it in progress') : null;
}

/** An unanswered check: asked again at `nextCheckAt`. */
export async function postponeCheck(db: Executor, row: CashoutRow, nextCheckAt: Date): Promise<void> {
  await db
    .update(cashouts)
    .set({ nextAttemptAt: nextCheckAt })
    .where(and(eq(cashouts.id, row.id), eq(cashouts.status, 'sending')));
}

/**
 * An operator's retry of a failed cashout: due now, with a fresh allowance of tries. Answers the row, or
 * undefined when it is not failed.
 */
export async function scheduleRetry(db: Executor, id: number): Promise<CashoutRow | undefined> {
  const [after] = await db
    .update(cashouts)
    .set({ nextAttemptAt: sql`now()`, attempts: 0 })
    .where(and(eq(cashouts.id, id), eq(cashouts.status, 'failed')))
    .returning();
  return after;
}
