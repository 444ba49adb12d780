import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import type { Executor } from '../../db/executor';
import { conversions, referralReviews, type ReferralReviewStatus, users } from '../../db/schema';

/** A flagged referral with what is withheld on it: what ops and the console list. */
export type ReferralReviewRow = {
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

/** A flagged referral as referrals:list --json prints it and the console shows it. */
export function referralReviewResult(review: ReferralReviewRow) {
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

function referralReviewsQuery(db: Executor) {
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

export async function findReferralReview(db: Executor, referredUserId: number): Promise<ReferralReviewRow | undefined> {
  const rows = await referralReviewsQuery(db).where(eq(referralReviews.referredUserId, referredUserId));
  return rows[0];
}

/** Flagged referrals (of a status, or all), newest first: `ops referrals:list`. */
export async function listReferralReviews(db: Executor, { status, limit }: { status?: ReferralReviewStatus; limit: number }): Promise<ReferralReviewRow[]> {
  return referralReviewsQuery(db)
    .where(status ? eq(referralReviews.status, status) : undefined)
    .orderBy(desc(referralReviews.createdAt), desc(referralReviews.referredUserId))
    .limit(limit);
}

/**
 * The console's page of flagged referrals of a status, `limit + 1`: pending ones oldest first (the queue),
 * decided ones newest first; `after`: the last row of the previous page.
 */
export async function listReferralReviewPage(
  db: Executor,
  { status, limit, after }: { status: ReferralReviewStatus; limit: number; after?: { createdAt: Date; referredUserId: number } },
): Promise<ReferralReviewRow[]> {
  const oldestFirst = status === 'pending';
  // Cursors hold milliseconds; PostgreSQL keeps microseconds: both sides compare at milliseconds.
  const flagged = sql`date_trunc('milliseconds', ${referralReviews.createdAt})`;
  const past = after
    ? oldestFirst
      ? or(gt(flagged, after.createdAt), and(eq(flagged, after.createdAt), gt(referralReviews.referredUserId, after.referredUserId)))
      : or(lt(flagged, after.createdAt), and(eq(flagged, after.createdAt), lt(referralReviews.referredUserId, after.referredUserId)))
    : undefined;
  const order = oldestFirst ? [asc(flagged), asc(referralReviews.referredUserId)] : [desc(flagged), desc(referralReviews.referredUserId)];
  return referralReviewsQuery(db)
    .where(and(eq(referralReviews.status, status), past))
    .orderBy(...order)
    .limit(limit + 1);
}
