import { and, eq, gt, sql } from 'drizzle-orm';
import { conversions, referralReviews, type ReferralReviewStatus, users } from '../../db/schema';
import type { Database } from '../../db/database';
import { conversionReference } from '../ledger/references';
import { LockSequence } from '../ledger/lock-order';
import { notify, type StoredNotification } from '../notifications/notify';
import { bookReferralBonus } from './referral-bonus';

export type ReferralDecision = 'approve' | 'reject';

export type DecisionResult =
  | { outcome: 'no-review' }
  | { outcome: 'unchanged'; status: ReferralReviewStatus }
  | {
      outcome: 'decided';
      status: ReferralReviewStatus;
      /** The status before this decision. */
      previous: ReferralReviewStatus;
      referrerId: number;
      /** Withheld coins paid to the referrer now (approve only). */
      paidCoins: number;
      /** Conversions whose withheld bonus was paid. */
      paidConversions: number;
      /** The referrer's `referral_bonus` notification when something was paid, to deliver once committed. */
      notifications: StoredNotification[];
    };

/**
 * An operator's decision on a flagged referral. Approving pays the referrer every bonus withheld on the
 * referred user's conversions that still stand (reversed ones were never owed) and lets later ones through;
 * rejecting keeps them withheld for good. Deciding again the same way changes nothing; the other way is allowed
 * (a rejection after an approval stops later bonuses; what was paid stays paid).
 */
export async function decideReferral(
  db: Database,
  { referredUserId, decision, reason }: { referredUserId: number; decision: ReferralDecision; reason: string },
): Promise<DecisionResult> {
  const status: ReferralReviewStatus = decision === 'approve' ? 'approved' : 'rejected';
  return db.transaction(async (tx) => {
    const locks = new LockSequence();
    const rows = await locks.take('referral review', () => tx.select().from(referralReviews).where(eq(referralReviews.referredUserId, referredUserId)).for('update'));
    const review = rows[0];
    if (!review) return { outcome: 'no-review' as const };
    if (review.status === status) return { outcome: 'unchanged' as const, status };
    await tx
      .update(referralReviews)
      .set({ status, decidedAt: sql`now()`, decisionReason: reason })
      .where(eq(referralReviews.referredUserId, referredUserId));
    const decided = { outcome: 'decided' as const, status, previous: review.status, referrerId: review.referrerId };
    const nothingPaid = { ...decided, paidCoins: 0, paidConversions: 0, notifications: [] };
    if (status === 'rejected') return nothingPaid;

    const [referrer] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, review.referrerId));
    const held = await locks.take('conversion', () =>
      tx
        .select({ id: conversions.id, wall: conversions.wall, txid: conversions.txid, coins: conversions.referralHeldCoins })
        .from(conversions)
        .where(and(eq(conversions.userId, referredUserId), eq(conversions.status, 'credited'), gt(conversions.referralHeldCoins, 0)))
        .orderBy(conversions.id)
        .for('update'),
    );
    if (!referrer || referrer.deletedAt !== null) return nothingPaid;
    let paidCoins = 0;
    for (const conversion of held) {
      await tx
        .update(conversions)
        .set({ referralCoins: conversion.coins, referralHeldCoins: 0, referrerId: review.referrerId })
        .where(eq(conversions.id, conversion.id));
      await locks.take('balance', () =>
        bookReferralBonus(tx, {
          referrerId: review.referrerId,
          referredUserId,
          coins: conversion.coins,
          reference: conversionReference(conversion.wall, conversion.txid),
        }),
      );
      paidCoins += conversion.coins;
    }
    // One notification for what the decision paid, however many conversions it came from.
    const notifications = paidCoins > 0 ? [await notify(tx, { userId: review.referrerId, kind: 'referral_bonus', data: { coins: paidCoins } })] : [];
    return { ...decided, paidCoins, paidConversions: held.length, notifications };
  });
}
