import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { loginChallenges, sessions, twoFactorCodes, twoFactorRecoveryCodes, userTwoFactor, users } from '../../db/schema';

export type TwoFactorMethod = 'totp' | 'email';
export type CodePurpose = (typeof twoFactorCodes.$inferSelect)['purpose'];
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

/** Emailed codes: 30 minutes, a new one at most every 60 seconds, 5 wrong tries per 30-minute window. */
export const EMAIL_CODE_TTL_MINUTES = 30;
export const EMAIL_CODE_RESEND_SECONDS = 60;
export const MAX_WRONG_TRIES = 5;
export const TRIES_WINDOW_MINUTES = 30;
/** A sign-in's second step: 10 minutes, 5 wrong codes. */
export const CHALLENGE_TTL_MINUTES = 10;

// ---- authenticator secrets ----

export async function findTotpState(db: Executor, userId: number) {
  const rows = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return rows[0];
}

/** Replaces the secret being set up (a new setup forgets the previous one). */
export async function storePendingTotpSecret(db: Executor, userId: number, sealed: string): Promise<void> {
  await db
    .insert(userTwoFactor)
    .values({ userId, pendingTotpSecret: sealed, pendingCreatedAt: sql`now()` })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { pendingTotpSecret: sealed, pendingCreatedAt: sql`now()` } });
}

/**
 * Takes a time step for the user, once: true when no code of this step or a later one was accepted before.
 * One statement, so of two requests with the same code only one gets true.
 */
export async function claimTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ totpLastStep: step })
    .where(and(eq(userTwoFactor.userId, userId), or(isNull(userTwoFactor.totpLastStep), lt(userTwoFactor.totpLastStep, step))))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** The pending secret becomes the one in use, if it is still the one the code was checked against. */
export async function activatePendingTotp(db: Executor, userId: number, sealedPending: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ totpSecret: sealedPending, pendingTotpSecret: null, pendingCreatedAt: null, totpLastStep: step })
    .where(and(eq(userTwoFactor.userId, userId), eq(userTwoFactor.pendingTotpSecret, sealedPending)))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** Switches the method from `from` to `to`: false when it was changed meanwhile (another tab, another request). */
export async function switchMethod(db: Executor, userId: number, from: 'off' | TwoFactorMethod, to: 'off' | TwoFactorMethod): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorMethod: to, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.twoFactorMethod, from), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Everything two-factor of a user: secrets, recovery codes, codes, waiting sign-ins. */
export async function forgetTwoFactor(db: Executor, userId: number): Promise<void> {
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorCodes).where(eq(twoFactorCodes.userId, userId));
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

// ---- recovery codes ----

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code up: of concurrent uses of one code only one gets true. */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

// ---- emailed codes and wrong tries (per user and purpose) ----

const windowIsOver = sql`${twoFactorCodes.windowStartedAt} <= now() - make_interval(mins => ${TRIES_WINDOW_MINUTES})`;
const carried = (fresh: unknown, kept: unknown) => sql`case when ${windowIsOver} then ${fresh} else ${kept} end`;

/**
 * Stores a new emailed code, replacing the previous one, unless one was sent less than 60 seconds ago: then
 * nothing changes and it answers false. The window's wrong tries carry over (a new code gives no tries back).
 */
