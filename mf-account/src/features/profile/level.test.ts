import { levelBalance, levelFromBalance } from './level';

describe('level (spec §4)', () => {
  it('is floor(balance / 10)', () => {
    expect(levelFromBalance(0).level).toBe(0);
    expect(levelFromBalance(9.99).level).toBe(0);
    expect(levelFromBalance(10).level).toBe(1);
    expect(levelFromBalance(34.5).level).toBe(3);
  });

  it('shows the balance within the current level out of $10, and as a percent', () => {
    expect(levelFromBalance(34.5)).toEqual({ level: 3, intoLevel: 4.5, step: 10, percent: 45 });
    expect(levelFromBalance(12.34)).toEqual({ level: 1, intoLevel: 2.34, step: 10, percent: 23 });
  });

  it('starts a new level at 0 % exactly on a multiple of $10', () => {
    expect(levelFromBalance(20)).toEqual({ level: 2, intoLevel: 0, step: 10, percent: 0 });
    expect(levelFromBalance(0.1 + 0.2 + 19.7)).toEqual({ level: 2, intoLevel: 0, step: 10, percent: 0 });
  });

  it('treats a negative balance as 0', () => {
    expect(levelFromBalance(-5)).toEqual({ level: 0, intoLevel: 0, step: 10, percent: 0 });
  });
});

describe('the balance a level counts', () => {
  it('is the wallet', () => {
    expect(levelBalance({ wallet: '12.34', total_earnings: '40.00' })).toBe(12.34);
  });

  it('is the wallet even when it is zero', () => {
    expect(levelBalance({ wallet: '0.00', total_earnings: '40.00' })).toBe(0);
  });

  it('falls back to total earnings when the wallet is unknown, else 0', () => {
    expect(levelBalance({ wallet: '', total_earnings: '40.00' })).toBe(40);
    expect(levelBalance({ wallet: null as unknown as string, total_earnings: 'n/a' })).toBe(0);
  });
});
