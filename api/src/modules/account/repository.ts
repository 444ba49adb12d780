import { and, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type AccountStatus, passwordResetCodes, sessions, users } from '../../db/schema';
import type { Database } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { type AccountTotals, EARNINGS_WINDOW_DAYS, earningsSql, type Executor, referralsSql } from '../ledger/ledger';
import { newReferralCode } from './secrets';

export type UserRow = typeof users.$inferSelect;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_WRONG_TRIES = 5;

// ---- users ----

/** The live (not deleted) user with this normalised email. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(and(eq(users.email, email), isNull(users.deletedAt)));
  return rows[0];
}

export async function findUserByGoogleSubject(db: Executor, subject: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(and(eq(users.googleSubject, subject), isNull(users.deletedAt)));
  return rows[0];
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id));
  return rows[0];
}

export async function findUserIdByReferralCode(db: Executor, code: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, code), isNull(users.deletedAt)));
  return rows[0]?.id;
}

export type NewUser = {
  name: string;
  email: string;
  passwordHash: string | null;
  googleSubject?: string | null;
  referredBy?: number | null;
};

const REFERRAL_CODE_TRIES = 5;

/**
 * Inserts a user with a fresh unique referral code. Returns undefined when the email is taken (also when
 * another request took it a moment ago); other unique clashes (referral code) are retried.
 */
export async function insertUser(db: Executor, user: NewUser): Promise<UserRow | undefined> {
  for (let attempt = 0; attempt < REFERRAL_CODE_TRIES; attempt++) {
    const rows = await db
      .insert(users)
      .values({ ...user, referralCode: newReferralCode() })
      .onConflictDoNothing()
      .returning();
    if (rows[0]) return rows[0];
    if (await findUserByEmail(db, user.email)) return undefined;
    if (user.googleSubject && (await findUserByGoogleSubject(db, user.googleSubject))) return undefined;
  }
  throw new Error('could not find a free referral code');
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function linkGoogleSubject(db: Executor, userId: number, subject: string): Promise<void> {
  await db.update(users).set({ googleSubject: subject, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function setStatus(db: Executor, userId: number, status: AccountStatus): Promise<void> {
  await db.update(users).set({ status, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Removes the personal data; the row stays so ledger rows keep their owner. */
export async function anonymiseUser(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({
      name: 'Deleted user',
      email: `deleted-${userId}@deleted.invalid`,
      passwordHash: null,
      image: null,
      googleSubject: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

// ---- sessions ----

export async function insertSession(
  db: Executor,
  session: { userId: number; tokenHash: string; userAgent: string | null; ip: string | null },
): Promise<number> {
  const rows = await db
    .insert(sessions)
    .values({ ...session, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
    .returning({ id: sessions.id });
  const row = rows[0];
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

export type SessionWithUser = { sessionId: number; lastUsedAt: Date; user: UserRow };

/**
 * A live session's token hash, a live user: the one condition of every session lookup (from sessions
 * joined with users, selecting `sessionColumns` and what else a route needs in the same query).
 */
export function liveSessionOf(tokenHash: SQLWrapper): SQL | undefined {
  return and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`, isNull(users.deletedAt));
}

export const sessionColumns = { sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, user: users };

// Every signed-in call runs it: prepared once (see db/prepared.ts).
const liveSessionQuery = preparedQuery((db) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionOf(sql.placeholder('tokenHash')))
    .prepare('find_live_session'),
);

/** The live session of this token hash and its (not deleted) user. */
export async function findLiveSession(db: Database, tokenHash: string): Promise<SessionWithUser | undefined> {
  const rows = await liveSessionQuery(db).execute({ tokenHash });
  return rows[0];
}

export type SessionWithTotals = SessionWithUser & { totals: AccountTotals };

// Profile in one round trip: the session check and the user's totals together.
const liveSessionWithTotalsQuery = preparedQuery((db) =>
  db
    .select({
      ...sessionColumns,
      totals: {
        totalEarnings: earningsSql(users.id),
        recentEarnings: earningsSql(users.id, { lastDays: EARNINGS_WINDOW_DAYS }),
        referrals: referralsSql(users.id),
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionOf(sql.placeholder('tokenHash')))
    .prepare('find_live_session_with_totals'),
);

/** findLiveSession, with the user's earnings and referrals (what Profile shows). */
export async function findLiveSessionWithTotals(db: Database, tokenHash: string): Promise<SessionWithTotals | undefined> {
  const rows = await liveSessionWithTotalsQuery(db).execute({ tokenHash });
  return rows[0];
}

export async function touchSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

// ---- password reset codes ----

/** Stores a new code for the user, replacing any earlier one (its tries reset, its clock restarts). */
export async function replaceResetCode(db: Executor, userId: number, codeHash: string): Promise<void> {
  const expiresAt = sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})`;
  await db
    .insert(passwordResetCodes)
    .values({ userId, codeHash, attempts: 0, expiresAt })
    .onConflictDoUpdate({ target: passwordResetCodes.userId, set: { codeHash, attempts: 0, expiresAt, createdAt: sql`now()` } });
}

const codeIsLive = sql`${passwordResetCodes.attempts} < ${OTP_MAX_WRONG_TRIES} and ${passwordResetCodes.expiresAt} > now()`;

/**
 * Checks a code and counts a wrong try, in one statement: the row lock makes concurrent guesses queue,
 * so no more than the allowed number of wrong tries is ever evaluated.
 */
export async function checkResetCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + case when ${passwordResetCodes.codeHash} = ${codeHash} then 0 else 1 end` })
    .where(and(eq(passwordResetCodes.userId, userId), codeIsLive))
    .returning({ matches: sql<boolean>`${passwordResetCodes.codeHash} = ${codeHash}` });
  return rows[0]?.matches === true;
}

/** Uses the code up if it is right and live: of concurrent calls only one gets true. */
export async function consumeResetCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(passwordResetCodes)
    .where(and(eq(passwordResetCodes.userId, userId), eq(passwordResetCodes.codeHash, codeHash), codeIsLive))
    .returning({ userId: passwordResetCodes.userId });
  return rows.length > 0;
}

export async function deleteResetCodes(db: Executor, userId: number): Promise<void> {
  await db.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
}
