import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { emailVerificationCodes } from '../../db/schema';

/** How long a mailed code works. */
export const EMAIL_CODE_TTL_MINUTES = 30;
/** Wrong tries one code allows; then it is dead (a new one can be asked for). */
export const EMAIL_CODE_MAX_WRONG_TRIES = 5;
/** A new code no sooner than this after the last one, whichever instance answers. */
export const EMAIL_CODE_RESEND_SECONDS = 60;
/**
 * Codes mailed per account and 24-hour window: with 5 tries each, at most 50 guesses a day at a 6-digit code,
 * and at most this many emails a day to an address somebody else typed in at sign-up.
 */
export const EMAIL_CODE_WINDOW_HOURS = 24;
export const EMAIL_CODE_WINDOW_MAX_CODES = 10;

const codes = emailVerificationCodes;
const windowIsOver = sql`${codes.windowStartedAt} <= now() - make_interval(hours => ${EMAIL_CODE_WINDOW_HOURS})`;

/** `issued`; `too_soon`: the last code went out less than a minute ago; `too_many`: the window's codes are used up. */
export type IssueResult = 'issued' | 'too_soon' | 'too_many';

/**
 * Stores a new code for the user, replacing the one before (its tries and its clock start again), unless the
 * last one was mailed less than a minute ago or the window has mailed its codes: then nothing changes. One
 * statement, so concurrent resends on any number of instances mail at most one code a minute.
 */
export async function issueEmailCode(db: Executor, userId: number, codeHash: string): Promise<IssueResult> {
  const expiresAt = sql`now() + make_interval(mins => ${EMAIL_CODE_TTL_MINUTES})`;
  const newWindow = (fresh: unknown, carried: unknown) => sql`case when ${windowIsOver} then ${fresh} else ${carried} end`;
  const rows = await db
    .insert(codes)
    .values({ userId, codeHash, attempts: 0, expiresAt, sentAt: sql`now()`, windowStartedAt: sql`now()`, codesSent: 1 })
    .onConflictDoUpdate({
      target: codes.userId,
      set: {
        codeHash,
        attempts: 0,
        expiresAt,
        sentAt: sql`now()`,
        windowStartedAt: newWindow(sql`now()`, codes.windowStartedAt),
        codesSent: newWindow(1, sql`${codes.codesSent} + 1`),
      },
      setWhere: sql`${codes.sentAt} <= now() - make_interval(secs => ${EMAIL_CODE_RESEND_SECONDS}) and (${windowIsOver} or ${codes.codesSent} < ${EMAIL_CODE_WINDOW_MAX_CODES})`,
    })
    .returning({ userId: codes.userId });
  if (rows.length > 0) return 'issued';
  const [row] = await db
    .select({ tooSoon: sql<boolean>`${codes.sentAt} > now() - make_interval(secs => ${EMAIL_CODE_RESEND_SECONDS})` })
    .from(codes)
    .where(eq(codes.userId, userId));
  return row?.tooSoon === false ? 'too_many' : 'too_soon';
}

const codeIsLive = sql`${codes.attempts} < ${EMAIL_CODE_MAX_WRONG_TRIES} and ${codes.expiresAt} > now()`;

/**
 * Checks a code, counting a wrong try, in one statement: the row lock makes concurrent guesses queue, so no
 * more than the allowed wrong tries are ever evaluated. True for the right live code; the caller then deletes
 * the row in the same transaction. False for a wrong code, or when no code is live (expired, used up, none).
 */
export async function checkEmailCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const miss = sql`case when ${codes.codeHash} = ${codeHash} then 0 else 1 end`;
  const rows = await db
    .update(codes)
    .set({ attempts: sql`${codes.attempts} + ${miss}` })
    .where(and(eq(codes.userId, userId), codeIsLive))
    .returning({ matches: sql<boolean>`${codes.codeHash} = ${codeHash}` });
  return rows[0]?.matches === true;
}

export async function deleteEmailCodes(db: Executor, userId: number): Promise<void> {
  await db.delete(codes).where(eq(codes.userId, userId));
}
