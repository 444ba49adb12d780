import { readAuthCookie } from './auth-cookie';

describe('readAuthCookie', () => {
  it('finds auth_token among other cookies', () => {
    expect(readAuthCookie('a=1; auth_token=abc%20def; b=2')).toBe('abc def');
  });

  it('answers null when the cookie is absent or empty', () => {
    expect(readAuthCookie('a=1')).toBeNull();
    expect(readAuthCookie('auth_token=')).toBeNull();
  });
});