export async function issueEmailCode(db: Executor, userId: number, purpose: CodePurpose, hash: string): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(mins => ${EMAIL_CODE_TTL_MINUTES})`;
  const rows = await db
    .insert(twoFactorCodes)
    .values({ userId, purpose, codeHash: hash, sentAt: sql`now()`, expiresAt })
    .onConflictDoUpdate({
      target: [twoFactorCodes.userId, twoFactorCodes.purpose],
      set: {
        codeHash: hash,
        sentAt: sql`now()`,
        expiresAt,
        attempts: carried(0, twoFactorCodes.attempts),
        windowStartedAt: carried(sql`now()`, twoFactorCodes.windowStartedAt),
      },
      setWhere: sql`${twoFactorCodes.sentAt} is null or ${twoFactorCodes.sentAt} <= now() - make_interval(secs => ${EMAIL_CODE_RESEND_SECONDS})`,
    })
    .returning({ userId: twoFactorCodes.userId });
  return rows.length > 0;
}

export type ReservedTry = { codeHash: string | null; codeLive: boolean };

/**
 * Counts a try before the code is checked (given back by `settleTries` when it was right), in one statement:
 * concurrent guesses queue on the row, so at most 5 per window are ever checked. Undefined: no tries left.
 */
export async function reserveTry(db: Executor, userId: number, purpose: CodePurpose): Promise<ReservedTry | undefined> {
  const rows = await db
    .insert(twoFactorCodes)
    .values({ userId, purpose, attempts: 1 })
    .onConflictDoUpdate({
      target: [twoFactorCodes.userId, twoFactorCodes.purpose],
      set: {
        attempts: carried(1, sql`${twoFactorCodes.attempts} + 1`),
        windowStartedAt: carried(sql`now()`, twoFactorCodes.windowStartedAt),
      },
      setWhere: sql`${windowIsOver} or ${twoFactorCodes.attempts} < ${MAX_WRONG_TRIES}`,
    })
    .returning({ codeHash: twoFactorCodes.codeHash, codeLive: sql<boolean>`coalesce(${twoFactorCodes.expiresAt} > now(), false)` });
  return rows[0];
}

/** After a right code: the tries start again and the emailed code (if it was the one used) is spent. */
export async function settleTries(db: Executor, userId: number, purpose: CodePurpose): Promise<void> {
  await db
    .update(twoFactorCodes)
    .set({ attempts: 0 })
    .where(and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose)));
}

/** Uses the emailed code up if it is right and live: of concurrent uses only one gets true. */
export async function useEmailCode(db: Executor, userId: number, purpose: CodePurpose, hash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorCodes)
    .set({ codeHash: null, expiresAt: null })
    .where(and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose), eq(twoFactorCodes.codeHash, hash), gt(twoFactorCodes.expiresAt, sql`now()`)))
    .returning({ userId: twoFactorCodes.userId });
  return rows.length > 0;
}

/** Gives a try back (the code was not needed after all). */
export async function giveBackTry(db: Executor, userId: number, purpose: CodePurpose): Promise<void> {
  await db
    .update(twoFactorCodes)
    .set({ attempts: sql`greatest(${twoFactorCodes.attempts} - 1, 0)` })
    .where(and(eq(twoFactorCodes.userId, userId), eq(twoFactorCodes.purpose, purpose)));
}

// ---- sign-in challenges ----

export type NewChallenge = { challengeHash: string; userId: number; method: TwoFactorMethod; passwordFingerprint: string | null; emailCodeHash: string | null };

export async function insertChallenge(db: Executor, challenge: NewChallenge): Promise<void> {
  await db.insert(loginChallenges).values({
    ...challenge,
    emailCodeSentAt: challenge.emailCodeHash ? sql`now()` : null,
    expiresAt: sql`now() + make_interval(mins => ${CHALLENGE_TTL_MINUTES})`,
  });
}

const challengeIsLive = and(isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, sql`now()`), lt(loginChallenges.attempts, MAX_WRONG_TRIES));

/** Counts a try on a live challenge before its code is checked; undefined: no such live challenge (expired, used, out of tries). */
export async function reserveChallengeTry(db: Executor, challengeHash: string): Promise<LoginChallengeRow | undefined> {
  const rows = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(and(eq(loginChallenges.challengeHash, challengeHash), challengeIsLive))
    .returning();
  return rows[0];
}

/** A live challenge, without counting anything (the resend). */
export async function findLiveChallenge(db: Executor, challengeHash: string): Promise<LoginChallengeRow | undefined> {
  const rows = await db.select().from(loginChallenges).where(and(eq(loginChallenges.challengeHash, challengeHash), challengeIsLive));
  return rows[0];
}

/** The challenge is passed, once: of concurrent right codes only one gets true (one session per challenge). */
export async function useChallenge(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

/** A new emailed code for a challenge, unless its last one went out less than 60 seconds ago. */
export async function resendChallengeCode(db: Executor, id: number, hash: string): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ emailCodeHash: hash, emailCodeSentAt: sql`now()` })
    .where(and(eq(loginChallenges.id, id), challengeIsLive, sql`${loginChallenges.emailCodeSentAt} <= now() - make_interval(secs => ${EMAIL_CODE_RESEND_SECONDS})`))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

/** Challenges nobody can use any more, a batch at a time (the periodic purge). */
export async function purgeDeadChallenges(db: Executor, batchSize = 5_000): Promise<number> {
  let purged = 0;
  for (;;) {
    const dead = db
      .select({ id: loginChallenges.id })
      .from(loginChallenges)
      .where(or(sql`${loginChallenges.expiresAt} <= now()`, sql`${loginChallenges.usedAt} is not null`))
      .limit(batchSize);
    const rows = await db.delete(loginChallenges).where(inArray(loginChallenges.id, dead)).returning({ id: loginChallenges.id });
    purged += rows.length;
    if (rows.length < batchSize) return purged;
  }
}

// ---- sessions ----

/** The session passed a second factor now (a cashout's step-up code). */
export async function markSessionTwoFactor(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ twoFactorAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** What a sign-in knew when it opened its session: whether a second factor was passed, whether the browser was new to the account. */
export async function markSessionStart(db: Executor, tokenHash: string, facts: { twoFactor: boolean; newDevice: boolean }): Promise<void> {
  if (!facts.twoFactor && !facts.newDevice) return;
  await db
    .update(sessions)
    .set({ ...(facts.twoFactor ? { twoFactorAt: sql`now()` } : {}), startedOnNewDevice: facts.newDevice })
    .where(eq(sessions.tokenHash, tokenHash));
}
