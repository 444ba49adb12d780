import { eq, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared';
import { referralReviews, type ReferralReviewStatus, sessions, signupOrigins } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { normaliseIp } from '../../ip-address';

/**
 * Self-referral: one person with two accounts, the second referred by the first, earning the 5 % on their own
 * offers. Seen as the same device cookie or the same address at sign-up, or the referred user converting
 * from an address the referrer uses. Such a referral is flagged for an operator and its bonus withheld.
 */

/** How far back the referrer's sign-in addresses count (sessions carry the address they were opened from). */
const REFERRER_ADDRESS_WINDOW_MS = 30 * 24 * 3600 * 1000;

export type SignupOrigin = { ip: string | null; deviceId: string | null };

/** Records where an account was made, once (a later call for the same user changes nothing). */
export async function recordSignupOrigin(db: Executor, userId: number, origin: SignupOrigin): Promise<void> {
  await db
    .insert(signupOrigins)
    .values({ userId, ip: origin.ip === null ? null : normaliseIp(origin.ip), deviceId: origin.deviceId })
    .onConflictDoNothing();
}

type SignalsRow = {
  my_ip: string | null;
  my_device: string | null;
  their_ip: string | null;
  their_device: string | null;
  my_latest_ip: string | null;
  their_recent_ips: string[] | null;
};

const [referred, referrer] = [sql`${sql.placeholder('userId')}::bigint`, sql`${sql.placeholder('referrerId')}::bigint`];
const signalsQuery = preparedStatement<SignalsRow>(
  'self_referral_signals',
  sql`
    select
      (select ip from ${signupOrigins} where user_id = ${referred}) as my_ip,
      (select device_id from ${signupOrigins} where user_id = ${referred}) as my_device,
      (select ip from ${signupOrigins} where user_id = ${referrer}) as their_ip,
      (select device_id from ${signupOrigins} where user_id = ${referrer}) as their_device,
      (select ip from ${sessions} where user_id = ${referred} and ip is not null order by last_used_at desc limit 1) as my_latest_ip,
      (select array_agg(distinct ip) from ${sessions} where user_id = ${referrer} and ip is not null and last_used_at > ${sql.placeholder('since')}::timestamptz) as their_recent_ips`,
);

/**
 * Why this referral looks like one person's two accounts; empty when it does not. `creditIp` is the referred
 * user's address at this conversion as the wall reported it; without one, their latest session's. One read:
 * both sign-up origins, the referred user's latest session address and the referrer's recent ones.
 */
export async function selfReferralSignals(
  db: Executor,
  { userId, referrerId, creditIp }: { userId: number; referrerId: number; creditIp: string | undefined },
): Promise<string[]> {
  const since = new Date(Date.now() - REFERRER_ADDRESS_WINDOW_MS).toISOString();
  const row = (await signalsQuery(db).execute({ userId, referrerId, since })).rows[0]!;
  const signals: string[] = [];
  if (row.my_device && row.my_device === row.their_device) signals.push('same device at sign-up');
  if (row.my_ip && row.my_ip === row.their_ip) signals.push(`same address at sign-up (${row.my_ip})`);
  const address = creditIp ? normaliseIp(creditIp) : row.my_latest_ip ? normaliseIp(row.my_latest_ip) : undefined;
  if (address) {
    const referrerAddresses = new Set((row.their_recent_ips ?? []).map(normaliseIp));
    if (row.their_ip) referrerAddresses.add(row.their_ip);
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
