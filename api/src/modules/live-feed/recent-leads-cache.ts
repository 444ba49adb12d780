import type { NumberedLiveLead } from '@rewards/shared/contracts/api-types';
import type { Executor } from '../../db/executor';
import { liveLeadOf, RECENT_LEADS_COUNT } from './feed';
import { recentFeedEntries } from './repository';

export type RecentLeadsCache = { get(): Promise<NumberedLiveLead[]> };

/**
 * Every page load asks for the feed's last entries: at most one query per `ttlMs` per instance, however many
 * ask, and the last good answer if the database fails meanwhile (the ticker is never emptied by a hiccup).
 */
export function createRecentLeadsCache(db: Executor, ttlMs: number, now: () => number = Date.now): RecentLeadsCache {
  let cached: { leads: NumberedLiveLead[]; readAt: number } | null = null;
  let reading: Promise<NumberedLiveLead[]> | null = null;

  async function read(): Promise<NumberedLiveLead[]> {
    try {
      const leads = (await recentFeedEntries(db, RECENT_LEADS_COUNT)).map(liveLeadOf);
      cached = { leads, readAt: now() };
      return leads;
    } catch (error) {
      if (cached) return cached.leads;
      throw error;
    } finally {
      reading = null;
    }
  }

  return {
    get() {
      if (cached && now() - cached.readAt < ttlMs) return Promise.resolve(cached.leads);
      return (reading ??= read());
    },
  };
}
