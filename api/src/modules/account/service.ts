import type { FastifyBaseLogger } from 'fastify';
import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { isLocale, type Locale } from '@rewards/shared/i18n/locales';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import type { Database } from '../../db/database';
import { InvalidRequestError, TooManyAttemptsError, UnauthorizedError, ValidationError } from '../../domain-errors';
import { type AccountTotals, accountTotals } from '../ledger/ledger';
import { notify, type StoredNotification } from '../notifications/notify';
import { countUnread, deleteNotificationsOf } from '../notifications/repository';
import { deleteEmailCodes } from './email-verification-codes';
import { findStaffRole, removeStaff } from '../staff/repository';
import type { StaffRole } from '../../db/schema';
import { forgetDevices } from './known-devices';
import type { Mailer } from './mailer';
import {
  anonymiseUser,
  checkResetCode,
  consumeResetCode,
  deleteResetCodes,
  findUserByEmail,
  findUserIdByReferralCode,
  insertUser,
  issueResetCode,
  setEmailPreferences,
  setLanguage,
  setName,
  setPasswordHash,
  type UserRow,
} from './repository';
import type {
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  UpdateEmailPreferencesInput,
  UpdateProfileInput,
  VerifyOtpInput,
} from './schemas';
import { hashOtpCode, hashPassword, newOtpCode, verifyPassword } from './secrets';
import type { TwoFactorRequired } from '@rewards/shared/contracts/api-types';
import { startLoginChallenge } from '../two-factor/challenges';
import { forgetTwoFactor } from '../two-factor/repository';
import { assertAccountActive, revokeAllSessions, revokeSession, startSession, UNAUTHENTICATED } from '../session/session';
import { eraseTicketTextsOfUser } from '../tickets/repository';
import { emailLocale } from './emails/render';
import { type ClientInfo, type LoggedIn, openSignInSession, type SignedIn } from './sign-in-session';

export const MESSAGES = {
  registered: 'Registration successful.',
  loggedIn: 'Login successful.',
  secondStep: 'Enter your two-factor code to finish signing in.',
  loggedOut: 'Logged out successfully.',
  deleted: 'Your account has been deleted.',
  wrongCredentials: 'Email or password is incorrect',
  emailTaken: 'The email has already been taken.',
  otpSent: 'OTP code sent to your email successfully!',
  otpVerified: 'OTP verified successfully.',
  invalidOtp: 'Invalid OTP code',
  tooManyWrongCodes: 'Too many wrong codes for this account today. Please try again tomorrow.',
  passwordReset: 'Password reset successfully! You can now sign in with your new password.',
  profileUpdated: 'Profile updated successfully.',
  emailPreferencesSaved: 'Email preferences saved.',
} as const;

export type AccountDeps = { db: Database; mailer: Mailer; appSecret: string; log: FastifyBaseLogger };

export async function register(db: Database, input: RegisterInput, client: ClientInfo): Promise<SignedIn> {
  const emailTaken = () => new ValidationError(MESSAGES.emailTaken, { code: 'email_taken', errors: { email: [MESSAGES.emailTaken] } });
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  // An unknown referral code is ignored: signing up must not fail because of a stale link.
  const referredBy = input.referral_code ? ((await findUserIdByReferralCode(db, input.referral_code)) ?? null) : null;
  const user = await insertUser(db, { name: input.name, email: input.email, passwordHash, referredBy });
  if (!user) throw emailTaken();
  return { token: await startSession(db, user.id, client), user };
}

/** The second step a sign-in still needs (the password was right; no session yet). */
export type SecondStepNeeded = { secondStep: TwoFactorRequired };
export type LoginOutcome = LoggedIn | SecondStepNeeded;

/**
 * Signs in with the password; `deviceId` (the browser's) is recorded as known with the session. With
 * two-factor on, a right password opens no session: it answers the second step (see two-factor/challenges.ts).
 */
