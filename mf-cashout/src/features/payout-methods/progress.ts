import { PROGRESS_ANIMATION_DELAY_MS, PROGRESS_ANIMATION_STAGGER_MS } from '@rewards/shared/constants';
import { coinsToDollars, dollarsToCoins } from '@rewards/shared/rules/money';

/** Whole coins of a dollar amount; anything unreadable or negative counts as zero. */
function coinsOf(dollars: string | number): number {
  return dollarsToCoins(dollars) ?? 0;
}

/**
 * Spec §2: the balance over the method's minimum as a percent, capped at 100. Rounded down, so a bar
 * is only full once the minimum is really reached; computed in coins, so no float drift.
 */
export function progressPercent(balance: string | number, minimum: number): number {
  const minimumCoins = coinsOf(minimum);
  if (minimumCoins <= 0) return 100;
  return Math.min(100, Math.floor((coinsOf(balance) * 100) / minimumCoins));
}

/** Spec §9: the bars animate in 120 ms after the stats load, each card 80 ms after the previous one. */
export function progressDelayMs(index: number): number {
  return PROGRESS_ANIMATION_DELAY_MS + PROGRESS_ANIMATION_STAGGER_MS * index;
}

/** Dollars still missing to reach the minimum, zero once it is reached. */
export function dollarsToMinimum(balance: string | number, minimum: number): number {
  return coinsToDollars(Math.max(0, coinsOf(minimum) - coinsOf(balance)));
}
