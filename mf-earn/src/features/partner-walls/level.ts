import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { LEVEL_STEP_DOLLARS } from '@rewards/shared/constants';

function dollars(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const amount = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(amount) ? amount : null;
}

/** Spec §4: the balance levels count from is the wallet, else total earnings, else 0; signed out it is 0. */
export function levelBalance(user: Pick<UserProfile, 'wallet' | 'total_earnings'> | null | undefined): number {
  if (!user) return 0;
  return dollars(user.wallet) ?? dollars(user.total_earnings) ?? 0;
}

/** Spec §4, §9: one level per $10 of balance. */
export function levelFromBalance(balance: number): number {
  // In cents, so float drift never drops $20.00 to level 1.
  const cents = Math.max(0, Math.round(balance * 100));
  return Math.floor(cents / (LEVEL_STEP_DOLLARS * 100));
}

/** Spec §4: a partner is locked while the user's level is below the one it requires. */
export function isPartnerLocked(userLevel: number, levelRequired: number): boolean {
  return userLevel < levelRequired;
}