export async function login(deps: AccountDeps, input: LoginInput, client: ClientInfo, deviceId: string): Promise<LoginOutcome> {
  const { db } = deps;
  const user = await findUserByEmail(db, input.email);
  // verifyPassword spends a hash even without a user, so timing does not reveal registered emails.
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user?.passwordHash || !passwordOk) throw new UnauthorizedError(MESSAGES.wrongCredentials, { code: 'invalid_credentials' });
  assertAccountActive(user.status);
  if (user.twoFactorMethod !== 'off') return { secondStep: await startLoginChallenge(deps, user, user.passwordHash) };
  const signedIn = await openSignInSession(db, { userId: user.id, verifiedPasswordHash: user.passwordHash, client, deviceId, twoFactor: false });
  if (!signedIn) throw new UnauthorizedError(MESSAGES.wrongCredentials, { code: 'invalid_credentials' });
  return signedIn;
}

/** The user as the frontend sees it (spec §3); money as dollar strings computed from integer coins. */
export async function profileOf(db: Database, user: UserRow): Promise<UserProfile> {
  const [totals, unreadNotifications, staffRole] = await Promise.all([accountTotals(db, user.id), countUnread(db, user.id), findStaffRole(db, user.id)]);
  return toProfile(user, totals, unreadNotifications, staffRole);
}

export function toProfile(user: UserRow, totals: AccountTotals, unreadNotifications: number, staffRole: StaffRole | null): UserProfile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    two_factor: user.twoFactorMethod,
    has_password: user.passwordHash !== null,
    image: user.image,
    avatar: user.image,
    wallet: coinsToDollarString(user.balanceCoins),
    pending_wallet: coinsToDollarString(user.heldCoins),
    total_earnings: coinsToDollarString(totals.totalEarnings),
    referrals_count: totals.referrals,
    completed_offers: user.completedOffers,
    earnings_last_30_days: coinsToDollarString(totals.recentEarnings),
    referral_code: user.referralCode,
    unread_notifications: unreadNotifications,
    email_preferences: { cashouts: user.emailCashouts, tickets: user.emailTickets, security: user.emailSecurity },
    staff_role: staffRole,
    language: isLocale(user.language) ? user.language : null,
  };
}

export async function logout(db: Database, sessionId: number): Promise<void> {
  await revokeSession(db, sessionId);
}

/** Renames the signed-in user (the name is checked by the schema: no control or formatting characters). */
export async function updateProfile(db: Database, userId: number, input: UpdateProfileInput): Promise<UserRow> {
  const user = await setName(db, userId, input.name);
  if (!user) throw new UnauthorizedError(UNAUTHENTICATED);
  return user;
}

/** Turns the chosen emails on or off (a password change is emailed whatever they say). */
export async function updateEmailPreferences(db: Database, userId: number, input: UpdateEmailPreferencesInput): Promise<UserRow> {
  const user = await setEmailPreferences(db, userId, input);
  if (!user) throw new UnauthorizedError(UNAUTHENTICATED);
  return user;
}

export async function updateLanguage(db: Database, userId: number, language: Locale): Promise<Locale> {
  const user = await setLanguage(db, userId, language);
  if (!user) throw new UnauthorizedError(UNAUTHENTICATED);
  return language;
}

/** Signs out everywhere and removes the personal data (what the user wrote in tickets too); the ledger keeps its rows, now anonymous. */
export async function deleteAccount(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // The row first: its lock makes a sign-in checked a moment ago wait, then find the account gone.
    await anonymiseUser(tx, userId);
    await revokeAllSessions(tx, userId);
    await forgetDevices(tx, userId);
    await deleteResetCodes(tx, userId);
    await forgetTwoFactor(tx, userId);
    await deleteEmailCodes(tx, userId);
    await eraseTicketTextsOfUser(tx, userId);
    await deleteNotificationsOf(tx, userId);
    // A deleted account can no longer hold a staff role (the audit log keeps who it was).
    await removeStaff(tx, userId);
  });
}

