import type { TwoFactorSetting } from '@rewards/shared/contracts/api-types';
import type { AdminTranslate } from '../messages';

const TWO_FACTOR_WORDS = { off: 'admin.twoFactor.off', totp: 'admin.twoFactor.totp', email: 'admin.twoFactor.email' } as const satisfies Record<TwoFactorSetting, string>;
const SIGN_IN_WORDS = { password: 'admin.signIn.password', google: 'admin.signIn.google' } as const;

/** How a user's second factor reads in the page's language ("off", "app", "email"); an unknown value as the API wrote it. */
export function twoFactorWord(t: AdminTranslate, setting: string): string {
  return Object.hasOwn(TWO_FACTOR_WORDS, setting) ? t(TWO_FACTOR_WORDS[setting as TwoFactorSetting]) : setting;
}

/** A way of signing in ("password", "Google") in the page's language. */
export function signInWord(t: AdminTranslate, method: string): string {
  return Object.hasOwn(SIGN_IN_WORDS, method) ? t(SIGN_IN_WORDS[method as keyof typeof SIGN_IN_WORDS]) : method;
}
