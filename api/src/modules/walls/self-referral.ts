import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { referralReviews, type ReferralReviewStatus, sessions, signupOrigins } from '../../db/schema';
import type { Executor } from '../ledger/ledger';
import { normaliseIp } from './ip-allowlist';

/**
 * Self-referral: one person with two accounts, the second referred by the first, earning the 5 % on their own
 * offers. Seen as the same device cookie or the same address at sign-up, or the referred user converting
 * from an address the referrer uses. Such a referral is flagged for an operator and its bonus withheld.
 */

/** How far back the referrer's sign-in addresses count (sessions carry the address they were opened from). */
const REFERRER_ADDRESS_WINDOW_MS = 30 * 24 * 3600 * 1000;

export type SignupOrigin = { ip: string | null; deviceId: string | null };

export async function signupOriginOf(db: Executor, userId: number): Promise<SignupOrigin | undefined> {
  const rows = await db.select({ ip: signupOrigins.ip, deviceId: signupOrigins.deviceId }).from(signupOrigins).where(eq(signupOrigins.userId, userId));
  return rows[0];
}

/** Records where an account was made, once (a later call for the same user changes nothing). */
export async function recordSignupOrigin(db: Executor, userId: number, origin: SignupOrigin): Promise<void> {
  await db
    .insert(signupOrigins)
    .values({ userId, ip: origin.ip === null ? null : normaliseIp(origin.ip), deviceId: origin.deviceId })
    .onConflictDoNothing();
}

async function recentSessionAddresses(db: Executor, userId: number): Promise<string[]> {
  const since = new Date(Date.now() - REFERRER_ADDRESS_WINDOW_MS);
  const rows = await db
    .selectDistinct({ ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.ip), gt(sessions.lastUsedAt, since)));
  return rows.map((row) => normaliseIp(row.ip!));
}

async function latestSessionAddress(db: Executor, userId: number): Promise<string | undefined> {
  const rows = await db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.ip)))
    .orderBy(desc(sessions.lastUsedAt))
    .limit(1);
  return rows[0]?.ip ? normaliseIp(rows[0].ip) : undefined;
}

/**
 * Why this referral looks like one person's two accounts; empty when it does not. `creditIp` is the referred
 * user's address at this conversion as the wall reported it; without one, their latest session's.
 */
export async function selfReferralSignals(
  db: Executor,
  { userId, referrerId, creditIp }: { userId: number; referrerId: number; creditIp: string | undefined },
): Promise<string[]> {
  // One after another: `db` may be a transaction (an operator's replay), one connection.
  const mine = await signupOriginOf(db, userId);
  const theirs = await signupOriginOf(db, referrerId);
  const signals: string[] = [];
  if (mine?.deviceId && mine.deviceId === theirs?.deviceId) signals.push('same device at sign-up');
  if (mine?.ip && mine.ip === theirs?.ip) signals.push(`same address at sign-up (${mine.ip})`);
  const address = creditIp ? normaliseIp(creditIp) : await latestSessionAddress(db, userId);
  if (address) {
    const referrerAddresses = new Set(await recentSessionAddresses(db, referrerId));
    if (theirs?.ip) referrerAddresses.add(theirs.ip);
    if (referrerAddresses.has(address)) signals.push(`credit from the referrer's address (${address})`);
  }
  return signals;
}

export type ReferralReview = { status: ReferralReviewStatus; referrerId: number };

export async function findReferralReview(db: Executor, referredUserId: number): Promise<ReferralReview | undefined> {
  const rows = await db
    .select({ status: referralReviews.status, referrerId: referralReviews.referrerId })
    .from(referralReviews)
    .where(eq(referralReviews.referredUserId, referredUserId));
  return rows[0];
}

/**
 * The review of this referral, locked for the rest of the transaction (a decision waits for the credit, and
 * the other way round); opened as pending with these signals when there is none yet and there are signals.
 */
export async function lockReferralReview(
  tx: Executor,
  { referredUserId, referrerId, signals }: { referredUserId: number; referrerId: number; signals: readonly string[] },
): Promise<ReferralReview | undefined> {
  if (signals.length > 0) {
    await tx.insert(referralReviews).values({ referredUserId, referrerId, signals: signals.join('; ') }).onConflictDoNothing();
  }
  const rows = await tx
    .select({ status: referralReviews.status, referrerId: referralReviews.referrerId })
    .from(referralReviews)
    .where(eq(referralReviews.referredUserId, referredUserId))
    .for('update');
  return rows[0];
}

/** Whether the referrer's bonus is paid now (no review, or approved) or withheld (pending, rejected). */
export function bonusWithheld(review: ReferralReview | undefined): boolean {
  return review !== undefined && review.status !== 'approved';
}
