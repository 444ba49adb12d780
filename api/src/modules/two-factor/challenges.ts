import { createHash, randomBytes } from 'node:crypto';
import type { TwoFactorMethod, TwoFactorRequired } from '@rewards/shared/contracts/api-types';
import { CHALLENGE_EXPIRED } from '@rewards/shared/contracts/api-types';
import { TooManyAttemptsError, ValidationError } from '../../domain-errors';
import { findUserById, type UserRow } from '../account/repository';
import { newOtpCode } from '../account/secrets';
import { type ClientInfo, type LoggedIn, openSignInSession, SignInVoidedError } from '../account/sign-in-session';
import type { TwoFactorDeps } from './service';
import { codeHash } from './codes';
import { TWO_FACTOR_MESSAGES as MESSAGES } from './messages';
import {
  findLiveChallenge,
  insertChallenge,
  type LoginChallengeRow,
  MAX_WRONG_TRIES,
  reserveChallengeTry,
  resendChallengeCode,
  useChallenge,
} from './repository';
import { passesSecondFactor } from './verify';
import { emailLocale } from '../account/emails/render';

/**
 * The second step of a sign-in. The first step (a right password, or Google) stores a challenge: the browser
 * holds 32 random bytes, the table their SHA-256, so every instance can finish it and a copy of the table
 * finishes none. It lasts 10 minutes and takes 5 wrong codes; passing it opens the session.
 */

const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const challengeHashOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');
/** A password sign-in's challenge keeps this of the password hash it checked: a password changed meanwhile voids it. */
const fingerprintOf = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('hex');

export const challengeExpired = () => new ValidationError(MESSAGES.challengeExpired, { code: CHALLENGE_EXPIRED });
const invalidCode = () => new ValidationError(MESSAGES.invalidCode, { code: 'invalid_code', errors: { code: [MESSAGES.invalidCode] } });

function mailCode({ mailer, log }: TwoFactorDeps, user: Pick<UserRow, 'id' | 'email' | 'language'>, code: string): void {
  // Not awaited: a slow mail server must not hold the sign-in.
  mailer.sendSignInCode(user.email, code, emailLocale(user.language)).catch((error: unknown) => log.error({ err: error, userId: user.id }, 'sign-in code email could not be sent'));
}

/** Starts the second step of `user` (two-factor on); `verifiedPasswordHash` null for Google. Emails the code of the email method. */
export async function startLoginChallenge(deps: TwoFactorDeps, user: UserRow, verifiedPasswordHash: string | null): Promise<TwoFactorRequired> {
  const method = user.twoFactorMethod as TwoFactorMethod;
  const challenge = randomBytes(32).toString('base64url');
  const emailCode = method === 'email' ? newOtpCode() : undefined;
  await insertChallenge(deps.db, {
    challengeHash: challengeHashOf(challenge),
    userId: user.id,
    method,
    passwordFingerprint: verifiedPasswordHash === null ? null : fingerprintOf(verifiedPasswordHash),
    emailCodeHash: emailCode ? codeHash(deps.appSecret, user.id, 'sign_in', emailCode) : null,
  });
  if (emailCode) mailCode(deps, user, emailCode);
  return { two_factor_required: true, method, challenge };
}

/** The live challenge of this text, without counting a try (undefined: unknown, expired, used or out of tries). */
export async function liveChallenge(deps: TwoFactorDeps, challenge: string): Promise<LoginChallengeRow | undefined> {
  return CHALLENGE_PATTERN.test(challenge) ? findLiveChallenge(deps.db, challengeHashOf(challenge)) : undefined;
}

/** The account of a challenge, if it still stands as the first step left it (same method, same password, not deleted). */
async function challengedUser(deps: TwoFactorDeps, row: LoginChallengeRow): Promise<UserRow | undefined> {
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.deletedAt || user.twoFactorMethod !== row.method) return undefined;
  if (row.passwordFingerprint !== null && (!user.passwordHash || fingerprintOf(user.passwordHash) !== row.passwordFingerprint)) return undefined;
  return user;
}

class WrongCode extends Error {}

/**
 * A code for a challenge: counted first (so concurrent guesses never check more than 5), then checked and
 * used up in the transaction that opens the session. 422 "Invalid code."; the code that spends the fifth try,
 * and any code for a dead challenge, 422 challenge_expired.
 */
export async function completeLoginChallenge(
  deps: TwoFactorDeps,
  input: { challenge: string; code: string },
  client: ClientInfo,
  deviceId: string,
): Promise<LoggedIn> {
  const row = CHALLENGE_PATTERN.test(input.challenge) ? await reserveChallengeTry(deps.db, challengeHashOf(input.challenge)) : undefined;
  if (!row) throw challengeExpired();
  const user = await challengedUser(deps, row);
  if (!user) throw challengeExpired();
  try {
    const signedIn = await openSignInSession(deps.db, {
      userId: user.id,
      verifiedPasswordHash: row.passwordFingerprint === null ? null : user.passwordHash,
      client,
      deviceId,
      twoFactor: true,
      before: async (tx) => {
        const passed = await passesSecondFactor(tx, {
          appSecret: deps.appSecret,
          userId: user.id,
          code: input.code,
          totp: row.method === 'totp',
          recovery: true,
          email: row.method === 'email' ? { challengeCodeHash: row.emailCodeHash } : undefined,
        });
        if (!passed) throw new WrongCode();
        if (!(await useChallenge(tx, row.id))) throw challengeExpired();
      },
    });
    if (!signedIn) throw challengeExpired();
    return signedIn;
  } catch (error) {
    if (error instanceof WrongCode) throw row.attempts >= MAX_WRONG_TRIES ? challengeExpired() : invalidCode();
    if (error instanceof SignInVoidedError) throw challengeExpired();
    throw error;
  }
}

/** A new emailed code for a challenge of the email method, at most one a minute. */
export async function resendLoginCode(deps: TwoFactorDeps, challenge: string): Promise<void> {
  const row = await liveChallenge(deps, challenge);
  const user = row ? await challengedUser(deps, row) : undefined;
  if (!row || !user) throw challengeExpired();
  if (row.method !== 'email') throw new ValidationError(MESSAGES.notEmailMethod, { code: 'not_email_method' });
  const code = newOtpCode();
  if (!(await resendChallengeCode(deps.db, row.id, codeHash(deps.appSecret, user.id, 'sign_in', code)))) throw new TooManyAttemptsError(MESSAGES.waitBeforeResend, { code: 'code_requested_too_soon' });
  mailCode(deps, user, code);
}