// ---- password reset ----
//
// Who may ask for codes and guess them, and how a stranger is kept from locking the owner out:
// - Per IP address (rate limits `forgot_ip`, `otp_ip`) and per IP address and email (`forgot`, `otp`): a
//   stranger's requests use up the stranger's own allowance, never the owner's, whose requests come from
//   elsewhere; these windows are minutes long.
// - Per account, over a 24-hour window kept in the database (shared by every instance, surviving restarts):
//   at most RESET_WINDOW_MAX_CODES codes are mailed and RESET_WINDOW_MAX_WRONG_TRIES wrong codes are
//   tried, whoever asks and whichever code they try; asking for a new code gives no tries back. So a 6-digit
//   code can be guessed with odds of at most 10 in a million a day, from any number of addresses.
// - What a stranger can do to the owner is bounded: every code goes only to the owner's inbox (so codes a
//   stranger asks for are codes the owner can use); burning the day's tries pauses resets for that account
//   until the window ends, 24 hours after it began (to keep it paused, the stranger must burn the tries again
//   every day, slowed by the per-address limits); using a code ends the window at once; and signing in
//   (password or Google) and staying signed in are never limited by any of this.

/** Same answer whether or not the email is registered; the code goes out by email (or the log). */
export async function forgotPassword({ db, mailer, appSecret, log }: AccountDeps, input: ForgotPasswordInput): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  if (!user) return;
  const code = newOtpCode();
  if (!(await issueResetCode(db, user.id, hashOtpCode(appSecret, user.id, code)))) {
    // Answered like any other request: the owner still has the codes already mailed.
    log.info({ userId: user.id }, 'password reset code not sent: the account used up its codes or wrong tries for today');
    return;
  }
  // Not awaited: a slow mail server must not make registered emails answer slower than unknown ones.
  mailer.sendPasswordResetCode(user.email, code, emailLocale(user.language)).catch((error: unknown) => {
    log.error({ err: error }, 'password reset email could not be sent');
  });
}

function codeRefused(check: 'wrong' | 'too_many'): Error {
  return check === 'too_many' ? new TooManyAttemptsError(MESSAGES.tooManyWrongCodes, { code: 'too_many_wrong_reset_codes' }) : new InvalidRequestError(MESSAGES.invalidOtp, { code: 'invalid_otp' });
}

export async function verifyOtp({ db, appSecret }: AccountDeps, input: VerifyOtpInput): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  if (!user) throw new InvalidRequestError(MESSAGES.invalidOtp, { code: 'invalid_otp' });
  const check = await checkResetCode(db, user.id, hashOtpCode(appSecret, user.id, input.otp));
  if (check !== 'right') throw codeRefused(check);
}

/**
 * Uses the code up, sets the new password, signs the user out everywhere and notifies them, in one
 * transaction. Answers the notification, for the caller to deliver (it is also emailed, always).
 */
export async function resetPassword({ db, appSecret }: AccountDeps, input: ResetPasswordInput): Promise<StoredNotification> {
  const user = await findUserByEmail(db, input.email);
  if (!user) throw new InvalidRequestError(MESSAGES.invalidOtp, { code: 'invalid_otp' });
  const codeHash = hashOtpCode(appSecret, user.id, input.otp);
  const passwordHash = await hashPassword(input.password);
  const reset = await db.transaction(async (tx) => {
    if (!(await consumeResetCode(tx, user.id, codeHash))) return undefined;
    await setPasswordHash(tx, user.id, passwordHash, { reset: true });
    await revokeAllSessions(tx, user.id);
    // Whoever knew the old password keeps no browser that skips the wrong-password limit.
    await forgetDevices(tx, user.id);
    return notify(tx, { userId: user.id, kind: 'password_changed', data: {} });
  });
  if (!reset) {
    // Counts the wrong try (a right code that is merely dead counts nothing).
    const check = await checkResetCode(db, user.id, codeHash);
    throw codeRefused(check === 'right' ? 'wrong' : check);
  }
  return reset;
}
