import type { FastifyBaseLogger } from 'fastify';
import type { LiveFeedConfig } from '../../config';
import { type FeedDeps, publishFeedEntry } from './feed';
import type { Leadership } from './leadership';
import { catalogPayouts, quietForMs } from './repository';
import { type CatalogPayout, type Random, randomGapMs, simulatedFeedEntry } from './simulated-leads';

export type SimulatorOptions = FeedDeps & {
  log: FastifyBaseLogger;
  gapMs: LiveFeedConfig['simulationGapMs'];
  leadership: Leadership;
  random?: Random;
};

export type Simulator = { stop(): Promise<void> };

/** The catalog changes rarely (operators import it); reading it once in a while is enough. */
const CATALOG_REFRESH_MS = 5 * 60_000;

/**
 * Keeps the feed moving: whenever it has been quiet (no real and no simulated entry on any instance) for a
 * random gap in `gapMs`, the leading instance publishes a plausible simulated entry. Real conversions reset
 * the quiet time, so they are never crowded out; with no leadership this instance only waits.
 */
export function startSimulator({ log, gapMs, leadership, random = Math.random, ...feed }: SimulatorOptions): Simulator {
  let gap = randomGapMs(gapMs, random);
  let catalog: { payouts: CatalogPayout[]; readAt: number } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function currentCatalog(): Promise<CatalogPayout[]> {
    if (!catalog || Date.now() - catalog.readAt > CATALOG_REFRESH_MS) catalog = { payouts: await catalogPayouts(feed.db), readAt: Date.now() };
    return catalog.payouts;
  }

  /** One look at the feed; answers how long to wait before the next. */
  async function check(): Promise<number> {
    // A follower looks again soon: it takes over within a moment of the leader going away.
    if (!leadership.isLeader()) return Math.min(gapMs.min, 1_000);
    const quietMs = await quietForMs(feed.db);
    if (quietMs < gap) return gap - quietMs;
    await publishFeedEntry(feed, simulatedFeedEntry(await currentCatalog(), random), true);
    gap = randomGapMs(gapMs, random);
    return gap;
  }

  function schedule(waitMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = check()
        .catch((error: unknown) => {
          log.warn({ err: error }, 'live feed: a simulated entry could not be published');
          return gapMs.max;
        })
        .then((next) => {
          running = null;
          schedule(next);
        });
    }, waitMs);
    timer.unref();
  }

  schedule(gap);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
