/** Payloads of the HTTP API (spec §3, §7): one source for api/ and the remotes. */

import type { ErrorCode, ErrorParams } from './error-codes';
import type { EmailPreferences } from './notifications';
import type { Locale } from '../i18n/locales';

export type FieldErrors = Record<string, string[]>;

/** A field error's stable name (`required`, `too_short`, `email_taken`…) and the values its message names. */
export type FieldProblem = { code: ErrorCode; params?: ErrorParams };
/** Beside `errors`: each field's problems as codes, in the order of its messages there. */
export type FieldCodes = Record<string, FieldProblem[]>;

export type SuccessEnvelope<T> = { status: 'success'; message?: string; data: T };
/**
 * `code`: the refusal's stable name (error-codes.ts), which the UI acts on or shows translated, falling back
 * to `message`; `params`: the values the code's message names.
 */
export type ErrorEnvelope = {
  status: 'error';
  message: string;
  code: ErrorCode;
  params?: ErrorParams;
  errors?: FieldErrors;
  field_codes?: FieldCodes;
  error_type?: string;
};

export type AccountRestriction = 'account_blocked' | 'account_pending';

export type UserProfile = {
  id: number;
  name: string;
  email: string;
  /** Whether the email address was shown to be the user's (Google verified it at sign-in, or an operator did). */
  email_verified: boolean;
  /** The second step of sign-in: off, codes from an authenticator app, or codes by email. */
  two_factor: TwoFactorSetting;
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
  /** Whether the account has a password (false: Google only). Turning two-factor off asks for the password only when there is one. */
  has_password: boolean;
  /** The staff console's role of this user (the shell loads mf-admin only then); null for everyone who is not staff. */
  staff_role: StaffRole | null;
  /** The site's language the user chose (PUT /user/language); null: never chosen (the browser's or the `lang` cookie's then). */
  language: Locale | null;
};

/** `PUT /user/language`: one of LOCALES; the answer is `{ language }` and sets the `lang` cookie too. */
export type UpdateLanguagePayload = { language: Locale };

/** A staff member's role in the console (`/admin`): support, finance, or admin (everything). */
export type StaffRole = 'support' | 'finance' | 'admin';

export type LoginPayload = { email: string; password: string };

/** A two-factor method, and `off`. */
export type TwoFactorSetting = 'off' | 'totp' | 'email';
export type TwoFactorMethod = Exclude<TwoFactorSetting, 'off'>;

/**
 * `POST /user/Login` (200) when the password was right and the account has two-factor on: no session yet.
 * The browser posts the challenge with a code to `POST /user/Login/2fa` within 10 minutes (5 wrong codes void it).
 */
export type TwoFactorRequired = { two_factor_required: true; method: TwoFactorMethod; challenge: string };
/** What `POST /user/Login` answers in `data`: the signed-in user, or the second step. */
export type LoginResult = { user: UserProfile } | TwoFactorRequired;
/** `POST /user/Login/2fa`: a TOTP code, an emailed code or a recovery code. Answers like Login (`data: { user }` + session). */
export type LoginSecondStepPayload = { challenge: string; code: string };
export type LoginResendPayload = { challenge: string };
/** 422 of Login/2fa when the challenge is dead (10 minutes passed, 5 wrong codes, or the password changed). */
export const CHALLENGE_EXPIRED = 'challenge_expired';

export type TotpSetupResult = { secret: string; otpauth_url: string };
export type TotpEnableResult = { recovery_codes: string[]; user: UserProfile };
export type TwoFactorCodePayload = { code: string };
/** `password` is required for accounts that have one; Google-only accounts send only the code. */
export type TwoFactorDisablePayload = { password?: string; code: string };

/**
 * 403 of `POST /api/Cashout/Store` for a risky cashout: nothing was booked. For `email` a code was just mailed
 * (at most one a minute); the same request with `step_up_code` books it; a wrong code is 422 "Invalid code.".
 */
export const STEP_UP_REQUIRED = 'step_up_required';
export type StepUpRequiredError = { status: 'error'; code: typeof STEP_UP_REQUIRED; method: TwoFactorMethod; message: string };
/** `POST /user/verify-email`: the 6-digit code mailed at sign-up (or by "Resend code"). */
export type VerifyEmailPayload = { code: string };

/** One of the user's live sessions, as "Where you're signed in" lists them (`GET /user/sessions`). */
export type SignedInSession = {
  id: number;
  /** Browser and system from the session's User-Agent, e.g. "Chrome on Windows"; "Unknown browser" when it says nothing we know. */
  device: string;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  /** The session of the browser asking. */
  current: boolean;
};
/** What `POST /user/Login` answers: the user signed in, or the second step to take. */
export type LoginResponse = { status: 'success'; message?: string; data?: LoginResult };
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
