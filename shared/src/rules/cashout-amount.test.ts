import fc from 'fast-check';
import { MINIMUM_CASHOUT_COINS, readCashoutAmount } from './cashout-amount';

describe('readCashoutAmount', () => {
  it.each([
    [0.25, 250],
    ['0.25', 250],
    [1, 1000],
    [1.1, 1100],
    ['1.10', 1100],
    ['1.100', 1100],
    [' 12.34 ', 12_340],
    ['.5', 500],
    ['3.', 3000],
    ['007.5', 7500],
    [0.29, 290], // 0.29 * 1000 is 289.99999999999997 in floats
    [1.15, 1150],
    [999_999_999.99, 999_999_999_990],
  ])('reads %p as %p coins, exactly', (input, coins) => {
    expect(readCashoutAmount(input)).toEqual({ ok: true, coins });
  });

  it.each([undefined, null, '', '  ', 0, '0', '0.00', 0.24, '0.2499', '-5', -1, '-', 'abc', true, {}, [], Number.NaN, Infinity, 1e-7])(
    'answers "minimum" for %p (empty, not a number, or under $0.25)',
    (input) => {
      expect(readCashoutAmount(input)).toEqual({ ok: false, problem: 'minimum' });
    },
  );

  it.each([1.234, '1.234', '0.255', '10.001', '1e3', '0x10', '1,50', '1 000', '12abc', '$5'])('answers "decimals" for %p', (input) => {
    expect(readCashoutAmount(input)).toEqual({ ok: false, problem: 'decimals' });
  });

  it.each(['1000000000', 1e21, '99999999999999999999.99'])('answers "too_large" for %p', (input) => {
    expect(readCashoutAmount(input)).toEqual({ ok: false, problem: 'too_large' });
  });

  it('gives the same coins for every amount in cents written as a number or as a string', () => {
    fc.assert(
      fc.property(fc.integer({ min: MINIMUM_CASHOUT_COINS / 10, max: 99_999_999_999 }), (cents) => {
        const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(readCashoutAmount(text)).toEqual({ ok: true, coins: cents * 10 });
        expect(readCashoutAmount(Number(text))).toEqual({ ok: true, coins: cents * 10 });
      }),
    );
  });
});
