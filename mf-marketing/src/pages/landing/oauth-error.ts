/** Spec §2 Home page: the `error` query parameter an OAuth sign-in failure lands with, and its message. */
export const OAUTH_ERROR_PARAM = 'error';

const MESSAGES = {
  google_auth_failed: 'landing.oauthError.google',
  facebook_auth_failed: 'landing.oauthError.facebook',
  oauth_failed: 'landing.oauthError.oauth',
} as const;

export type OauthErrorKey = (typeof MESSAGES)[keyof typeof MESSAGES] | 'landing.oauthError.other';

/** The message key of an `error` code; any code we do not know reads as a general error. */
export function oauthErrorKey(code: string): OauthErrorKey {
  return Object.hasOwn(MESSAGES, code) ? MESSAGES[code as keyof typeof MESSAGES] : 'landing.oauthError.other';
}

/** The query string without the `error` parameter, every other parameter kept. */
export function withoutOauthError(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(OAUTH_ERROR_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
