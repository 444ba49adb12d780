import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedStatement } from '../../db/prepared';
import { type HoldReason, holds, users } from '../../db/schema';
import { heldFor, reversalCountsSql, riskCountsSql } from './hold-sql';
import type { EarningHolds } from '../../config-values';
import { type BaseHold, reversalRuleValues } from './rules';

export type HoldRow = typeof holds.$inferSelect;

const decision = heldFor(
  { reversals: sql`risk.reversals`, credits: sql`risk.credits` },
  { days: sql`${sql.placeholder('baseHoldDays')}::int`, reason: sql`${sql.placeholder('baseHoldReason')}::text` },
);
const holdDecision = preparedStatement<{ days: number | string; reason: HoldReason }>(
  'hold_decision',
  sql`select ${decision.days} as days, ${decision.reason} as reason from (${riskCountsSql(sql`${sql.placeholder('userId')}::bigint`)}) as risk`,
);

const reversalCounts = preparedStatement<{ reversals: number | string; credits: number | string }>(
  'reversal_counts',
  reversalCountsSql(sql`${sql.placeholder('userId')}::bigint`),
);

/** A user's credits of the last REVERSAL_WINDOW_DAYS days and how many were reversed, counted as the hold rule counts them. */
export async function reversalCountsOf(db: Executor, userId: number): Promise<{ reversals: number; credits: number }> {
  const { rows } = await reversalCounts(db).execute({ userId });
  return { reversals: Number(rows[0]?.reversals ?? 0), credits: Number(rows[0]?.credits ?? 0) };
}

/** How long a credit of this user is held (0: available at once) and why, as the booking statements decide it. */
export async function holdOf(db: Executor, { userId, baseHold, holdRules }: { userId: number; baseHold: BaseHold; holdRules: EarningHolds }): Promise<BaseHold> {
  const { rows } = await holdDecision(db).execute({ userId, baseHoldDays: baseHold.days, baseHoldReason: baseHold.reason, ...reversalRuleValues(holdRules) });
  const row = rows[0]!;
  return { days: Number(row.days), reason: row.reason };
}

/** Records a held credit; answers when it becomes available. */
export async function insertHold(tx: Executor, hold: { userId: number; reference: string; coins: number; days: number; reason: HoldReason }): Promise<Date> {
  const [row] = await tx
    .insert(holds)
    .values({ userId: hold.userId, reference: hold.reference, coins: hold.coins, reason: hold.reason, releaseAt: sql`now() + make_interval(days => ${hold.days}::int)` })
    .returning({ releaseAt: holds.releaseAt });
  return row!.releaseAt;
}

/** The hold of a credit, locked until the transaction ends (a reversal and a release of it wait for each other). */
export async function lockHold(tx: Executor, reference: string): Promise<HoldRow | undefined> {
  const rows = await tx.select().from(holds).where(eq(holds.reference, reference)).for('update');
  return rows[0];
}

/** A hold whose credit was reversed while held: it will never be released. */
export async function markHoldReversed(tx: Executor, id: number): Promise<void> {
  await tx.update(holds).set({ status: 'reversed', settledAt: sql`now()` }).where(eq(holds.id, id));
}

export type HoldListRow = HoldRow & { email: string };

/** Holds still waiting, soonest first; `userId`: that user's only. */
export async function listHeld(db: Executor, { userId, limit }: { userId?: number; limit: number }): Promise<HoldListRow[]> {
  const conditions = [eq(holds.status, 'held')];
  if (userId !== undefined) conditions.push(eq(holds.userId, userId));
  const rows = await db
    .select({ hold: holds, email: users.email })
    .from(holds)
    .innerJoin(users, eq(users.id, holds.userId))
    .where(and(...conditions))
    .orderBy(asc(holds.releaseAt), asc(holds.id))
    .limit(limit);
  return rows.map(({ hold, email }) => ({ ...hold, email }));
}
