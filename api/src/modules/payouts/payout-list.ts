import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import type { Executor } from '../../db/executor';
import { type CashoutStatus, cashouts, users } from '../../db/schema';

/** The statuses of a cashout past review: what the payout rails deal with. */
export const PAYOUT_STATUSES = ['approved', 'sending', 'paid', 'failed', 'returned', 'unclaimed'] as const satisfies readonly CashoutStatus[];
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export type PayoutRow = { cashout: typeof cashouts.$inferSelect; email: string };

/**
 * Cashouts past review, newest first, at most `limit`: of `status`, or of every payout status; `beforeId`: the
 * last row of the previous page.
 */
export async function listPayouts(db: Executor, { status, beforeId, limit }: { status?: PayoutStatus; beforeId?: number; limit: number }): Promise<PayoutRow[]> {
  return db
    .select({ cashout: cashouts, email: users.email })
    .from(cashouts)
    .innerJoin(users, eq(users.id, cashouts.userId))
    .where(and(status ? eq(cashouts.status, status) : inArray(cashouts.status, [...PAYOUT_STATUSES]), beforeId === undefined ? undefined : lt(cashouts.id, beforeId)))
    .orderBy(desc(cashouts.id))
    .limit(limit);
}

/** A payout as `ops payouts:list --json` prints it and the console shows it. */
export function payoutResult({ cashout, email }: PayoutRow) {
  return {
    id: cashout.id,
    email,
    method: cashout.method,
    amount: coinsToDollarString(cashout.amountCoins),
    rail: cashout.rail,
    automatic: cashout.automatic,
    status: cashout.status,
    attempts: cashout.attempts,
    provider_reference: cashout.providerReference,
    next_attempt_at: cashout.nextAttemptAt?.toISOString() ?? null,
    failure_reason: cashout.failureReason,
    paid_at: cashout.paidAt?.toISOString() ?? null,
  };
}
