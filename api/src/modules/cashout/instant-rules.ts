import { coinsToDollarString } from '@rewards/shared/rules/money';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { EarningHolds } from '../../config-values';
import type { Executor } from '../../db/executor';
import { cashouts, referralReviews } from '../../db/schema';
import { reversalCountsOf } from '../holds/repository';
import { overReversalRate } from '../holds/rules';
import type { PayoutsConfig } from '../payout-rails/payouts-config';
import { railDefinition } from '../payout-rails/registry';

/** Statuses whose money left or may still leave (not refunded). */
export const UNREFUNDED_STATUSES = ['pending', 'approved', 'sending', 'paid', 'failed'] as const;

/** A cashout goes to its rail at once, or waits for review and says which rules sent it there. */
export type InstantDecision = { instant: true; rail: string } | { instant: false; rail: string; rules: string[] };

export type InstantCandidate = {
  userId: number;
  method: string;
  amountCoins: number;
  accountCreatedAt: Date;
  emailVerifiedAt: Date | null;
};

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;

/**
 * Whether every instant-payout rule holds (docs/money.md "Cashouts"): the method's rail is automatic; the
 * amount is at most AUTO_PAYOUT_MAX_DOLLARS; the email is verified; the account is AUTO_PAYOUT_MIN_ACCOUNT_HOURS
 * old; no flagged referral of the user is pending; the user's reversal rate is under the hold threshold
 * (EARNING_HOLDS reversals); the user's instant cashouts today stay within AUTO_PAYOUT_DAILY_DOLLARS. Called with
 * the user's row locked (the daily total cannot move meanwhile).
 */
export async function decideInstant(
  db: Executor,
  candidate: InstantCandidate,
  config: { payouts: PayoutsConfig; holds: EarningHolds; now?: Date },
): Promise<InstantDecision> {
  const { payouts, holds } = config;
  const rail = payouts.rails[candidate.method as keyof PayoutsConfig['rails']] ?? 'manual';
  if (!railDefinition(rail)?.automatic) return { instant: false, rail, rules: [`the ${candidate.method} rail is ${rail}: an operator pays it`] };

  const rules: string[] = [];
  const { maxCoins, minAccountHours, dailyCoins } = payouts.instant;
  if (candidate.amountCoins > maxCoins) rules.push(`amount ${dollars(candidate.amountCoins)} is over AUTO_PAYOUT_MAX_DOLLARS (${dollars(maxCoins)})`);
  if (candidate.emailVerifiedAt === null) rules.push('email not verified');
  const ageHours = ((config.now ?? new Date()).getTime() - candidate.accountCreatedAt.getTime()) / 3_600_000;
  if (ageHours < minAccountHours) rules.push(`account ${Math.floor(ageHours)} h old, under AUTO_PAYOUT_MIN_ACCOUNT_HOURS (${minAccountHours} h)`);

  // One after another: inside the cashout's transaction there is one connection (pg refuses overlapping queries).
  const flagged = await db
    .select({ status: referralReviews.status })
    .from(referralReviews)
    .where(
      and(
        eq(referralReviews.status, 'pending'),
        or(eq(referralReviews.referredUserId, candidate.userId), eq(referralReviews.referrerId, candidate.userId)),
      ),
    )
    .limit(1);
  const counts = holds.reversals ? await reversalCountsOf(db, candidate.userId) : undefined;
  const today = await db
    .select({ total: sql`coalesce(sum(${cashouts.amountCoins}), 0)`.mapWith(Number) })
    .from(cashouts)
    .where(
      and(
        eq(cashouts.userId, candidate.userId),
        eq(cashouts.automatic, true),
        inArray(cashouts.status, [...UNREFUNDED_STATUSES]),
        sql`${cashouts.createdAt} >= date_trunc('day', now(), 'UTC')`,
      ),
    );
  if (flagged.length > 0) rules.push('a flagged referral is pending review');
  if (holds.reversals && counts) {
    if (overReversalRate(holds.reversals, counts)) rules.push(`reversal rate ${counts.reversals}/${counts.credits} over the hold threshold (EARNING_HOLDS reversals)`);
  }
  const todayCoins = today[0]?.total ?? 0;
  if (todayCoins + candidate.amountCoins > dailyCoins) {
    rules.push(`instant cashouts today ${dollars(todayCoins + candidate.amountCoins)} would pass AUTO_PAYOUT_DAILY_DOLLARS (${dollars(dailyCoins)})`);
  }
  return rules.length === 0 ? { instant: true, rail } : { instant: false, rail, rules };
}
