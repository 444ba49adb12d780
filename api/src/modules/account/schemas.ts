import { z } from 'zod';
import { RESET_PASSWORD_MIN, SIGNUP_PASSWORD_MIN } from '@rewards/shared/constants';
import type {
  ForgotPasswordPayload,
  LoginPayload,
  RegisterPayload,
  ResetPasswordPayload,
  SignedInSession,
  UpdateLanguagePayload,
  UpdateProfilePayload,
  UserProfile,
  VerifyEmailPayload,
  VerifyOtpPayload,
} from '@rewards/shared/contracts/api-types';
import type { ErrorCode } from '@rewards/shared/contracts/error-codes';
import type { EmailPreferencesPayload } from '@rewards/shared/contracts/notifications';
import { isLocale, type Locale, LOCALES } from '@rewards/shared/i18n/locales';
import { FORBIDDEN_NAME_CHARACTER_MESSAGE, hasForbiddenNameCharacter } from '@rewards/shared/rules/name-characters';
import { REFERRAL_CODE_PATTERN } from './secrets';

// Messages read like the ones people know from sign-up forms ("The email field is required.").

const MAX_NAME = 100;
const MAX_EMAIL = 254;
// argon2 takes any length, but a megabyte password is only a way to burn CPU.
const MAX_PASSWORD = 200;

function text(label: string) {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? `The ${label} field is required.` : `The ${label} must be a string.`),
  });
}

function requiredText(label: string, max: number) {
  return text(label)
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);
}

// Names reach other people's screens (live feed, leaderboard) and operators' terminals.
const name = requiredText('name', MAX_NAME).refine((value) => !hasForbiddenNameCharacter(value), FORBIDDEN_NAME_CHARACTER_MESSAGE);

const email = requiredText('email', MAX_EMAIL)
  .toLowerCase()
  .pipe(z.email({ error: 'The email must be a valid email address.' }));

function password(min: number) {
  return text('password')
    .min(1, 'The password field is required.')
    .min(min, `The password must be at least ${min} characters.`)
    .max(MAX_PASSWORD, `The password may not be greater than ${MAX_PASSWORD} characters.`);
}

const passwordConfirmation = text('password confirmation').max(MAX_PASSWORD, 'The password confirmation does not match.');

/** A body that is not a JSON object gets one message under `body`. */
function body<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape, { error: 'The request body must be a JSON object.' });
}

function confirmationMatches(ctx: z.core.ParsePayload<{ password?: unknown; password_confirmation?: unknown }>) {
  const { password, password_confirmation } = ctx.value;
  if (typeof password === 'string' && typeof password_confirmation === 'string' && password !== password_confirmation) {
    ctx.issues.push({ code: 'custom', path: ['password_confirmation'], message: 'The password confirmation does not match.', input: password_confirmation });
  }
}

/** Optional and forgiving: anything that is not a well-formed code is ignored, never an error. */
const referralCode = z
  .unknown()
  .transform((value) => {
    if (typeof value !== 'string') return undefined;
    const code = value.trim().toUpperCase();
    return REFERRAL_CODE_PATTERN.test(code) ? code : undefined;
  })
  .optional();

export const registerBody = body({
  name,
  email,
  password: password(SIGNUP_PASSWORD_MIN),
  password_confirmation: passwordConfirmation,
  referral_code: referralCode,
}).check(confirmationMatches);

export const loginBody = body({
  email,
  password: text('password')
    .min(1, 'The password field is required.')
    .max(MAX_PASSWORD, `The password may not be greater than ${MAX_PASSWORD} characters.`),
});

export const forgotPasswordBody = body({ email });

const otp = text('otp')
  .trim()
  .min(1, 'The otp field is required.')
  .regex(/^\d{6}$/, 'The otp must be 6 digits.');

export const verifyOtpBody = body({ email, otp });

export const resetPasswordBody = body({
  email,
  otp,
  password: password(RESET_PASSWORD_MIN),
  password_confirmation: passwordConfirmation,
}).check(confirmationMatches);

export const updateProfileBody = body({ name });

export const verifyEmailBody = body({
  code: text('code')
    .trim()
    .min(1, 'The code field is required.')
    .regex(/^\d{6}$/, 'The code must be 6 digits.'),
});

