import fp from 'fastify-plugin';
import { REMOTE_PACKAGES } from '../../remote-builds';
import { remoteHealth } from '../telemetry/health';
import { type CanaryWatcher, startCanaryWatcher, WATCH_TICK_MS, type WatchOutcome } from './canary-watch';
import { advisoryDecisionLock } from './decision-lock';

declare module 'fastify' {
  interface FastifyInstance {
    canaryWatch: {
      /** One look at every watched canary now, awaited (tests). */
      tick(): Promise<WatchOutcome[]>;
    };
  }
}

export type CanaryWatchPluginOptions = {
  releasesDir: string;
  /** How often every watched canary is judged; 0: only when `app.canaryWatch.tick()` is called (tests). */
  tickMs?: number;
  now?: () => Date;
};

/**
 * The server side of `pnpm release <remote> --canary N --watch M`: every instance looks at each remote's
 * release.json every `tickMs`, judges a watched canary on the browsers' telemetry and rolls it back, promotes
 * it or ends its watch; one instance at a time decides (decision-lock.ts). The watch lives in release.json,
 * so it outlives the command that started it and a restarted server takes it up.
 */
export const canaryWatchPlugin = fp<CanaryWatchPluginOptions>(async (app, { releasesDir, tickMs = WATCH_TICK_MS, now = () => new Date() }) => {
  let watcher: CanaryWatcher | undefined;
  const deps = {
    releasesDir,
    remotes: REMOTE_PACKAGES,
    health: (query: Parameters<typeof remoteHealth>[1]) => remoteHealth(app.db, query),
    decisionLock: advisoryDecisionLock(app.db),
    now,
    log: app.log,
  };
  app.decorate('canaryWatch', { tick: () => (watcher ? watcher.tick() : Promise.resolve([])) });
  app.addHook('onReady', async () => {
    watcher = startCanaryWatcher(deps, tickMs);
  });
  app.addHook('onClose', async () => watcher?.stop());
});
