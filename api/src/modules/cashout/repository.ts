import { and, count, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { type CashoutStatus, cashouts, sessions, users } from '../../db/schema';
import { liveSessionOf, sessionColumns, type SessionWithUser } from '../session/session';
import { earningsSql } from '../ledger/ledger';
import type { Executor, Transaction } from '../../db/executor';

export type CashoutRow = typeof cashouts.$inferSelect;
export type NewCashout = {
  userId: number;
  method: string;
  account: string;
  amountCoins: number;
  balanceAfterCoins: number;
  idempotencyKey: string | null;
  /** pending (review, the default) or approved (instant: straight to its rail). */
  status?: 'pending' | 'approved';
  rail?: string;
  automatic?: boolean;
  reviewRule?: string | null;
};

/** Statuses whose money was not refunded (rejected, returned and unclaimed cashouts were). */
const LIVE_STATUSES: CashoutStatus[] = ['pending', 'approved', 'sending', 'paid', 'failed'];
/** Not paid yet: what Cashout/stats counts as pending. */
const UNPAID_STATUSES = sql.raw(`('pending', 'approved', 'sending', 'failed')`);

/**
 * Locks the user's row until the transaction ends: a user's cashouts run one after the other, so the
 * balance and today's total read here are still true when the debit is booked.
 */
export async function lockUser(tx: Transaction, userId: number) {
  const rows = await tx
    .select({
      balanceCoins: users.balanceCoins,
      status: users.status,
      createdAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
      email: users.email,
      twoFactorMethod: users.twoFactorMethod,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return rows[0];
}

export async function findCashoutByKey(db: Executor, userId: number, idempotencyKey: string): Promise<CashoutRow | undefined> {
  const rows = await db
    .select()
    .from(cashouts)
    .where(and(eq(cashouts.userId, userId), eq(cashouts.idempotencyKey, idempotencyKey)));
  return rows[0];
}

/** Whether the user ever asked for a cashout (whatever became of it). */
export async function hasCashedOut(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.select({ id: cashouts.id }).from(cashouts).where(eq(cashouts.userId, userId)).limit(1);
  return rows.length > 0;
}

export async function findCashout(db: Executor, id: number): Promise<CashoutRow | undefined> {
  const rows = await db.select().from(cashouts).where(eq(cashouts.id, id));
  return rows[0];
}

/** Coins of the user's cashouts not refunded since midnight UTC (of the database's clock). */
export async function liveCoinsToday(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ total: sql`coalesce(sum(${cashouts.amountCoins}), 0)`.mapWith(Number) })
    .from(cashouts)
    .where(
      and(
        eq(cashouts.userId, userId),
        inArray(cashouts.status, LIVE_STATUSES),
        sql`${cashouts.createdAt} >= date_trunc('day', now(), 'UTC')`,
      ),
    );
  return rows[0]?.total ?? 0;
}

export async function insertCashout(tx: Executor, cashout: NewCashout): Promise<CashoutRow> {
  const rows = await tx.insert(cashouts).values(cashout).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into cashouts returned no row');
  return row;
}

export async function setBalanceAfter(tx: Executor, id: number, balanceAfterCoins: number): Promise<void> {
  await tx.update(cashouts).set({ balanceAfterCoins }).where(eq(cashouts.id, id));
}

export type CashoutTotals = {
  /** Not paid yet: pending review, approved, sending or failed. */
  pendingCoins: number;
  pendingCount: number;
  /** Paid. */
  approvedCoins: number;
  earningsCoins: number;
};

function cashoutSum(userId: SQLWrapper, statuses: SQL): SQL<number> {
  return sql`(select coalesce(sum(${cashouts.amountCoins}), 0) from ${cashouts} where ${cashouts.userId} = ${userId} and ${cashouts.status} in ${statuses})`.mapWith(Number);
}

export type SessionWithCashoutTotals = SessionWithUser & { totals: CashoutTotals };

// Cashout/stats in one round trip: the session check, the balance (the user row) and the totals together.
// Indexes: cashouts (user_id, created_at), ledger_entries (user_id, created_at).
const liveSessionWithCashoutTotalsQuery = preparedQuery((db) =>
  db
    .select({
      ...sessionColumns,
      totals: {
        pendingCoins: cashoutSum(users.id, UNPAID_STATUSES),
        pendingCount: sql`(select count(*) from ${cashouts} where ${cashouts.userId} = ${users.id} and ${cashouts.status} in ${UNPAID_STATUSES})`.mapWith(Number),
        approvedCoins: cashoutSum(users.id, sql.raw(`('paid')`)),
        earningsCoins: earningsSql(users.id),
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionOf(sql.placeholder('tokenHash')))
    .prepare('find_live_session_with_cashout_totals'),
);

/** findLiveSession, with the user's cashout totals and earnings (what Cashout/stats shows). */
export async function findLiveSessionWithCashoutTotals(db: Database, tokenHash: string): Promise<SessionWithCashoutTotals | undefined> {
  const rows = await liveSessionWithCashoutTotalsQuery(db).execute({ tokenHash });
  return rows[0];
}

export async function pageOfCashouts(db: Executor, userId: number, page: number, perPage: number) {
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(cashouts)
      .where(eq(cashouts.userId, userId))
      .orderBy(desc(cashouts.createdAt), desc(cashouts.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(cashouts).where(eq(cashouts.userId, userId)),
  ]);
  return { items, total: totals[0]?.value ?? 0 };
}

/**
 * Moves a pending cashout to its review outcome; answers the row, or undefined when it was not pending
 * (any more). The condition is in the UPDATE itself, so of two concurrent reviews only one wins.
 */
export async function reviewPendingCashout(
  tx: Executor,
  id: number,
  outcome:
    | { status: 'approved'; rail: string }
    | { status: 'paid'; rail: string; providerReference: string | null }
    | { status: 'rejected'; rejectionReason: string },
  from: readonly CashoutStatus[] = ['pending'],
): Promise<CashoutRow | undefined> {
  const paidAt = outcome.status === 'paid' ? { paidAt: sql`now()` } : {};
  const rows = await tx
    .update(cashouts)
    .set({ ...outcome, ...paidAt, reviewedAt: sql`now()` })
    .where(and(eq(cashouts.id, id), inArray(cashouts.status, [...from])))
    .returning();
  return rows[0];
}

export type CashoutListRow = CashoutRow & { email: string };

/** Newest first, for operators; optionally only one status. */
export async function listCashouts(db: Executor, options: { status?: CashoutStatus; limit: number }): Promise<CashoutListRow[]> {
  const rows = await db
    .select({ cashout: cashouts, email: users.email })
    .from(cashouts)
    .innerJoin(users, eq(users.id, cashouts.userId))
    .where(options.status ? eq(cashouts.status, options.status) : undefined)
    .orderBy(desc(cashouts.createdAt), desc(cashouts.id))
    .limit(options.limit);
  return rows.map(({ cashout, email }) => ({ ...cashout, email }));
}
