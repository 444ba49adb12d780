import type { FastifyPluginAsync } from 'fastify';
import { type Config, DEV_APP_SECRET } from '../../config';
import { loadOfferLinks } from '../earn/offer-images';
import { demoWallRoutes } from './demo-wall-routes';
import { postbackRoutes } from './postback-routes';
import type { WallsConfig } from './registry';
import { userLookupRoutes } from './user-lookup';

export type WallRoutesOptions = { config: Config };

/** Partner walls: their postbacks (/api/postback/...), the demo wall (/api/walls/...) and the ops user lookup. */
export const wallRoutes: FastifyPluginAsync<WallRoutesOptions> = async (app, { config }) => {
  const production = config.nodeEnv === 'production';
  const walls: WallsConfig = { secrets: config.postbackSecrets, production };
  await app.register(postbackRoutes, { walls, publicUrl: config.publicUrl });
  if (production && config.demoWalls) app.log.warn('DEMO_WALLS is on in production: the demo wall credits whoever presses Complete.');
  if (config.demoWalls) {
    const { links } = await loadOfferLinks(config.repoRoot, config.publicUrl);
    const frameAncestors = config.publicUrl ? [new URL(config.publicUrl).origin] : [];
    await app.register(demoWallRoutes, { walls, links, host: config.host, frameAncestors });
  }
  await app.register(userLookupRoutes, { appSecret: config.appSecret, refused: production && config.appSecret === DEV_APP_SECRET });
};
