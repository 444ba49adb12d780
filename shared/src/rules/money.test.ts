import { coinsToDollarString, dollarsToCoins, formatDollars } from './money';

describe('money', () => {
  it('shows dollars with two decimals', () => {
    expect(formatDollars('12.3')).toBe('$12.30');
    expect(formatDollars(0.25)).toBe('$0.25');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
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
});
