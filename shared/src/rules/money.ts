import { COINS_PER_DOLLAR } from '../constants';

const dollarFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `$12.34` from a number of dollars or a numeric string; anything unreadable counts as zero. */
export function formatDollars(dollars: number | string | null | undefined): string {
  const value = typeof dollars === 'string' ? Number.parseFloat(dollars) : (dollars ?? 0);
  return dollarFormat.format(Number.isFinite(value) ? value : 0);
}

export function coinsToDollars(coins: number): number {
  return coins / COINS_PER_DOLLAR;
}

/** Two-decimal dollar string of an integer number of coins, without float drift: 12345 → "12.34". */
export function coinsToDollarString(coins: number): string {
  const cents = Math.trunc(coins / 10);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * Integer coins of a dollar amount given as a decimal string ("1.5", "0.25") or number, exactly;
 * null when it is not a plain non-negative amount with at most three decimals.
 */
export function dollarsToCoins(dollars: string | number): number | null {
  const text = typeof dollars === 'number' ? String(dollars) : dollars.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(3, '0'));
  return whole * COINS_PER_DOLLAR + fraction;
}
