import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { TwoFactorMethod } from '@rewards/shared/contracts/api-types';
import { STEP_UP_REQUIRED } from '@rewards/shared/contracts/api-types';
import { findPayoutMethod } from '@rewards/shared/contracts/payout-methods';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import { cashouts, sessions, users } from '../../db/schema';
import { ForbiddenError, TooManyAttemptsError, ValidationError } from '../../domain-errors';
import { newOtpCode } from '../account/secrets';
import { codeHash } from './codes';
import { TWO_FACTOR_MESSAGES as MESSAGES } from './messages';
import { giveBackTry, issueEmailCode, markSessionTwoFactor, reserveTry, settleTries } from './repository';
import type { TwoFactorDeps } from './service';
import { passesSecondFactor } from './verify';
import { emailLocale } from '../account/emails/render';

/**
 * The code before a risky cashout. Risky: over $50, or to a destination never paid to this account from a
 * session that began in the last 72 hours on a browser new to the account or after a password reset (or a
 * Google link, which also forgets the account's browsers). The usual cashout asks nothing.
 */
export const STEP_UP_OVER_COINS = 50_000;
export const FRESH_SESSION_HOURS = 72;

export type StepUpReason = 'amount' | 'new_destination';
export type CashoutDestination = { method: string; account: string };

/** Why this cashout needs a code, or undefined. Reads only; call it where the cashout is decided (its transaction). */
export async function stepUpReason(
  db: Executor,
  cashout: CashoutDestination & { userId: number; sessionId: number; amountCoins: number },
): Promise<StepUpReason | undefined> {
  if (cashout.amountCoins > STEP_UP_OVER_COINS) return 'amount';
  if (await paidBefore(db, cashout.userId, cashout)) return undefined;
  return (await sessionIsFresh(db, cashout.sessionId)) ? 'new_destination' : undefined;
}

/** A cashout of this account to this destination was paid (addresses by email compare without case). */
async function paidBefore(db: Executor, userId: number, { method, account }: CashoutDestination): Promise<boolean> {
  const byEmail = findPayoutMethod(method)?.accountKind === 'email';
  const sameAccount = byEmail ? sql`lower(${cashouts.account}) = lower(${account})` : eq(cashouts.account, account);
  const rows = await db
    .select({ id: cashouts.id })
    .from(cashouts)
    .where(and(eq(cashouts.userId, userId), eq(cashouts.method, method), eq(cashouts.status, 'paid'), sameAccount))
    .limit(1);
  return rows.length > 0;
}

/** The session began in the last 72 hours on a browser new to the account, or after the account's password was reset. */
async function sessionIsFresh(db: Executor, sessionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.createdAt, sql`now() - make_interval(hours => ${FRESH_SESSION_HOURS})`),
        or(eq(sessions.startedOnNewDevice, true), sql`${users.passwordResetAt} is not null and ${sessions.createdAt} >= ${users.passwordResetAt}`),
      ),
    );
  return rows.length > 0;
}

/** The user's method for a step-up: the authenticator when set up, else a code by email. */
export function stepUpMethodOf(twoFactorMethod: string): TwoFactorMethod {
  return twoFactorMethod === 'totp' ? 'totp' : 'email';
}

/** Thrown inside the cashout's transaction to book nothing; `askForStepUp` answers it after the rollback. */
export class StepUpNeeded extends Error {
  override name = 'StepUpNeeded';
  constructor(
    readonly method: TwoFactorMethod,
    readonly userId: number,
    readonly email: string,
    readonly language: string | null,
  ) {
    super('step-up code required');
  }
}

/** 403 step_up_required; for the email method a code goes out first (unless one went less than a minute ago). */
export async function askForStepUp({ db, mailer, appSecret, log }: TwoFactorDeps, needed: StepUpNeeded): Promise<never> {
  if (needed.method === 'email') {
    const code = newOtpCode();
    if (await issueEmailCode(db, needed.userId, 'step_up', codeHash(appSecret, needed.userId, 'step_up', code))) {
      await mailer.sendStepUpCode(needed.email, code, emailLocale(needed.language)).catch((error: unknown) => log.error({ err: error, userId: needed.userId }, 'cashout code email could not be sent'));
    }
  }
  throw new ForbiddenError(MESSAGES.stepUpRequired, { code: STEP_UP_REQUIRED, extra: { method: needed.method } });
}

/**
 * A cashout request's `step_up_code`, tries counted before the cashout's transaction (a wrong code stays
 * counted when the transaction rolls back): 5 wrong per 30 minutes.
 */
export type StepUpAttempt = { code: string; hasTry: boolean };

export async function startStepUpAttempt(db: Database, userId: number, code: string | undefined): Promise<StepUpAttempt | undefined> {
  if (code === undefined) return undefined;
  return { code, hasTry: (await reserveTry(db, userId, 'step_up')) !== undefined };
}

/** The try was not spent on a wrong code (no code was needed, or something else refused the cashout). */
export async function returnStepUpTry(db: Database, userId: number, attempt: StepUpAttempt | undefined): Promise<void> {
  if (attempt?.hasTry) await giveBackTry(db, userId, 'step_up');
}

/**
 * In the cashout's transaction, when a code is needed: uses the code up and marks the session, or throws
 * (StepUpNeeded without a code, 422 for a wrong one, 429 with no tries left).
 */
export async function passStepUp(
  tx: Executor,
  appSecret: string,
  context: { userId: number; sessionId: number; email: string; language: string | null; twoFactorMethod: string },
  attempt: StepUpAttempt | undefined,
): Promise<void> {
  const method = stepUpMethodOf(context.twoFactorMethod);
  if (!attempt) throw new StepUpNeeded(method, context.userId, context.email, context.language);
  if (!attempt.hasTry) throw new TooManyAttemptsError(MESSAGES.tooManyWrongCodes, { code: 'too_many_wrong_codes' });
  const passed = await passesSecondFactor(tx, {
    appSecret,
    userId: context.userId,
    code: attempt.code,
    totp: method === 'totp',
    recovery: false,
    email: method === 'email' ? { purpose: 'step_up' } : undefined,
  });
  if (!passed) throw new WrongStepUpCode();
  await settleTries(tx, context.userId, 'step_up');
  await markSessionTwoFactor(tx, context.sessionId);
}

/** A wrong step-up code: 422 "Invalid code." (the try stays counted). */
export class WrongStepUpCode extends ValidationError {
  constructor() {
    super(MESSAGES.invalidCode, { code: 'invalid_code', errors: { step_up_code: [MESSAGES.invalidCode] } });
  }
}
