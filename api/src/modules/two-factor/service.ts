import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { ConflictError, TooManyAttemptsError, UnauthorizedError, ValidationError } from '../../domain-errors';
import { findUserById, type UserRow } from '../account/repository';
import type { Mailer } from '../account/mailer';
import { newOtpCode, verifyPassword } from '../account/secrets';
import { notify, type StoredNotification } from '../notifications/notify';
import { UNAUTHENTICATED } from '../session/session';
import { codeHash, newRecoveryCodes, normalRecoveryCode } from './codes';
import { TWO_FACTOR_MESSAGES as MESSAGES } from './messages';
import {
  activatePendingTotp,
  findTotpState,
  forgetTwoFactor,
  issueEmailCode,
  replaceRecoveryCodes,
  reserveTry,
  settleTries,
  storePendingTotpSecret,
  switchMethod,
} from './repository';
import { openSecret, sealSecret } from './secret-box';
import { matchingTotpStep, newTotpSecret, otpauthUrl } from './totp';
import { passesSecondFactor } from './verify';
import { emailLocale } from '../account/emails/render';

export type TwoFactorDeps = { db: Database; mailer: Mailer; appSecret: string; log: FastifyBaseLogger };

/** A change of the user's two-factor setting: the user as it is now, and the notification to deliver after the commit. */
export type TwoFactorChange = { user: UserRow; notification: StoredNotification };

export const invalidCode = () => new ValidationError(MESSAGES.invalidCode, { code: 'invalid_code', errors: { code: [MESSAGES.invalidCode] } });
const tooManyWrongCodes = () => new TooManyAttemptsError(MESSAGES.tooManyWrongCodes, { code: 'too_many_wrong_codes' });

async function currentUser(db: Database, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) throw new UnauthorizedError(UNAUTHENTICATED);
  return user;
}

function assertOff(user: UserRow): void {
  if (user.twoFactorMethod !== 'off') throw new ConflictError(MESSAGES.alreadyOn, { code: 'two_factor_already_on' });
}

/** A new authenticator secret to confirm with a code (it replaces a setup not confirmed yet). */
export async function setUpTotp({ db, appSecret }: TwoFactorDeps, userId: number): Promise<{ secret: string; otpauth_url: string }> {
  const user = await currentUser(db, userId);
  assertOff(user);
  const secret = newTotpSecret();
  await storePendingTotpSecret(db, userId, sealSecret(appSecret, secret));
  return { secret, otpauth_url: otpauthUrl(secret, user.email) };
}

/** A right code of the secret being set up turns the authenticator on, with 10 new recovery codes (shown once). */
export async function enableTotp({ db, appSecret }: TwoFactorDeps, userId: number, code: string): Promise<TwoFactorChange & { recoveryCodes: string[] }> {
  assertOff(await currentUser(db, userId));
  const pending = (await findTotpState(db, userId))?.pendingTotpSecret;
  const secret = pending ? openSecret(appSecret, pending) : undefined;
  if (!pending || !secret) throw new ValidationError(MESSAGES.setUpFirst, { code: 'authenticator_setup_required', errors: { code: [MESSAGES.setUpFirst] } });
  const step = matchingTotpStep(secret, code.trim());
  if (step === undefined) throw invalidCode();
  const recoveryCodes = newRecoveryCodes();
  const notification = await db.transaction(async (tx) => {
    if (!(await switchMethod(tx, userId, 'off', 'totp'))) throw new ConflictError(MESSAGES.alreadyOn, { code: 'two_factor_already_on' });
    // A setup started again in another tab meanwhile: this code was for the secret it replaced.
    if (!(await activatePendingTotp(tx, userId, pending, step))) throw invalidCode();
    await replaceRecoveryCodes(
      tx,
      userId,
      recoveryCodes.map((recovery) => codeHash(appSecret, userId, 'recovery', normalRecoveryCode(recovery)!)),
    );
    return notify(tx, { userId, kind: 'two_factor_changed', data: { method: 'totp' } });
  });
  return { user: await currentUser(db, userId), notification, recoveryCodes };
}

