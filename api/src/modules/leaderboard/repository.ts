import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { LEADERBOARD_SIZE } from '@rewards/shared/contracts/marketing-types';
import type { Database } from '../../db/database';
import { type LedgerKind, ledgerEntries, users } from '../../db/schema';

/**
 * What the leaderboard counts: what offers credited, less what partners reversed, held or not (a held credit is
 * earned; its release moves no earnings). Never cashouts or manual credits.
 */
export const LEADERBOARD_KINDS: readonly LedgerKind[] = ['offer_credit', 'offer_reversal'];

/** An earner's total with what their public name is made from (never shown as such). */
export type EarnerTotal = { name: string; email: string; totalCoins: number };

/**
 * The top earners since `since`: active accounts with a positive total, highest first; on equal totals
 * whoever reached it first (earliest last entry) comes first, then the older account.
 */
export async function topEarners(db: Database, since: Date): Promise<EarnerTotal[]> {
  const total = sql<string>`sum(${ledgerEntries.amountCoins} + ${ledgerEntries.heldCoins})`;
  const reachedAt = sql`max(${ledgerEntries.createdAt})`;
  const rows = await db
    .select({ name: users.name, email: users.email, total })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .where(
      and(
        inArray(ledgerEntries.kind, [...LEADERBOARD_KINDS]),
        gte(ledgerEntries.createdAt, since),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
      ),
    )
    .groupBy(users.id)
    .having(sql`${total} > 0`)
    .orderBy(desc(total), asc(reachedAt), asc(users.id))
    .limit(LEADERBOARD_SIZE);
  return rows.map((row) => ({ name: row.name, email: row.email, totalCoins: Number(row.total) }));
}
