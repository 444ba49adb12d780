import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { isPartnerLocked, levelBalance, levelFromBalance } from './level';

type Balances = Pick<UserProfile, 'wallet' | 'total_earnings'>;

describe('level (spec §4: floor(balance / 10))', () => {
  it.each([
    [0, 0],
    [9.99, 0],
    [10, 1],
    [12.34, 1],
    [29.99, 2],
    [35, 3],
    [0.1 + 0.2 + 19.7, 2],
    [-5, 0],
  ])('a balance of $%d is level %i', (balance, level) => {
    expect(levelFromBalance(balance)).toBe(level);
  });

  it('counts the wallet as the balance', () => {
    expect(levelBalance({ wallet: '12.34', total_earnings: '40.00' })).toBe(12.34);
  });

  it('falls back to total earnings when there is no wallet, then to 0', () => {
    expect(levelBalance({ wallet: '', total_earnings: '40.00' } as Balances)).toBe(40);
    expect(levelBalance({ wallet: null, total_earnings: null } as unknown as Balances)).toBe(0);
  });

  it('is level 0 when signed out', () => {
    expect(levelFromBalance(levelBalance(null))).toBe(0);
  });
});

describe('partner lock (spec §4)', () => {
  it('locks a partner while the level is below the one required', () => {
    expect(isPartnerLocked(1, 2)).toBe(true);
    expect(isPartnerLocked(2, 2)).toBe(false);
    expect(isPartnerLocked(0, 0)).toBe(false);
  });
});
