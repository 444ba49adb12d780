import { maskAccount } from './mask-account';

describe('account masking in the withdrawal history', () => {
  it.each([
    ['pat@example.com', 'pa***@example.com'],
    ['ab@example.com', 'a***@example.com'],
    ['a@example.com', 'a***@example.com'],
    ['LTC1q9x8v7c6b5n4m', 'LTC***n4m'],
    ['P1234567', 'P1***'],
    ['ada_plays', 'ad***'],
    ['P1029384756', 'P10***756'],
    ['bob', 'b***'],
    ['  pat@example.com  ', 'pa***@example.com'],
    ['', ''],
  ])('shows %s as %s', (account, masked) => {
    expect(maskAccount(account)).toBe(masked);
  });
});
