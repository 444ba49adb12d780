import { and, eq, gte, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Executor, Transaction } from '../../db/executor';
import { preparedQuery, preparedStatement } from '../../db/prepared';
import { type LedgerKind, ledgerEntries, users } from '../../db/schema';
import { balanceMoves } from './balance-moves';
import { bookingSteps } from './lock-order';

/** Kinds that count as earnings (total_earnings, earnings_last_30_days), held or not; reversals take earnings back. */
export const EARNING_KINDS: readonly LedgerKind[] = [
  'offer_credit',
  'offer_reversal',
  'referral_bonus',
  'referral_reversal',
  'manual_credit',
  'ticket_credit',
  'ticket_reversal',
];

/**
 * The only kinds that may take a balance below zero: money already paid out is owed back from future earnings
 * (a ticket's credit taken back once the partner paid the same offer is one).
 */
export const REVERSAL_KINDS: readonly LedgerKind[] = ['offer_reversal', 'referral_reversal', 'ticket_reversal'];

export type LedgerEntryInput = {
  userId: number;
  /** Integer coins of the available balance: positive credits, negative debits. */
  amountCoins: number;
  /** Integer coins of the held balance (a held credit, its release, its reversal while held); amountCoins and this are never both zero. */
  heldCoins?: number;
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
 * Books one entry and moves the user's balances by its amounts, atomically: inside the caller's
 * transaction `tx` (as a savepoint), or in a transaction of its own when given the database. A debit's
 * balance update is conditional, so concurrent debits can never take it below zero: a debit the balance
 * cannot cover throws InsufficientBalanceError and books nothing (unless `allowNegative`, reversals only).
 * Credits always go through, also onto a negative balance. Returns the entry id and the new balances.
 */
export function appendLedgerEntry(tx: Executor, entry: LedgerEntryInput): Promise<LedgerBooking> {
  const invalid = invalidEntry(entry);
  if (invalid) return Promise.reject(invalid);
  return tx.transaction((inner) => bookEntry(inner, entry));
}

/**
 * appendLedgerEntry without its savepoint, for a transaction that is rolled back whole when this throws
 * (a duplicate reference leaves the balance moved until then): one round trip instead of three.
 */
export function bookLedgerEntry(tx: Transaction, entry: LedgerEntryInput): Promise<LedgerBooking> {
  const invalid = invalidEntry(entry);
  if (invalid) return Promise.reject(invalid);
  return bookEntry(tx, entry);
}

export type LedgerBooking = { entryId: number; balanceCoins: number; heldCoins: number };

function invalidEntry(entry: LedgerEntryInput): RangeError | undefined {
  const held = entry.heldCoins ?? 0;
  if (!Number.isSafeInteger(entry.amountCoins) || !Number.isSafeInteger(held) || (entry.amountCoins === 0 && held === 0)) {
    return new RangeError(`a ledger entry moves a non-zero integer number of coins, got ${entry.amountCoins} available and ${held} held`);
  }
  if (entry.allowNegative && !REVERSAL_KINDS.includes(entry.kind)) {
    return new RangeError(`only reversals may take a balance below zero, not ${entry.kind}`);
  }
  return undefined;
}

type BookingRow = { balance_coins: string | number | bigint | null; held_coins: string | number | bigint | null; entry_id: string | number | bigint | null };

/** One entry as the rows of balanceMoves: the balance update and the entry in one statement, the entry only when the balance moved. */
function bookingStatement(name: string, { coveredOnly }: { coveredOnly: boolean }) {
  const value = (field: string, type: string) => sql`${sql.placeholder(field)}::${sql.raw(type)}`;
  return preparedStatement<BookingRow>(
    name,
    sql`${bookingSteps([
      {
        name: 'entry_input',
        body: sql`select 1 as key, ${value('userId', 'bigint')} as user_id, ${value('amount', 'bigint')} as amount, ${value('held', 'bigint')} as held,
          ${value('kind', 'text')} as kind,
          ${value('reference', 'text')} as reference, ${value('note', 'text')} as note`,
      },
      ...balanceMoves({ name: 'moved', rows: 'entry_input', coveredOnly, onDuplicate: 'skip' }),
    ])}
    select (select balance_coins from moved) as balance_coins, (select held_coins from moved) as held_coins, (select id from moved_entry) as entry_id`,
  );
}

const bookUnchecked = bookingStatement('book_ledger_entry', { coveredOnly: false });
const bookIfCovered = bookingStatement('book_ledger_debit', { coveredOnly: true });

async function bookEntry(tx: Transaction, entry: LedgerEntryInput): Promise<LedgerBooking> {
  const covered = entry.amountCoins >= 0 || entry.allowNegative === true;
  const reference = entry.reference ?? null;
  const { rows } = await (covered ? bookUnchecked : bookIfCovered)(tx).execute({
    userId: entry.userId,
    amount: entry.amountCoins,
    held: entry.heldCoins ?? 0,
    kind: entry.kind,
    reference,
    note: entry.note ?? null,
  });
  const row = rows[0];
  if (row?.balance_coins === null || row?.balance_coins === undefined) {
    if (covered) throw new RangeError(`no user ${entry.userId} to book a ledger entry for`);
    throw new InsufficientBalanceError(entry.userId);
  }
  // The balance already moved in this (sub)transaction: throwing rolls both back.
  if (row.entry_id === null) throw new DuplicateLedgerReferenceError(entry.kind, reference ?? '');
  return { entryId: Number(row.entry_id), balanceCoins: Number(row.balance_coins), heldCoins: Number(row.held_coins) };
}

export async function balanceOf(db: Executor, userId: number): Promise<number> {
  const rows = await db.select({ balanceCoins: users.balanceCoins }).from(users).where(eq(users.id, userId));
  return rows[0]?.balanceCoins ?? 0;
}

export type WalletSnapshot = {
  userId: number;
  balanceCoins: number;
  heldCoins: number;
  /** Id of the latest ledger row; 0 when none. */
  version: number;
};

/** Balances of these users with the id of their latest ledger row. */
export async function walletSnapshots(db: Executor, userIds: readonly number[]): Promise<WalletSnapshot[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const [balances, latest] = await Promise.all([
    db.select({ userId: users.id, balanceCoins: users.balanceCoins, heldCoins: users.heldCoins }).from(users).where(inArray(users.id, ids)),
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
    .select({ total: sql`coalesce(sum(${ledgerEntries.amountCoins} + ${ledgerEntries.heldCoins}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(...conditions));
  return rows[0]?.total ?? 0;
}

/** The window of Profile's `earnings_last_30_days`, on the database's clock. */
export const EARNINGS_WINDOW_DAYS = 30;

/**
 * A user's earnings as a scalar subquery, to select beside other columns (one round trip for a whole
 * profile): the sum of their earning rows, held or available, or of those of the last `lastDays` days. Served
 * by the index ledger_entries (user_id, created_at, kind, amount_coins, held_coins) alone.
 */
export function earningsSql(userId: SQLWrapper, { lastDays }: { lastDays?: number } = {}): SQL<number> {
  const recent = lastDays === undefined ? sql`` : sql` and ${ledgerEntries.createdAt} >= now() - make_interval(days => ${lastDays}::int)`;
  return sql`(select coalesce(sum(${ledgerEntries.amountCoins} + ${ledgerEntries.heldCoins}), 0) from ${ledgerEntries} where ${ledgerEntries.userId} = ${userId} and ${inArray(ledgerEntries.kind, [...EARNING_KINDS])}${recent})`.mapWith(
    Number,
  );
}

/** How many people this user referred, as a scalar subquery (index users (referred_by)). */
export function referralsSql(userId: SQLWrapper): SQL<number> {
  return sql`(select count(*) from ${users} as referred where referred.referred_by = ${userId})`.mapWith(Number);
}

export type AccountTotals = { totalEarnings: number; recentEarnings: number; referrals: number };

const accountTotalsQuery = preparedQuery((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({ totalEarnings: earningsSql(userId), recentEarnings: earningsSql(userId, { lastDays: EARNINGS_WINDOW_DAYS }), referrals: referralsSql(userId) })
    .from(sql`(select 1) as one`)
    .prepare('account_totals');
});

/** Profile's money and referrals in one round trip. */
export async function accountTotals(db: Database, userId: number): Promise<AccountTotals> {
  const rows = await accountTotalsQuery(db).execute({ userId });
  return rows[0] ?? { totalEarnings: 0, recentEarnings: 0, referrals: 0 };
}

export type LedgerMismatch = { userId: number; balanceCoins: number; ledgerCoins: number; heldCoins: number; ledgerHeldCoins: number };

/** Users whose stored balances (available or held) differ from the sums of their ledger rows (should always be empty). */
export async function verifyLedger(db: Executor): Promise<LedgerMismatch[]> {
  const totals = db
    .select({
      userId: ledgerEntries.userId,
      total: sql<string>`sum(${ledgerEntries.amountCoins})`.as('total'),
      held: sql<string>`sum(${ledgerEntries.heldCoins})`.as('held'),
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.userId)
    .as('totals');
  const ledgerCoins = sql`coalesce(${totals.total}, 0)`;
  const ledgerHeldCoins = sql`coalesce(${totals.held}, 0)`;
  return db
    .select({
      userId: users.id,
      balanceCoins: users.balanceCoins,
      ledgerCoins: ledgerCoins.mapWith(Number),
      heldCoins: users.heldCoins,
      ledgerHeldCoins: ledgerHeldCoins.mapWith(Number),
    })
    .from(users)
    .leftJoin(totals, eq(totals.userId, users.id))
    .where(sql`${users.balanceCoins} <> ${ledgerCoins} or ${users.heldCoins} <> ${ledgerHeldCoins}`)
    .orderBy(users.id);
}
