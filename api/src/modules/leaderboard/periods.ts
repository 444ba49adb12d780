import type { LeaderboardPeriod } from '@rewards/shared/contracts/marketing-types';

const DAY_MS = 86_400_000;

/**
 * Where a period starts, in UTC: today at midnight, this week's Monday at midnight, the first of this month.
 * Calendar periods (not rolling windows) so a day's board starts empty and everyone sees the same one.
 */
export function periodStart(period: LeaderboardPeriod, now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (period === 'daily') return new Date(midnight);
  if (period === 'weekly') {
    const daysSinceMonday = (now.getUTCDay() + 6) % 7;
    return new Date(midnight - daysSinceMonday * DAY_MS);
  }
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
