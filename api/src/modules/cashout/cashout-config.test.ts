import { join } from 'node:path';
import { loadConfig } from '../../config';

const root = join('/', 'srv', 'rewards');

describe('CASHOUT_DAILY_LIMIT_DOLLARS', () => {
  it('defaults to $500, in coins', () => {
    expect(loadConfig({}, root).cashoutDailyLimitCoins).toBe(500_000);
    expect(loadConfig({ CASHOUT_DAILY_LIMIT_DOLLARS: ' ' }, root).cashoutDailyLimitCoins).toBe(500_000);
  });

  it.each([
    ['25', 25_000],
    ['99.50', 99_500],
    [' 1000 ', 1_000_000],
  ])('reads %p dollars exactly', (value, coins) => {
    expect(loadConfig({ CASHOUT_DAILY_LIMIT_DOLLARS: value }, root).cashoutDailyLimitCoins).toBe(coins);
  });

  it.each(['0', '-5', 'lots', '1e3', '10.0001'])('refuses %p at start, naming the variable', (value) => {
    expect(() => loadConfig({ CASHOUT_DAILY_LIMIT_DOLLARS: value }, root)).toThrow(/CASHOUT_DAILY_LIMIT_DOLLARS must be a positive amount of dollars/);
  });
});
