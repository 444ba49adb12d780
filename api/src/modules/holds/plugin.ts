import type { FastifyPluginAsync } from 'fastify';
import { announceWalletSnapshots } from '../realtime/wallet-announcer';
import { releaseDueHolds } from './release';

/** How often the server looks for holds whose date has come: each is released within this of its date. */
export const RELEASE_EVERY_MS = 20_000;

export type HoldsPluginOptions = { releaseEveryMs?: number };

/**
 * Releases due holds: at start and every RELEASE_EVERY_MS, on every instance (each hold is released by one,
 * once: see release.ts), and tells the users' open pages their new balances.
 */
export const holdsPlugin: FastifyPluginAsync<HoldsPluginOptions> = async (app, { releaseEveryMs = RELEASE_EVERY_MS }) => {
  let running: Promise<void> | undefined;
  const releaseNow = () => {
    running ??= releaseDueHolds(app.db)
      .then(async ({ wallets, notifications }) => {
        await Promise.all([announceWalletSnapshots({ realtime: app.realtime, log: app.log }, wallets), app.deliverNotifications(notifications)]);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'due holds could not be released'))
      .finally(() => (running = undefined));
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void releaseNow();
    timer = setInterval(() => void releaseNow(), releaseEveryMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
};