const preference = (label: string) => z.boolean({ error: `The ${label} field must be true or false.` }).optional();

export const updateEmailPreferencesBody = body({
  cashouts: preference('cashouts'),
  tickets: preference('tickets'),
  security: preference('security'),
}).check((ctx) => {
  const { cashouts, tickets, security } = ctx.value;
  if (cashouts === undefined && tickets === undefined && security === undefined) {
    ctx.issues.push({ code: 'custom', path: [], message: 'Send at least one of cashouts, tickets and security (true or false).', input: ctx.value });
  }
});

const LANGUAGE_MESSAGE = `The language must be one of ${LOCALES.join(', ')}.`;

/** PUT /user/language: one of the site's languages (422 invalid_language otherwise). */
export const updateLanguageBody = body({
  language: z.custom<Locale>(isLocale, { message: LANGUAGE_MESSAGE, params: { code: 'invalid_language' satisfies ErrorCode } }),
});

export const languageResponse = z.object({ status: z.literal('success'), data: z.object({ language: z.enum(LOCALES) }) });

// A parsed body must be a payload of the shared contract, or this does not compile.
type Checked<Body extends Payload, Payload> = Body;
export type RegisterInput = Checked<z.output<typeof registerBody>, RegisterPayload>;
export type LoginInput = Checked<z.output<typeof loginBody>, LoginPayload>;
export type ForgotPasswordInput = Checked<z.output<typeof forgotPasswordBody>, ForgotPasswordPayload>;
export type VerifyOtpInput = Checked<z.output<typeof verifyOtpBody>, VerifyOtpPayload>;
export type ResetPasswordInput = Checked<z.output<typeof resetPasswordBody>, ResetPasswordPayload>;
export type VerifyEmailInput = Checked<z.output<typeof verifyEmailBody>, VerifyEmailPayload>;
export type UpdateProfileInput = Checked<z.output<typeof updateProfileBody>, UpdateProfilePayload>;
export type UpdateEmailPreferencesInput = Checked<z.output<typeof updateEmailPreferencesBody>, EmailPreferencesPayload>;
export type UpdateLanguageInput = Checked<z.output<typeof updateLanguageBody>, UpdateLanguagePayload>;

// ---- responses ----

const dollars = z.string().regex(/^-?\d+\.\d{2}$/);

export const userProfileSchema: z.ZodType<UserProfile> = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  two_factor: z.enum(['off', 'totp', 'email']),
  has_password: z.boolean(),
  image: z.string().nullable(),
  avatar: z.string().nullable(),
  wallet: dollars,
  pending_wallet: dollars,
  total_earnings: dollars,
  referrals_count: z.number().int(),
  completed_offers: z.number().int(),
  earnings_last_30_days: dollars,
  referral_code: z.string(),
  unread_notifications: z.number().int(),
  email_preferences: z.object({ cashouts: z.boolean(), tickets: z.boolean(), security: z.boolean() }),
  staff_role: z.enum(['support', 'finance', 'admin']).nullable(),
  language: z.enum(LOCALES).nullable(),
});

export const messageResponse = z.object({ status: z.literal('success'), message: z.string() });

export const profileResponse = z.object({ status: z.literal('success'), data: userProfileSchema });

/** The session probe: the profile of whoever is signed in, `null` for a visitor. */
export const sessionResponse = z.object({ status: z.literal('success'), data: userProfileSchema.nullable() });

export const signedInResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ user: userProfileSchema }),
});

/** Login: signed in, or (two-factor on) the second step to take, with no session yet. */
export const loginResponse = z.union([
  signedInResponse,
  z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ two_factor_required: z.literal(true), method: z.enum(['totp', 'email']), challenge: z.string() }),
  }),
]);
/** `/user/sessions/:id`: the id is checked by the route (anything but a positive integer is no session: 404). */
export const sessionIdParams = z.object({ id: z.string() });

const signedInSession: z.ZodType<SignedInSession> = z.object({
  id: z.number().int(),
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});

export const sessionsResponse = z.object({ status: z.literal('success'), data: z.array(signedInSession) });
