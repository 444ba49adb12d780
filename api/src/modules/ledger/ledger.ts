import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type LedgerKind, ledgerEntries, users } from '../../db/schema';

/** A transaction of the one database type. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or a transaction: inside a transaction always pass the transaction (PGlite would hang). */
export type Executor = Database | Transaction;

/** Kinds that count as earnings (total_earnings, earnings_last_30_days); reversals take earnings back. */
export const EARNING_KINDS: readonly LedgerKind[] = ['offer_credit', 'offer_reversal', 'referral_bonus', 'referral_reversal', 'manual_credit'];

/** The only kinds that may take a balance below zero: money already paid out is owed back from future earnings. */
export const REVERSAL_KINDS: readonly LedgerKind[] = ['offer_reversal', 'referral_reversal'];

export type LedgerEntryInput = {
  userId: number;
  /** Integer coins: positive credits, negative debits; never zero. */
  amountCoins: number;
  kind: LedgerKind;
  /** Unique per kind when given (a wall transaction id, a cashout id): booking it twice fails. */
  reference?: string | null;
  note?: string | null;
  /**
   * Book a debit even if it takes the balance below zero. Only for REVERSAL_KINDS (a chargeback of money the
   * user may already have cashed out); every other debit, cashouts above all, is refused when uncovered.
   */
  allowNegative?: boolean;
};

export class InsufficientBalanceError extends Error {
  constructor(readonly userId: number) {
    super(`user ${userId} has too few coins for this debit`);
    this.name = 'InsufficientBalanceError';
  }
}

export class DuplicateLedgerReferenceError extends Error {
  constructor(
    readonly kind: LedgerKind,
    readonly reference: string,
  ) {
    super(`ledger entry ${kind}/${reference} already exists`);
    this.name = 'DuplicateLedgerReferenceError';
  }
}

/**
 * Books one entry and moves the user's balance by the same amount, atomically: inside the caller's
 * transaction `tx` (as a savepoint), or in a transaction of its own when given the database. A debit's
 * balance update is conditional, so concurrent debits can never take it below zero: a debit the balance
 * cannot cover throws InsufficientBalanceError and books nothing (unless `allowNegative`, reversals only).
 * Credits always go through, also onto a negative balance. Returns the entry id and the new balance.
 */
export function appendLedgerEntry(tx: Executor, entry: LedgerEntryInput): Promise<{ entryId: number; balanceCoins: number }> {
  if (!Number.isSafeInteger(entry.amountCoins) || entry.amountCoins === 0) {
    return Promise.reject(new RangeError(`a ledger amount is a non-zero integer number of coins, got ${entry.amountCoins}`));
  }
  if (entry.allowNegative && !REVERSAL_KINDS.includes(entry.kind)) {
    return Promise.reject(new RangeError(`only reversals may take a balance below zero, not ${entry.kind}`));
  }
  return tx.transaction((inner) => bookEntry(inner, entry));
}

async function bookEntry(tx: Transaction, entry: LedgerEntryInput): Promise<{ entryId: number; balanceCoins: number }> {
  const covered = entry.amountCoins > 0 || entry.allowNegative === true;
  const updated = await tx
    .update(users)
    .set({ balanceCoins: sql`${users.balanceCoins} + ${entry.amountCoins}` })
    .where(covered ? eq(users.id, entry.userId) : and(eq(users.id, entry.userId), sql`${users.balanceCoins} + ${entry.amountCoins} >= 0`))
    .returning({ balanceCoins: users.balanceCoins });
  const row = updated[0];
  if (!row && covered) throw new RangeError(`no user ${entry.userId} to book a ledger entry for`);
  if (!row) throw new InsufficientBalanceError(entry.userId);

  const reference = entry.reference ?? null;
  const inserted = await tx
    .insert(ledgerEntries)
    .values({ userId: entry.userId, amountCoins: entry.amountCoins, kind: entry.kind, reference, note: entry.note ?? null })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  const insertedRow = inserted[0];
  // The balance already moved in this (sub)transaction: throwing rolls both back.
  if (!insertedRow) throw new DuplicateLedgerReferenceError(entry.kind, reference ?? '');
  return { entryId: insertedRow.id, balanceCoins: row.balanceCoins };
}

export async function balanceOf(db: Executor, userId: number): Promise<number> {
  const rows = await db.select({ balanceCoins: users.balanceCoins }).from(users).where(eq(users.id, userId));
  return rows[0]?.balanceCoins ?? 0;
}

export type WalletSnapshot = { userId: number; balanceCoins: number; /** Id of the latest ledger row; 0 when none. */ version: number };

/** Balances of these users with the id of their latest ledger row. */
export async function walletSnapshots(db: Executor, userIds: readonly number[]): Promise<WalletSnapshot[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const [balances, latest] = await Promise.all([
    db.select({ userId: users.id, balanceCoins: users.balanceCoins }).from(users).where(inArray(users.id, ids)),
    db
      .select({ userId: ledgerEntries.userId, version: sql`max(${ledgerEntries.id})`.mapWith(Number) })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.userId, ids))
      .groupBy(ledgerEntries.userId),
  ]);
  const versions = new Map(latest.map((row) => [row.userId, row.version]));
  return balances.map((row) => ({ ...row, version: versions.get(row.userId) ?? 0 }));
}

/** Sum of earning entries, optionally only since a moment (for the last 30 days). */
export async function earningsOf(db: Executor, userId: number, since?: Date): Promise<number> {
  const conditions = [eq(ledgerEntries.userId, userId), inArray(ledgerEntries.kind, [...EARNING_KINDS])];
  if (since) conditions.push(gte(ledgerEntries.createdAt, since));
  const rows = await db
    .select({ total: sql`coalesce(sum(${ledgerEntries.amountCoins}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(...conditions));
  return rows[0]?.total ?? 0;
}

export type LedgerMismatch = { userId: number; balanceCoins: number; ledgerCoins: number };

/** Users whose stored balance differs from the sum of their ledger rows (should always be empty). */
export async function verifyLedger(db: Executor): Promise<LedgerMismatch[]> {
  const totals = db
    .select({ userId: ledgerEntries.userId, total: sql<string>`sum(${ledgerEntries.amountCoins})`.as('total') })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.userId)
    .as('totals');
  const ledgerCoins = sql`coalesce(${totals.total}, 0)`;
  return db
    .select({ userId: users.id, balanceCoins: users.balanceCoins, ledgerCoins: ledgerCoins.mapWith(Number) })
    .from(users)
    .leftJoin(totals, eq(totals.userId, users.id))
    .where(sql`${users.balanceCoins} <> ${ledgerCoins}`)
    .orderBy(users.id);
}
