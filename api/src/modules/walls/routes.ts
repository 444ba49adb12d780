import type { FastifyPluginAsync } from 'fastify';
import { type Config, DEV_APP_SECRET } from '../../config';
import { postbackRoutes } from './postback-routes';
import { pruneCallbacks } from './callback-log';
import { wallsConfigOf } from './registry';
import { userLookupRoutes } from './user-lookup';

export type WallRoutesOptions = { config: Config };

const PRUNE_EVERY_MS = 3600_000;

/** Partner walls: their postbacks (/api/postback/...) and the ops user lookup. */
export const wallRoutes: FastifyPluginAsync<WallRoutesOptions> = async (app, { config }) => {
  const walls = wallsConfigOf(config);
  const { production } = walls;
  await app.register(postbackRoutes, { walls, holds: config.earningHolds, publicUrl: config.publicUrl });

  // The raw callback log is bounded in time: pruned at start and every hour (any instance may; it is idempotent).
  const prune = () =>
    pruneCallbacks(app.db, config.postbackLogDays).catch((error: unknown) => app.log.warn({ err: error }, 'postback log could not be pruned'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void prune();
    timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  await app.register(userLookupRoutes, { appSecret: config.appSecret, refused: production && config.appSecret === DEV_APP_SECRET });
};
