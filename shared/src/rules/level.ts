import { LEVEL_STEP_DOLLARS } from '../constants';
import type { UserProfile } from '../contracts/api-types';

export type LevelProgress = {
  level: number;
  /** Dollars earned within the current level, 0 to just under one step. */
  intoLevel: number;
  /** Dollars one level spans ($10). */
  step: number;
  /** `intoLevel` as a whole percentage of the step. */
  percent: number;
};

type Balances = Pick<UserProfile, 'wallet' | 'total_earnings'>;

const STEP_CENTS = LEVEL_STEP_DOLLARS * 100;

function dollars(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const amount = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(amount) ? amount : null;
}

// In cents, so float drift (0.1 + 0.2 + 19.7) never turns $20.00 into level 1 at 99.99 %.
function toCents(balance: number): number {
  return Math.max(0, Math.round(balance * 100));
}

/** Spec §4: the balance levels count from is the wallet, else total earnings, else 0; signed out it is 0. */
export function levelBalance(user: Balances | null | undefined): number {
  if (!user) return 0;
  return dollars(user.wallet) ?? dollars(user.total_earnings) ?? 0;
}

/** Spec §4, §9: level = floor(balance / $10). */
export function levelFromBalance(balance: number): number {
  return Math.floor(toCents(balance) / STEP_CENTS);
}

/** Spec §4: the level bar shows the balance within the current level, in dollars out of $10 and in percent. */
export function levelProgress(balance: number): LevelProgress {
  const cents = toCents(balance);
  const level = Math.floor(cents / STEP_CENTS);
  const intoLevelCents = cents - level * STEP_CENTS;
  return {
    level,
    intoLevel: intoLevelCents / 100,
    step: LEVEL_STEP_DOLLARS,
    percent: Math.floor((intoLevelCents / STEP_CENTS) * 100),
  };
}

/** Spec §4: a partner card is locked while the user's level is below the one it requires. */
export function isPartnerLocked(userLevel: number, levelRequired: number): boolean {
  return userLevel < levelRequired;
}