/**
 * `2fa/email/send`: a code by email, to turn email codes on (two-factor off) or two-factor off (email codes
 * on). At most one a minute (429); authenticator users turn it off with an authenticator or recovery code.
 */
export async function sendSettingsCode({ db, mailer, appSecret, log }: TwoFactorDeps, userId: number): Promise<void> {
  const user = await currentUser(db, userId);
  if (user.twoFactorMethod === 'totp') throw new ConflictError(MESSAGES.alreadyOn, { code: 'two_factor_already_on' });
  const code = newOtpCode();
  if (!(await issueEmailCode(db, userId, 'account', codeHash(appSecret, userId, 'account', code)))) throw new TooManyAttemptsError(MESSAGES.waitBeforeResend, { code: 'code_requested_too_soon' });
  await mailer.sendTwoFactorSettingsCode(user.email, code, emailLocale(user.language)).catch((error: unknown) => {
    log.error({ err: error, userId }, 'two-factor code email could not be sent');
  });
}

/** Counts a try of the user's settings codes; refuses once the window's 5 are spent. */
async function reserveSettingsTry(db: Database, userId: number): Promise<void> {
  if (!(await reserveTry(db, userId, 'account'))) throw tooManyWrongCodes();
}

/** The code mailed by `2fa/email/send` turns email codes on. */
export async function enableEmail({ db, appSecret }: TwoFactorDeps, userId: number, code: string): Promise<TwoFactorChange> {
  assertOff(await currentUser(db, userId));
  await reserveSettingsTry(db, userId);
  const notification = await db.transaction(async (tx) => {
    if (!(await passesSecondFactor(tx, { appSecret, userId, code, totp: false, recovery: false, email: { purpose: 'account' } }))) return undefined;
    if (!(await switchMethod(tx, userId, 'off', 'email'))) throw new ConflictError(MESSAGES.alreadyOn, { code: 'two_factor_already_on' });
    await settleTries(tx, userId, 'account');
    return notify(tx, { userId, kind: 'two_factor_changed', data: { method: 'email' } });
  });
  if (!notification) throw invalidCode();
  return { user: await currentUser(db, userId), notification };
}

/**
 * Turns two-factor off: the password (accounts that have one) and a current code (authenticator, emailed or
 * recovery). A wrong password counts as a wrong try too, so the two cannot be guessed more than 5 times in 30 minutes.
 */
export async function disableTwoFactor(
  { db, appSecret }: TwoFactorDeps,
  userId: number,
  input: { password?: string | undefined; code: string },
): Promise<TwoFactorChange> {
  const user = await currentUser(db, userId);
  if (user.twoFactorMethod === 'off') throw new ConflictError(MESSAGES.alreadyOff, { code: 'two_factor_already_off' });
  if (user.passwordHash && !input.password) throw new ValidationError(MESSAGES.passwordRequired, { code: 'password_required', errors: { password: [MESSAGES.passwordRequired] } });
  await reserveSettingsTry(db, userId);
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, input.password ?? ''))) {
    throw new ValidationError(MESSAGES.wrongPassword, { code: 'wrong_password', errors: { password: [MESSAGES.wrongPassword] } });
  }
  const method = user.twoFactorMethod;
  const notification = await db.transaction(async (tx) => {
    const passed = await passesSecondFactor(tx, {
      appSecret,
      userId,
      code: input.code,
      totp: method === 'totp',
      recovery: method === 'totp',
      email: method === 'email' ? { purpose: 'account' } : undefined,
    });
    if (!passed) return undefined;
    if (!(await switchMethod(tx, userId, method, 'off'))) throw new ConflictError(MESSAGES.alreadyOff, { code: 'two_factor_already_off' });
    await forgetTwoFactor(tx, userId);
    return notify(tx, { userId, kind: 'two_factor_changed', data: { method: 'off' } });
  });
  if (!notification) throw invalidCode();
  return { user: await currentUser(db, userId), notification };
}
