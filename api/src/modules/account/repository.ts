import type { Locale } from '@rewards/shared/i18n/locales';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { EmailPreferences } from '@rewards/shared/contracts/notifications';
import type { Database } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { type AccountStatus, passwordResetCodes, sessions, type StaffRole, users } from '../../db/schema';
import { type AccountTotals, EARNINGS_WINDOW_DAYS, earningsSql, referralsSql } from '../ledger/ledger';
import type { Executor } from '../../db/executor';
import { unreadNotificationsSql } from '../notifications/repository';
import { liveSessionOf, sessionColumns, type SessionWithUser } from '../session/session';
import { staffRoleSql } from '../staff/repository';
import { newReferralCode } from './secrets';

export type UserRow = typeof users.$inferSelect;

export const OTP_TTL_MINUTES = 10;
/** Wrong tries one code allows; then it is dead. */
export const OTP_MAX_WRONG_TRIES = 5;
/**
 * Per account and 24-hour window: wrong tries over all its codes (a new code does not give these back) and
 * codes mailed. The window starts with the first code asked for and ends 24 hours later; a used code ends it.
 */
export const RESET_WINDOW_HOURS = 24;
export const RESET_WINDOW_MAX_WRONG_TRIES = 10;
export const RESET_WINDOW_MAX_CODES = 10;

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

/** Records that the user's email was shown to be theirs (kept from the first time); false when there is no such live user. */
export async function markEmailVerified(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** `reset`: set with a reset code (remembered: sessions begun soon after it cash out riskily only with a code). */
export async function setPasswordHash(db: Executor, userId: number, passwordHash: string, { reset = false } = {}): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()`, ...(reset ? { passwordResetAt: sql`now()` } : {}) })
    .where(eq(users.id, userId));
}

/**
 * Links a Google subject to a live account that has none yet and drops the account's password, in one
 * statement (the caller revokes the sessions in the same transaction). False when the account was linked,
 * deleted or gone meanwhile.
 */
export async function linkGoogleSubjectDroppingPassword(db: Executor, userId: number, subject: string): Promise<boolean> {
  const rows = await db
    .update(users)
    // Like a reset, it forgets the account's browsers: sessions begun soon after it cash out riskily only with a code.
    .set({ googleSubject: subject, passwordHash: null, passwordResetAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.googleSubject), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setName(db: Executor, userId: number, name: string): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  return rows[0];
}

/** Changes the emails the user wants; the ones left out stay as they are. */
export async function setEmailPreferences(db: Executor, userId: number, preferences: Partial<EmailPreferences>): Promise<UserRow | undefined> {
  const { cashouts, tickets, security } = preferences;
  const rows = await db
    .update(users)
    .set({ emailCashouts: cashouts, emailTickets: tickets, emailSecurity: security, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  return rows[0];
}

/** Keeps the user's language (one of LOCALES). */
export async function setLanguage(db: Executor, userId: number, language: Locale): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ language, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  return rows[0];
}

export async function setStatus(db: Executor, userId: number, status: AccountStatus): Promise<void> {
  await db.update(users).set({ status, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * What a deleted account's email becomes: not an address (no `@`), so no sign-up, Google's included, can
 * take it before the deletion and make it fail.
 */
export function anonymousEmail(userId: number): string {
  return `deleted-${userId}`;
}

/** Removes the personal data; the row stays so ledger rows keep their owner. */
export async function anonymiseUser(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({
      name: 'Deleted user',
      email: anonymousEmail(userId),
      passwordHash: null,
      image: null,
      googleSubject: null,
      twoFactorMethod: 'off',
      language: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

// ---- sessions ----

export type SessionWithTotals = SessionWithUser & { totals: AccountTotals; unreadNotifications: number; staffRole: StaffRole | null };

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
      unreadNotifications: unreadNotificationsSql(users.id),
      staffRole: staffRoleSql(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionOf(sql.placeholder('tokenHash')))
    .prepare('find_live_session_with_totals'),
);

/** findLiveSession, with the user's earnings, referrals and unread notifications (what Profile shows). */
export async function findLiveSessionWithTotals(db: Database, tokenHash: string): Promise<SessionWithTotals | undefined> {
  const rows = await liveSessionWithTotalsQuery(db).execute({ tokenHash });
  return rows[0];
}

// ---- password reset codes ----

const windowIsOver = sql`${passwordResetCodes.windowStartedAt} <= now() - make_interval(hours => ${RESET_WINDOW_HOURS})`;

/**
 * Stores a new code for the user, replacing any earlier one (the code's own tries start again, its clock
 * restarts), unless the account's window has used up its codes or its wrong tries: then nothing changes and
 * it answers false (the caller mails nothing). The window's counters carry over from code to code.
 */
export async function issueResetCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})`;
  const newWindow = (fresh: unknown, carried: unknown) => sql`case when ${windowIsOver} then ${fresh} else ${carried} end`;
  const rows = await db
    .insert(passwordResetCodes)
    .values({ userId, codeHash, attempts: 0, expiresAt, windowStartedAt: sql`now()`, codesSent: 1, wrongTries: 0 })
    .onConflictDoUpdate({
      target: passwordResetCodes.userId,
      set: {
        codeHash,
        attempts: 0,
        expiresAt,
        createdAt: sql`now()`,
        windowStartedAt: newWindow(sql`now()`, passwordResetCodes.windowStartedAt),
        codesSent: newWindow(1, sql`${passwordResetCodes.codesSent} + 1`),
        wrongTries: newWindow(0, passwordResetCodes.wrongTries),
      },
      setWhere: sql`${windowIsOver} or (${passwordResetCodes.codesSent} < ${RESET_WINDOW_MAX_CODES} and ${passwordResetCodes.wrongTries} < ${RESET_WINDOW_MAX_WRONG_TRIES})`,
    })
    .returning({ userId: passwordResetCodes.userId });
  return rows.length > 0;
}

const codeIsLive = sql`${passwordResetCodes.attempts} < ${OTP_MAX_WRONG_TRIES} and ${passwordResetCodes.wrongTries} < ${RESET_WINDOW_MAX_WRONG_TRIES} and ${passwordResetCodes.expiresAt} > now()`;

/** `right`; `wrong` (also: no live code); `too_many`: the account's window has no wrong tries left. */
export type CodeCheck = 'right' | 'wrong' | 'too_many';

/**
 * Checks a code and counts a wrong try (on the code and on the window), in one statement: the row lock makes
 * concurrent guesses queue, so no more than the allowed number of wrong tries is ever evaluated.
 */
export async function checkResetCode(db: Executor, userId: number, codeHash: string): Promise<CodeCheck> {
  const miss = sql`case when ${passwordResetCodes.codeHash} = ${codeHash} then 0 else 1 end`;
  const rows = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + ${miss}`, wrongTries: sql`${passwordResetCodes.wrongTries} + ${miss}` })
    .where(and(eq(passwordResetCodes.userId, userId), codeIsLive))
    .returning({ matches: sql<boolean>`${passwordResetCodes.codeHash} = ${codeHash}` });
  if (rows[0]) return rows[0].matches ? 'right' : 'wrong';
  return (await windowIsOutOfTries(db, userId)) ? 'too_many' : 'wrong';
}

async function windowIsOutOfTries(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: passwordResetCodes.userId })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.userId, userId), sql`${passwordResetCodes.wrongTries} >= ${RESET_WINDOW_MAX_WRONG_TRIES}`, sql`not (${windowIsOver})`));
  return rows.length > 0;
}

/** Uses the code up if it is right and live (ending the window too): of concurrent calls only one gets true. */
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
