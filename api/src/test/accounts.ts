import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import type { RegisterPayload, UserProfile } from '@rewards/shared/contracts/api-types';
import type { Locale } from '@rewards/shared/i18n/locales';
import type { Mailer } from '../modules/account/mailer';

export type TwoFactorCodeKind = 'sign_in' | 'step_up' | 'settings' | 'staff';

/** A mailer that keeps the reset codes, two-factor and email verification codes and notification emails instead of sending them. */
export type CapturingMailer = Mailer & {
  codeFor(email: string): string;
  /** The last two-factor code of this kind mailed to the email. */
  twoFactorCodeFor(email: string, kind: TwoFactorCodeKind): string;
  sent: Array<{ email: string; code: string; locale: Locale }>;
  twoFactorCodes: Array<{ email: string; code: string; kind: TwoFactorCodeKind; locale: Locale }>;
  /** The email verification codes, in the order mailed, with the language each email was written in. */
  verificationCodes: Array<{ email: string; code: string; locale: Locale }>;
  verificationCodeFor(email: string): string;
  notifications: Array<{ email: string; subject: string; text: string }>;
};

export function captureMailer(): CapturingMailer {
  const sent: CapturingMailer['sent'] = [];
  const notifications: CapturingMailer['notifications'] = [];
  const twoFactorCodes: CapturingMailer['twoFactorCodes'] = [];
  const verificationCodes: CapturingMailer['verificationCodes'] = [];
  return {
    sent,
    notifications,
    twoFactorCodes,
    verificationCodes,
    async sendPasswordResetCode(email, code, locale) {
      sent.push({ email, code, locale });
    },
    async sendEmailVerificationCode(email, code, locale) {
      verificationCodes.push({ email, code, locale });
    },
    verificationCodeFor(email) {
      const found = verificationCodes.filter((item) => item.email === email).at(-1);
      if (!found) throw new Error(`no verification code was sent to ${email}`);
      return found.code;
    },
    async sendSignInCode(email, code, locale) {
      twoFactorCodes.push({ email, code, kind: 'sign_in', locale });
    },
    async sendStepUpCode(email, code, locale) {
      twoFactorCodes.push({ email, code, kind: 'step_up', locale });
    },
    async sendTwoFactorSettingsCode(email, code, locale) {
      twoFactorCodes.push({ email, code, kind: 'settings', locale });
    },
    async sendStaffConsoleCode(email, code, locale) {
      twoFactorCodes.push({ email, code, kind: 'staff', locale });
    },
    twoFactorCodeFor(email, kind) {
      const found = twoFactorCodes.filter((item) => item.email === email && item.kind === kind).at(-1);
      if (!found) throw new Error(`no ${kind} code was sent to ${email}`);
      return found.code;
    },
    async sendNotificationEmail(email, message) {
      notifications.push({ email, ...message });
    },
    close() {},
    codeFor(email) {
      const found = sent.filter((item) => item.email === email).at(-1);
      if (!found) throw new Error(`no reset code was sent to ${email}`);
      return found.code;
    },
  };
}

let counter = 0;
/** An email no other test of this run uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === AUTH_COOKIE);
  if (!cookie?.value) throw new Error(`no ${AUTH_COOKIE} cookie in the response (${response.statusCode} ${response.body})`);
  return cookie.value;
}

/** `device`: the signed `device_id` cookie of the browser that signed up (known to the account). */
export type SignedUp = { token: string; user: UserProfile; email: string; password: string; device: string };

let addressCounter = 0;
/** A distinct documentation-range address per call: accounts signed up from it look like different people. */
export function distinctAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/**
 * Registers through the API and returns the session token of the new user. `from` is the client's address
 * (default 127.0.0.1, the same for every test user: pass distinctAddress() where two users must not look
 * like one person, e.g. a referrer and their friend).
 */
export async function signUp(app: FastifyInstance, overrides: Partial<RegisterPayload> = {}, { from }: { from?: string } = {}): Promise<SignedUp> {
  const password = overrides.password ?? 'correct horse 1';
  const payload: RegisterPayload = {
    name: 'Ada Lovelace',
    email: uniqueEmail(),
    password,
    password_confirmation: password,
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: '/api/user/Register', payload, ...(from ? { remoteAddress: from } : {}) });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const device = response.cookies.find((item) => item.name === 'device_id')?.value ?? '';
  return { token: sessionCookieOf(response), user: response.json().data.user, email: payload.email, password, device };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export function withCookie(token: string) {
  return { [AUTH_COOKIE]: token };
}
