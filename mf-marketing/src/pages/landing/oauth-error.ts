/** Spec §2 Home page: the `error` query parameter an OAuth sign-in failure lands with, and its message. */
export const OAUTH_ERROR_PARAM = 'error';

const MESSAGES: Record<string, string> = {
  google_auth_failed: 'Google login failed, please try again',
  facebook_auth_failed: 'Facebook login failed, please try again',
  oauth_failed: 'Login failed, please try again',
};

export function oauthErrorMessage(code: string): string {
  return Object.hasOwn(MESSAGES, code) ? MESSAGES[code]! : 'An error occurred, please try again';
}

/** The query string without the `error` parameter, every other parameter kept. */
export function withoutOauthError(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(OAUTH_ERROR_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
