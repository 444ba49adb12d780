import type { LeaderboardData, LeaderboardEntry, LeaderboardPeriod } from '@rewards/shared/contracts/marketing-types';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { publicName } from '@rewards/shared/rules/public-name';
import { avatarLetter } from '@rewards/shared/rules/user-display';
import type { Database } from '../../db/database';
import { periodStart } from './periods';
import { type EarnerTotal, topEarners } from './repository';

/** Equal totals share a rank, and the next rank skips as many places (1, 2, 2, 4). */
export function rankEarners(earners: readonly EarnerTotal[]): LeaderboardEntry[] {
  let rank = 0;
  return earners.map((earner, index) => {
    if (index === 0 || earner.totalCoins !== earners[index - 1]!.totalCoins) rank = index + 1;
    const name = publicName(earner);
    return { rank, name, initial: avatarLetter({ name, email: '' }), amount: coinsToDollarString(earner.totalCoins) };
  });
}

export async function leaderboard(db: Database, period: LeaderboardPeriod, now: Date): Promise<LeaderboardData> {
  const since = periodStart(period, now);
  return { period, since: since.toISOString(), entries: rankEarners(await topEarners(db, since)) };
}

/**
 * Keeps each period's board for `ttlMs`: under load one query per period per interval, whatever the traffic.
 * Concurrent misses share one query. A new period (midnight) is a new key, so it never shows yesterday's board.
 */
export function cachedLeaderboard(db: Database, ttlMs: number, now: () => Date = () => new Date()) {
  const cache = new Map<string, { expiresAt: number; board: Promise<LeaderboardData> }>();
  return (period: LeaderboardPeriod): Promise<LeaderboardData> => {
    const time = now();
    const key = `${period}:${periodStart(period, time).toISOString()}`;
    const hit = cache.get(key);
    if (hit && hit.expiresAt > time.getTime()) return hit.board;
    for (const [staleKey, entry] of cache) if (entry.expiresAt <= time.getTime()) cache.delete(staleKey);
    const board = leaderboard(db, period, time);
    cache.set(key, { expiresAt: time.getTime() + ttlMs, board });
    // A failed query is not kept: the next request asks the database again.
    board.catch(() => cache.delete(key));
    return board;
  };
}
