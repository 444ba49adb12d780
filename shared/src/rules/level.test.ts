import type { UserProfile } from '../contracts/api-types';
import { isPartnerLocked, levelBalance, levelFromBalance, levelProgress } from './level';

type Balances = Pick<UserProfile, 'wallet' | 'total_earnings'>;

describe('level (spec §4: floor(balance / 10))', () => {
  it.each([
    [0, 0],
    [9.99, 0],
    [10, 1],
    [12.34, 1],
    [29.99, 2],
    [34.5, 3],
    [0.1 + 0.2 + 19.7, 2],
    [-5, 0],
  ])('a balance of $%d is level %i', (balance, level) => {
    expect(levelFromBalance(balance)).toBe(level);
    expect(levelProgress(balance).level).toBe(level);
  });
});

describe('the level bar (spec §4)', () => {
  it('shows the balance within the current level out of $10, and as a percent', () => {
    expect(levelProgress(34.5)).toEqual({ level: 3, intoLevel: 4.5, step: 10, percent: 45 });
    expect(levelProgress(12.34)).toEqual({ level: 1, intoLevel: 2.34, step: 10, percent: 23 });
  });

  it('starts a new level at 0 % exactly on a multiple of $10', () => {
    expect(levelProgress(20)).toEqual({ level: 2, intoLevel: 0, step: 10, percent: 0 });
    expect(levelProgress(0.1 + 0.2 + 19.7)).toEqual({ level: 2, intoLevel: 0, step: 10, percent: 0 });
  });

  it('treats a negative balance as 0', () => {
    expect(levelProgress(-5)).toEqual({ level: 0, intoLevel: 0, step: 10, percent: 0 });
  });
});

describe('the balance a level counts (spec §4)', () => {
  it('is the wallet, even when it is zero', () => {
    expect(levelBalance({ wallet: '12.34', total_earnings: '40.00' })).toBe(12.34);
    expect(levelBalance({ wallet: '0.00', total_earnings: '40.00' })).toBe(0);
  });

  it('falls back to total earnings when the wallet is unknown, then to 0', () => {
    expect(levelBalance({ wallet: '', total_earnings: '40.00' })).toBe(40);
    expect(levelBalance({ wallet: null, total_earnings: 'n/a' } as unknown as Balances)).toBe(0);
  });

  it('is 0 when signed out', () => {
    expect(levelBalance(null)).toBe(0);
  });
});

describe('partner lock (spec §4)', () => {
  it('locks a partner while the level is below the one required', () => {
    expect(isPartnerLocked(1, 2)).toBe(true);
    expect(isPartnerLocked(2, 2)).toBe(false);
    expect(isPartnerLocked(0, 0)).toBe(false);
  });
});
