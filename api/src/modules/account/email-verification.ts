import type { Database } from '../../db/database';
import { TooManyAttemptsError, UnauthorizedError, ValidationError } from '../../domain-errors';
import { notify, type StoredNotification } from '../notifications/notify';
import { UNAUTHENTICATED } from '../session/session';
import { checkEmailCode, deleteEmailCodes, type IssueResult, issueEmailCode } from './email-verification-codes';
import { findUserById, markEmailVerified, type UserRow } from './repository';
import { hashOtpCode, newOtpCode } from './secrets';
import type { AccountDeps } from './service';
import { emailLocale } from './emails/render';

/**
 * Verified email: a password sign-up is mailed a 6-digit code (30 minutes, 5 tries), the user types it in the
 * banner of every signed-in page, and `users.email_verified_at` is set. Google accounts are verified by Google,
 * and support can verify by hand (`ops users:verify-email`). Only a hash of a code is stored.
 */

export const EMAIL_VERIFICATION_MESSAGES = {
  verified: 'Email verified.',
  invalidCode: 'Invalid or expired code.',
  codeSent: 'We sent a new code to your email.',
  alreadyVerified: 'Your email is already verified.',
  tooSoon: 'Please wait a minute before asking for another code.',
  tooMany: 'Too many codes for this account today. Please try again tomorrow.',
} as const;

const hashOf = (appSecret: string, userId: number, code: string) => hashOtpCode(appSecret, userId, code, 'email-verification');

/**
 * Mails a new code to a user whose email is not verified, unless the last one went out less than a minute ago
 * or today's codes are used up: answers which. The mail is not awaited (a slow mail server must not hold the
 * answer); a failure is logged.
 */
async function mailNewCode({ db, mailer, appSecret, log }: AccountDeps, user: UserRow): Promise<IssueResult> {
  const code = newOtpCode();
  const issued = await issueEmailCode(db, user.id, hashOf(appSecret, user.id, code));
  if (issued !== 'issued') return issued;
  mailer.sendEmailVerificationCode(user.email, code, emailLocale(user.language)).catch((error: unknown) => {
    log.error({ err: error, userId: user.id }, 'email verification code could not be sent');
  });
  return issued;
}

/** After a password sign-up: the first code. Never fails the sign-up (the banner's "Resend code" gets another). */
export async function sendFirstEmailCode(deps: AccountDeps, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt !== null) return;
  await mailNewCode(deps, user).catch((error: unknown) => deps.log.error({ err: error, userId: user.id }, 'email verification code could not be issued'));
}

/** "Resend code": a new code (the one before stops working), at most one a minute and ten a day. */
export async function resendEmailCode(deps: AccountDeps, userId: number): Promise<string> {
  const user = await liveUser(deps.db, userId);
  if (user.emailVerifiedAt !== null) return EMAIL_VERIFICATION_MESSAGES.alreadyVerified;
  const issued = await mailNewCode(deps, user);
  if (issued === 'too_soon') throw new TooManyAttemptsError(EMAIL_VERIFICATION_MESSAGES.tooSoon, { code: 'code_requested_too_soon' });
  if (issued === 'too_many') throw new TooManyAttemptsError(EMAIL_VERIFICATION_MESSAGES.tooMany, { code: 'too_many_verification_codes' });
  return EMAIL_VERIFICATION_MESSAGES.codeSent;
}

/**
 * Verifies the user's email with the code mailed to it: marks the email verified, uses the code up and stores
 * the `email_verified` notification in one transaction; answers the notification for the caller to deliver
 * (none when the email was verified already). A wrong code counts a try; the fifth kills the code.
 */
export async function verifyEmail({ db, appSecret }: AccountDeps, userId: number, code: string): Promise<StoredNotification | undefined> {
  const user = await liveUser(db, userId);
  if (user.emailVerifiedAt !== null) return undefined;
  const notification = await db.transaction(async (tx) => {
    if (!(await checkEmailCode(tx, userId, hashOf(appSecret, userId, code)))) return null;
    await deleteEmailCodes(tx, userId);
    if (!(await markEmailVerified(tx, userId))) return null;
    return notify(tx, { userId, kind: 'email_verified', data: {} });
  });
  if (notification) return notification;
  // The same right code sent twice at once: the other request verified the email a moment ago.
  if ((await liveUser(db, userId)).emailVerifiedAt !== null) return undefined;
  throw new ValidationError(EMAIL_VERIFICATION_MESSAGES.invalidCode, { code: 'invalid_verification_code', errors: { code: [EMAIL_VERIFICATION_MESSAGES.invalidCode] } });
}

async function liveUser(db: Database, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt !== null) throw new UnauthorizedError(UNAUTHENTICATED);
  return user;
}
