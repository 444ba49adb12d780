import { RECENT_LEADS_CACHE_MS } from '@rewards/shared/contracts/realtime';
import type { LiveFeedConfig } from '../../config';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { type Leadership, redisLeadership, soleLeadership } from './leadership';
import { createRecentLeadsCache } from './recent-leads-cache';
import { liveFeedRoutes } from './routes';
import { startSimulator, type Simulator } from './simulator';

export type LiveFeedPluginOptions = {
  liveFeed: LiveFeedConfig;
  redisUrl: string | undefined;
  redisPrefix: string;
};

/** The simulator's lock: one instance of the site simulates, however many run. */
export function simulatorLockKey(redisPrefix: string): string {
  return `${redisPrefix}live-feed:simulator`;
}

/**
 * The public live feed: `GET /leads/recent` and, when LIVE_FEED_SIMULATION is on, the simulator (started once
 * the server listens; with REDIS_URL only on the instance holding the lock). Credited conversions reach the
 * feed through `announceLead` (lead-announcer.ts).
 */
export const liveFeedPlugin: ZodPlugin<LiveFeedPluginOptions> = async (app, { liveFeed, redisUrl, redisPrefix }) => {
  const recentLeads = createRecentLeadsCache(app.db, RECENT_LEADS_CACHE_MS);
  await app.register(liveFeedRoutes, { recentLeads });
  if (!liveFeed.simulation) return;

  let leadership: Leadership | null = null;
  let simulator: Simulator | null = null;
  app.addHook('onListen', async () => {
    leadership = redisUrl ? await redisLeadership({ url: redisUrl, key: simulatorLockKey(redisPrefix), log: app.log }) : soleLeadership();
    simulator = startSimulator({ db: app.db, realtime: app.realtime, log: app.log, gapMs: liveFeed.simulationGapMs, leadership });
  });
  app.addHook('preClose', async () => {
    await simulator?.stop();
    await leadership?.close();
  });
};
