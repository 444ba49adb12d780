import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { wallsConfigOf } from '../walls/registry';
import { demoWallRoutes } from './routes';

export type DemoWallPluginOptions = { config: Config };

/** The local demo offer wall at /api/walls/<slug>, when DEMO_WALLS is on (development and demos only). */
export const demoWallPlugin: FastifyPluginAsync<DemoWallPluginOptions> = async (app, { config }) => {
  if (!config.demoWalls) return;
  const walls = wallsConfigOf(config);
  if (walls.production) app.log.warn('DEMO_WALLS is on in production: the demo wall credits whoever presses Complete.');
  const frameAncestors = config.publicUrl ? [new URL(config.publicUrl).origin] : [];
  await app.register(demoWallRoutes, { walls, links: app.offers.links, host: config.host, frameAncestors });
};
