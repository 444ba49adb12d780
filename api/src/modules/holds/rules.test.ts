import { DEFAULT_EARNING_HOLDS_TEXT, InvalidValue, NO_HOLDS, readEarningHolds } from '../../config-values';
import { baseHoldOf, overReversalRate } from './rules';

describe('EARNING_HOLDS', () => {
  it('holds by default a credit of $10.00 or more 7 days, and every credit of a user with many reversals 14 days', () => {
    expect(readEarningHolds(DEFAULT_EARNING_HOLDS_TEXT)).toEqual({
      largeCredit: { minCoins: 10_000, days: 7 },
      reversals: { percent: 10, minReversals: 5, days: 14 },
      walls: {},
    });
  });

  it('reads per-wall days, and off', () => {
    expect(readEarningHolds('bitlabs=3d, cpx=0d')).toEqual({ largeCredit: undefined, reversals: undefined, walls: { bitlabs: 3 } });
    expect(readEarningHolds('OFF')).toBe(NO_HOLDS);
  });

  it.each([
    ['large_credit=ten/7d', 'large_credit=10.00/7d'],
    ['large_credit=10.00/7', 'number of days'],
    ['large_credit=10.00/400d', 'number of days'],
    ['reversals=10/5/14d', 'reversals=10%/5/14d'],
    ['reversals=10%/0/14d', 'reversals=10%/5/14d'],
    ['Bit-Labs=3d', 'is not large_credit, reversals or a wall slug'],
    ['bitlabs', 'expected name=value'],
    ['bitlabs=3d=4d', 'expected name=value'],
  ])('refuses %s', (text, message) => {
    expect(() => readEarningHolds(text)).toThrow(InvalidValue);
    expect(() => readEarningHolds(text)).toThrow(message);
  });
});

describe('the hold a credit starts with', () => {
  const rules = readEarningHolds('large_credit=10.00/7d,reversals=10%/5/14d,offery=10d,cpx=3d');

  it('is none below $10.00 and 7 days from $10.00', () => {
    expect(baseHoldOf(rules, { wall: 'demo', payoutCoins: 9_999 })).toEqual({ days: 0, reason: 'wall' });
    expect(baseHoldOf(rules, { wall: 'demo', payoutCoins: 10_000 })).toEqual({ days: 7, reason: 'large_credit' });
  });

  it("takes the wall's days when they are longer", () => {
    expect(baseHoldOf(rules, { wall: 'offery', payoutCoins: 10_000 })).toEqual({ days: 10, reason: 'wall' });
    expect(baseHoldOf(rules, { wall: 'cpx', payoutCoins: 10_000 })).toEqual({ days: 7, reason: 'large_credit' });
    expect(baseHoldOf(rules, { wall: 'cpx', payoutCoins: 500 })).toEqual({ days: 3, reason: 'wall' });
  });

  it('counts a reversal rate above 10 % with at least 5 reversals as risky, not 10 % itself', () => {
    const rule = rules.reversals!;
    expect(overReversalRate(rule, { reversals: 5, credits: 49 })).toBe(true);
    expect(overReversalRate(rule, { reversals: 5, credits: 50 })).toBe(false);
    expect(overReversalRate(rule, { reversals: 4, credits: 4 })).toBe(false);
  });
});
