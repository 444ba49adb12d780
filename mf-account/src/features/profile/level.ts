import { LEVEL_STEP_DOLLARS } from '@rewards/shared/constants';
import type { UserProfile } from '@rewards/shared/contracts/api-types';

export type LevelProgress = {
  level: number;
  /** Dollars earned within the current level, 0 to just under $10. */
  intoLevel: number;
  /** Dollars one level spans ($10). */
  step: number;
  /** `intoLevel` as a whole percentage of the step. */
  percent: number;
};

function dollars(value: string | number | null | undefined): number | null {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : null;
}

/** The balance levels count from (spec §4): the wallet, else total earnings, else 0. */
export function levelBalance(user: Pick<UserProfile, 'wallet' | 'total_earnings'>): number {
  return dollars(user.wallet) ?? dollars(user.total_earnings) ?? 0;
}

/** Level = floor(balance / $10); the bar shows the balance within the current level, in dollars and percent. */
export function levelFromBalance(balance: number): LevelProgress {
  // Work in cents: 0.1 + 0.2 style drift must not turn $20.00 into level 1 at 99.99 %.
  const cents = Math.max(0, Math.round(balance * 100));
  const stepCents = LEVEL_STEP_DOLLARS * 100;
  const level = Math.floor(cents / stepCents);
  const intoLevelCents = cents - level * stepCents;
  return {
    level,
    intoLevel: intoLevelCents / 100,
    step: LEVEL_STEP_DOLLARS,
    percent: Math.floor((intoLevelCents / stepCents) * 100),
  };
}
