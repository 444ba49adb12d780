import fc from 'fast-check';
import { COINS_PER_CENT } from '../constants';
import { coinsToDollarString, dollarsToCoins, formatCents, formatDollars, MAX_READABLE_COINS, readCoins } from './money';

describe('money', () => {
  it('shows dollars with two decimals', () => {
    expect(formatDollars('12.3')).toBe('$12.30');
    expect(formatDollars(0.25)).toBe('$0.25');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
  });

  it('writes dollars exactly as Intl does for en-US, without using it', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [0, -0, 0.005, 1.005, 2.675, 999.995, -0.004, -0.005, -1234.5, 0.1 + 0.2, 1e20, 123456789.125, 1e21, -3e25, 1.5e-7];
    for (let exponent = -4; exponent <= 9; exponent++) {
      for (let step = 1; step < 100; step += 7) amounts.push(step * 1.37 * 10 ** exponent, -step * 0.61 * 10 ** exponent);
    }
    for (const amount of amounts) expect([amount, formatDollars(amount)]).toEqual([amount, intl.format(amount)]);
    expect(formatDollars(1234567.891)).toBe('$1,234,567.89');
    expect(formatDollars(-0.001)).toBe('-$0.00');
  });

  it('shows $0.00 for missing or unreadable amounts', () => {
    expect(formatDollars(undefined)).toBe('$0.00');
    expect(formatDollars('abc')).toBe('$0.00');
  });

  it('turns coins into a dollar string without float drift', () => {
    expect(coinsToDollarString(12_345)).toBe('12.34');
    expect(coinsToDollarString(100)).toBe('0.10');
    expect(coinsToDollarString(-2_500)).toBe('-2.50');
  });

  it('reads dollars into integer coins exactly (1000 coins = $1.00)', () => {
    expect(dollarsToCoins('1')).toBe(1000);
    expect(dollarsToCoins('0.25')).toBe(250);
    expect(dollarsToCoins('119.47')).toBe(119_470);
    expect(dollarsToCoins(0.1)).toBe(100);
  });

  it('refuses amounts that are not plain dollars', () => {
    for (const bad of ['-1', '1.2345', '1e3', '', 'NaN', ' 1 2']) expect(dollarsToCoins(bad)).toBeNull();
  });

  it('formats coins with 3 decimals when a coin matters, toward zero and never in exponent form', () => {
    expect(coinsToDollarString(12_345, 3)).toBe('12.345');
    expect(coinsToDollarString(5, 3)).toBe('0.005');
    expect(coinsToDollarString(-5)).toBe('0.00');
    expect(coinsToDollarString(-12_345, 3)).toBe('-12.345');
    expect(coinsToDollarString(MAX_READABLE_COINS)).toBe('999999999.99');
    expect(coinsToDollarString(0)).toBe('0.00');
  });

  it.each([
    ['1e3', 'not_a_number'],
    ['NaN', 'not_a_number'],
    ['Infinity', 'not_a_number'],
    ['1,000.00', 'not_a_number'],
    ['0x10', 'not_a_number'],
    ['+5', 'not_a_number'],
    ['$5', 'not_a_number'],
    ['1 000', 'not_a_number'],
    ['.', 'not_a_number'],
    ['-', 'not_a_number'],
    ['１', 'not_a_number'], // a full-width digit is not \d
    ['', 'empty'],
    ['   ', 'empty'],
    ['-1', 'negative'],
    ['0.001', null],
    ['0.0001', 'decimals'],
    ['1000000000', 'too_large'],
    ['9'.repeat(40), 'too_large'],
    ['9'.repeat(40) + '.5', 'too_large'],
  ])('reads %p as the problem %p', (text, problem) => {
    const reading = readCoins(text);
    if (problem === null) expect(reading.ok).toBe(true);
    else expect(reading).toEqual({ ok: false, problem });
  });

  it.each([
    ['  1.5 ', 1500],
    ['-0', 0],
    ['-0.000', 0],
    ['0.001', 1],
    ['.5', 500],
    ['3.', 3000],
    ['007.5', 7500],
    ['1.2000', 1200],
    ['999999999.999', MAX_READABLE_COINS],
    [0.29, 290],
    [1.15, 1150],
  ])('reads %p as %p coins, exactly', (text, coins) => {
    expect(readCoins(text)).toEqual({ ok: true, coins });
  });

  it.each([Number.NaN, Infinity, -Infinity, 1e21, 1e-7])('refuses the number %p', (value) => {
    expect(dollarsToCoins(value)).toBeNull();
  });

  it('reads a text of coins (a wall provider): signed, decimals dropped toward zero, bounded', () => {
    const asCoins = { coinsPerUnit: 1, signed: true, extraDecimals: 'drop', maxCoins: 10_000_000 } as const;
    expect(['500', '512.75', '-500', '-0', '-0.9', '1e3', '10000001'].map((text) => dollarsToCoins(text, asCoins))).toEqual([
      500,
      512,
      -500,
      0,
      0,
      null,
      null,
    ]);
  });

  it('refuses more decimals than asked for, trailing zeros aside', () => {
    expect(readCoins('1.234', { decimals: 2 })).toEqual({ ok: false, problem: 'decimals' });
    expect(readCoins('1.230', { decimals: 2 })).toEqual({ ok: true, coins: 1230 });
    expect(readCoins('1.239', { decimals: 2, extraDecimals: 'drop' })).toEqual({ ok: true, coins: 1230 });
  });

  it('reads back what the formatter writes, for every amount in coins', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_READABLE_COINS }), (coins) => {
        expect(dollarsToCoins(coinsToDollarString(coins, 3))).toBe(coins);
        expect(dollarsToCoins(coinsToDollarString(coins))).toBe(coins - (coins % COINS_PER_CENT));
      }),
    );
  });

  it('never throws and never answers a fraction of a coin or an unsafe number, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^-?\d{0,20}(\.\d{0,20})?$/), fc.double()), (value) => {
        const reading = readCoins(value);
        if (reading.ok) {
          expect(Number.isSafeInteger(reading.coins)).toBe(true);
          expect(reading.coins).toBeGreaterThanOrEqual(0);
          expect(reading.coins).toBeLessThanOrEqual(MAX_READABLE_COINS);
        }
      }),
    );
  });
});

describe('formatCents', () => {
  it('writes whole cents as dollars without float steps', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(29)).toBe('$0.29');
    expect(formatCents(11947)).toBe('$119.47');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-250)).toBe('-$2.50');
  });

  it('counts what is not a whole number of cents as zero', () => {
    for (const value of [null, undefined, Number.NaN, Infinity, 12.5, 2 ** 60]) expect(formatCents(value)).toBe('$0.00');
  });
});

describe('dollars in each language', () => {
  it('writes US dollars as the locale writes them, with the same rounding', () => {
    expect(formatDollars(1234.5, 'en')).toBe('$1,234.50');
    expect(formatDollars(1234.5, 'de')).toBe(new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(1234.5));
    expect(formatDollars(1234.5, 'de')).toMatch(/^1\.234,50\s\$$/);
    expect(formatCents(123450, 'fr')).toMatch(/^1\s234,50\s\$US$/);
    expect(formatCents(123450, 'pt-BR')).toMatch(/^US\$\s1\.234,50$/);
  });
});
