import fc from 'fast-check';
import { cashoutAmountMessage, MINIMUM_CASHOUT_COINS, readCashoutAmount } from './cashout-amount';

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

  it('holds a method minimum above the site floor, before the decimals', () => {
    expect(readCashoutAmount('1.99', 2)).toEqual({ ok: false, problem: 'minimum' });
    expect(readCashoutAmount('1.234', 2)).toEqual({ ok: false, problem: 'minimum' });
    expect(readCashoutAmount('2.001', 2)).toEqual({ ok: false, problem: 'decimals' });
    expect(readCashoutAmount('2', 2)).toEqual({ ok: true, coins: 2000 });
    expect(readCashoutAmount('0.10', 0)).toEqual({ ok: false, problem: 'minimum' }); // the floor stays
  });

  it('words each problem as the form and Cashout/Store show it', () => {
    expect(cashoutAmountMessage('minimum')).toBe('Minimum amount is $0.25');
    expect(cashoutAmountMessage('minimum', 2)).toBe('Minimum amount is $2.00');
    expect(cashoutAmountMessage('decimals')).toBe('Enter the amount in dollars and cents, with at most 2 decimals (e.g. 1.50)');
    expect(cashoutAmountMessage('too_large')).toBe('The amount is too large.');
  });

  it.each(['1e3', '-0', 'NaN', '0.001', '1,000.00', '9'.repeat(40)])('never accepts the hostile text %p', (text) => {
    expect(readCashoutAmount(text).ok).toBe(false);
  });
});
