import { t } from '../../messages';
import { oauthErrorKey, withoutOauthError } from './oauth-error';

describe('OAuth error messages (spec §2 Home page)', () => {
  it.each([
    ['google_auth_failed', 'Google login failed, please try again'],
    ['facebook_auth_failed', 'Facebook login failed, please try again'],
    ['oauth_failed', 'Login failed, please try again'],
    ['something_else', 'An error occurred, please try again'],
    ['', 'An error occurred, please try again'],
    ['toString', 'An error occurred, please try again'],
  ])('error=%s reads "%s"', (code, message) => {
    expect(t(oauthErrorKey(code))).toBe(message);
  });
});

describe('removing the parameter from the address', () => {
  it('keeps the other parameters', () => {
    expect(withoutOauthError('?utm_source=mail&error=oauth_failed&x=1')).toBe('?utm_source=mail&x=1');
  });

  it('leaves no "?" when nothing else remains', () => {
    expect(withoutOauthError('?error=google_auth_failed')).toBe('');
  });
});
