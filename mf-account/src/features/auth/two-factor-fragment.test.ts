import { readTwoFactorFragment } from './two-factor-fragment';

describe("Google's two-factor fragment", () => {
  it.each([
    ['#two-factor=abc123&method=totp', { challenge: 'abc123', method: 'totp' }],
    ['#two-factor=a.b_c-d~e&method=email', { challenge: 'a.b_c-d~e', method: 'email' }],
    ['#two-factor=a%2Fb%3D&method=email', { challenge: 'a/b=', method: 'email' }],
  ])('reads %s', (hash, start) => {
    expect(readTwoFactorFragment(hash)).toEqual(start);
  });

  it.each([
    ['no fragment', ''],
    ['another fragment', '#main'],
    ['no method', '#two-factor=abc'],
    ['an unknown method', '#two-factor=abc&method=sms'],
    ['an empty challenge', '#two-factor=&method=totp'],
    ['a challenge with spaces', '#two-factor=a%20b&method=totp'],
    ['a huge challenge', `#two-factor=${'a'.repeat(513)}&method=totp`],
  ])('reads nothing from %s', (_case, hash) => {
    expect(readTwoFactorFragment(hash)).toBeNull();
  });
});
