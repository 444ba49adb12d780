import type { FastifyBaseLogger } from 'fastify';
import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import type { Database } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import { assertAccountActive } from '../../plugins/auth';
import { type AccountTotals, accountTotals, type Executor } from '../ledger/ledger';
import type { Mailer } from './mailer';
import {
  anonymiseUser,
  checkResetCode,
  consumeResetCode,
  deleteResetCodes,
  findUserByEmail,
  findUserIdByReferralCode,
  insertSession,
  insertUser,
  replaceResetCode,
  revokeAllSessions,
  revokeSession,
  setPasswordHash,
  type UserRow,
} from './repository';
import type { ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput, VerifyOtpInput } from './schemas';
import { hashOtpCode, hashPassword, hashSessionToken, newOtpCode, newSessionToken, verifyPassword } from './secrets';

export const MESSAGES = {
  registered: 'Registration successful.',
  loggedIn: 'Login successful.',
  loggedOut: 'Logged out successfully.',
  deleted: 'Your account has been deleted.',
  wrongCredentials: 'Email or password is incorrect',
  emailTaken: 'The email has already been taken.',
  otpSent: 'OTP code sent to your email successfully!',
  otpVerified: 'OTP verified successfully.',
  invalidOtp: 'Invalid OTP code',
  passwordReset: 'Password reset successfully! You can now sign in with your new password.',
} as const;

export type AccountDeps = { db: Database; mailer: Mailer; appSecret: string; log: FastifyBaseLogger };
export type ClientInfo = { userAgent: string | null; ip: string | null };
export type SignedIn = { token: string; user: UserRow };

/** Opens a session for the user and returns its token (the only time the token exists in clear). */
export async function startSession(db: Executor, userId: number, client: ClientInfo): Promise<string> {
  const token = newSessionToken();
  await insertSession(db, { userId, tokenHash: hashSessionToken(token), userAgent: client.userAgent?.slice(0, 512) ?? null, ip: client.ip });
  return token;
}

export async function register(db: Database, input: RegisterInput, client: ClientInfo): Promise<SignedIn> {
  const emailTaken = () => new HttpError(422, MESSAGES.emailTaken, { errors: { email: [MESSAGES.emailTaken] } });
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  // An unknown referral code is ignored: signing up must not fail because of a stale link.
  const referredBy = input.referral_code ? ((await findUserIdByReferralCode(db, input.referral_code)) ?? null) : null;
  const user = await insertUser(db, { name: input.name, email: input.email, passwordHash, referredBy });
  if (!user) throw emailTaken();
  return { token: await startSession(db, user.id, client), user };
}

export async function login(db: Database, input: LoginInput, client: ClientInfo): Promise<SignedIn> {
  const user = await findUserByEmail(db, input.email);
  // verifyPassword spends a hash even without a user, so timing does not reveal registered emails.
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) throw new HttpError(401, MESSAGES.wrongCredentials);
  assertAccountActive(user.status);
  return { token: await startSession(db, user.id, client), user };
}

/** The user as the frontend sees it (spec §3); money as dollar strings computed from integer coins. */
export async function profileOf(db: Database, user: UserRow): Promise<UserProfile> {
  return toProfile(user, await accountTotals(db, user.id));
}

export function toProfile(user: UserRow, totals: AccountTotals): UserProfile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    avatar: user.image,
    wallet: coinsToDollarString(user.balanceCoins),
    total_earnings: coinsToDollarString(totals.totalEarnings),
    referrals_count: totals.referrals,
    completed_offers: user.completedOffers,
    earnings_last_30_days: coinsToDollarString(totals.recentEarnings),
    referral_code: user.referralCode,
  };
}

export async function logout(db: Database, sessionId: number): Promise<void> {
  await revokeSession(db, sessionId);
}

/** Signs out everywhere and removes the personal data; the ledger keeps its rows, now anonymous. */
export async function deleteAccount(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeAllSessions(tx, userId);
    await deleteResetCodes(tx, userId);
    await anonymiseUser(tx, userId);
  });
}

// ---- password reset ----

/** Same answer whether or not the email is registered; the code goes out by email (or the log). */
export async function forgotPassword({ db, mailer, appSecret, log }: AccountDeps, input: ForgotPasswordInput): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  if (!user) return;
  const code = newOtpCode();
  await replaceResetCode(db, user.id, hashOtpCode(appSecret, user.id, code));
  // Not awaited: a slow mail server must not make registered emails answer slower than unknown ones.
  mailer.sendPasswordResetCode(user.email, code).catch((error: unknown) => {
    log.error({ err: error }, 'password reset email could not be sent');
  });
}

export async function verifyOtp({ db, appSecret }: AccountDeps, input: VerifyOtpInput): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  if (!user || !(await checkResetCode(db, user.id, hashOtpCode(appSecret, user.id, input.otp)))) {
    throw new HttpError(400, MESSAGES.invalidOtp);
  }
}

/** Uses the code up, sets the new password and signs the user out everywhere, in one transaction. */
export async function resetPassword({ db, appSecret }: AccountDeps, input: ResetPasswordInput): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  if (!user) throw new HttpError(400, MESSAGES.invalidOtp);
  const codeHash = hashOtpCode(appSecret, user.id, input.otp);
  const passwordHash = await hashPassword(input.password);
  const reset = await db.transaction(async (tx) => {
    if (!(await consumeResetCode(tx, user.id, codeHash))) return false;
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeAllSessions(tx, user.id);
    return true;
  });
  if (!reset) {
    // Counts the wrong try (a right code that is merely dead counts nothing).
    await checkResetCode(db, user.id, codeHash);
    throw new HttpError(400, MESSAGES.invalidOtp);
  }
}
