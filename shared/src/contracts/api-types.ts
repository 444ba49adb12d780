/** Payloads of the HTTP API (spec §3, §7): one source for api/ and the remotes. */

import type { EmailPreferences } from './notifications';

export type FieldErrors = Record<string, string[]>;

export type SuccessEnvelope<T> = { status: 'success'; message?: string; data: T };
export type ErrorEnvelope = { status: 'error'; message: string; errors?: FieldErrors; error_type?: string; code?: string };

export type AccountRestriction = 'account_blocked' | 'account_pending';

export type UserProfile = {
  id: number;
  name: string;
  email: string;
  /** Whether the email address was shown to be the user's (Google verified it at sign-in, or an operator did). */
  email_verified: boolean;
  image: string | null;
  avatar: string | null;
  /** The available balance: dollars as a string with two decimals, e.g. "12.34". What cashouts may take. */
  wallet: string;
  /** Credits held before they can be cashed out (released by the server at their dates), in dollars like `wallet`. */
  pending_wallet: string;
  total_earnings: string;
  referrals_count: number;
  completed_offers: number;
  earnings_last_30_days: string;
  referral_code: string;
  /** Notifications not read yet (of the newest 500 kept), for the navigation's bell. */
  unread_notifications: number;
  /** Which emails the user wants (Settings); a password change is emailed whatever they say. */
  email_preferences: EmailPreferences;
  /** The second step of sign-in the user turned on in Settings, if any. */
  two_factor: TwoFactorSetting;
  /**
   * Whether the account has a password (false: Google only). Turning two-factor off asks for the password only
   * when there is one. Optional until every server sends it: absent reads as true.
   */
  has_password?: boolean;
};

/** Where the second sign-in code comes from: an authenticator app (TOTP) or an email. */
export type TwoFactorMethod = 'totp' | 'email';
export type TwoFactorSetting = 'off' | TwoFactorMethod;

export type LoginPayload = { email: string; password: string };

/** `POST /user/Login` (and Google's callback) for an account with two-factor on: no session yet, a second step. */
export type TwoFactorChallenge = { two_factor_required: true; method: TwoFactorMethod; challenge: string };
/** What `POST /user/Login` answers: the user signed in, or the second step to take. */
export type LoginResponse = { status: 'success'; message?: string; data?: { user: UserProfile } | TwoFactorChallenge };
/** `POST /user/Login/2fa`: a TOTP code, an emailed code or a recovery code for the challenge. */
export type TwoFactorLoginPayload = { challenge: string; code: string };
/** `POST /user/Login/2fa/resend` (email method only). */
export type TwoFactorResendPayload = { challenge: string };
/** `POST /user/2fa/totp/setup`: the secret (base32) and the `otpauth://` URL a QR code carries. */
export type TotpSetup = { secret: string; otpauth_url: string };
/** `POST /user/2fa/totp/enable`: the 10 one-time recovery codes, shown once. */
export type TotpEnabled = { recovery_codes: string[]; user: UserProfile };
/** `POST /user/2fa/totp/enable` and `POST /user/2fa/email/enable`. */
export type TwoFactorCodePayload = { code: string };
/** `POST /user/2fa/disable`: the password for accounts that have one, and a current code. */
export type TwoFactorDisablePayload = { password?: string; code: string };

/** 403 of `POST /Cashout/Store` for a risky cashout: send the same body again with `step_up_code`. */
export type StepUpRequiredError = { status: 'error'; code: 'step_up_required'; method: TwoFactorMethod; message: string };
export type RegisterPayload = {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  referral_code?: string;
};
export type ForgotPasswordPayload = { email: string };
/** POST /user/UpdateProfile: renames the signed-in user. */
export type UpdateProfilePayload = { name: string };
export type VerifyOtpPayload = { email: string; otp: string };
export type ResetPasswordPayload = { email: string; otp: string; password: string; password_confirmation: string };

export type MessageResponse = { status: 'success' | 'error'; message: string };

export type HealthResponse = { status: 'ok'; database: 'pglite' | 'postgres' };

/**
 * An entry of the live feed, pushed on the `fake-leads` channel as `lead.created`: a credited conversion (or,
 * while none come, a simulated one). `name` is a first name and an initial ("Ada L."), `amount` dollars ("$1.50").
 */
export type LiveLead = {
  /**
   * The entry's number in the feed: the same in `lead.created` and in `GET /api/leads/recent`, so a page that
   * gets an entry both ways shows it once; a later entry has a larger one. Absent from servers older than it
   * (a page tells their entries apart by what they say). Never a user's or a transaction's id.
   */
  id?: number;
  name: string;
  amount: string;
  wall: string;
  offer: string;
};

/** An entry of the live feed as this API sends it: always with its id. */
export type NumberedLiveLead = LiveLead & { id: number };

/** `GET /api/leads/recent`: the last 12 entries of the live feed, newest first. */
export type RecentLeadsResponse = SuccessEnvelope<NumberedLiveLead[]>;
