import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import type { Executor } from '../../db/executor';
import { conversions, referralReviews, type ReferralReviewStatus, users } from '../../db/schema';

export type ReviewRow = {
  referredUserId: number;
  referredEmail: string;
  referrerId: number;
  referrerEmail: string;
  status: ReferralReviewStatus;
  signals: string;
  createdAt: Date;
  decidedAt: Date | null;
  decisionReason: string | null;
  heldCoins: number;
};

/** A flagged referral as referrals:list --json prints it. */
export function reviewResult(review: ReviewRow) {
  return {
    referred_user_id: review.referredUserId,
    referred_email: review.referredEmail,
    referrer_id: review.referrerId,
    referrer_email: review.referrerEmail,
    status: review.status,
    withheld: coinsToDollarString(review.heldCoins),
    withheld_coins: review.heldCoins,
    signals: review.signals,
    flagged_at: review.createdAt.toISOString(),
    decided_at: review.decidedAt?.toISOString() ?? null,
    decision_reason: review.decisionReason,
  };
}

function reviews(db: Executor) {
  const heldCoins = sql<number>`(select coalesce(sum(${conversions.referralHeldCoins}), 0) from ${conversions}
    where ${conversions.userId} = ${referralReviews.referredUserId} and ${conversions.status} = 'credited')`.mapWith(Number);
  const referrers = alias(users, 'referrers');
  return db
    .select({
      referredUserId: referralReviews.referredUserId,
      referredEmail: users.email,
      referrerId: referralReviews.referrerId,
      referrerEmail: referrers.email,
      status: referralReviews.status,
      signals: referralReviews.signals,
      createdAt: referralReviews.createdAt,
      decidedAt: referralReviews.decidedAt,
      decisionReason: referralReviews.decisionReason,
      heldCoins,
    })
    .from(referralReviews)
    .innerJoin(users, eq(users.id, referralReviews.referredUserId))
    .innerJoin(referrers, eq(referrers.id, referralReviews.referrerId))
    .$dynamic();
}

export async function findReview(db: Executor, referredUserId: number): Promise<ReviewRow | undefined> {
  const rows = await reviews(db).where(eq(referralReviews.referredUserId, referredUserId));
  return rows[0];
}

/**
 * Flagged referrals of a status, `limit + 1`: pending ones oldest first (the queue), decided ones newest
 * first; `after`: the last row of the previous page.
 */
export async function listReviews(
  db: Executor,
  { status, limit, after }: { status: ReferralReviewStatus; limit: number; after?: { createdAt: Date; referredUserId: number } },
): Promise<ReviewRow[]> {
  const oldestFirst = status === 'pending';
  // Cursors hold milliseconds; PostgreSQL keeps microseconds: both sides compare at milliseconds.
  const flagged = sql`date_trunc('milliseconds', ${referralReviews.createdAt})`;
  const past = after
    ? oldestFirst
      ? or(gt(flagged, after.createdAt), and(eq(flagged, after.createdAt), gt(referralReviews.referredUserId, after.referredUserId)))
      : or(lt(flagged, after.createdAt), and(eq(flagged, after.createdAt), lt(referralReviews.referredUserId, after.referredUserId)))
    : undefined;
  const order = oldestFirst ? [asc(flagged), asc(referralReviews.referredUserId)] : [desc(flagged), desc(referralReviews.referredUserId)];
  return reviews(db)
    .where(and(eq(referralReviews.status, status), past))
    .orderBy(...order)
    .limit(limit + 1);
}
