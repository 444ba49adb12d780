import type { FastifyBaseLogger } from 'fastify';
import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { SitePolicySources } from '../../plugins/security-headers';
import { catalogImageOrigins } from '../earn/catalog-image-origins';
import { defaultRuntimeConfig } from './default-runtime-config';
import { readRuntimeConfigFile } from './routes';

export type SitePolicySourcesOptions = Pick<Config, 'pusher' | 'runtimeConfigFile' | 'publicUrl'> & { db: Database; log: FastifyBaseLogger };

/**
 * What the shell page's Content-Security-Policy is built from, read per page like `/runtime-config.json`
 * itself, so moving a remote to another origin in RUNTIME_CONFIG_FILE allows it on the next page load.
 * Releases only move remotes between folders of ours, so they never change the policy.
 */
export function sitePolicySources({ pusher, runtimeConfigFile, publicUrl, db, log }: SitePolicySourcesOptions): () => Promise<SitePolicySources> {
  const builtIn = defaultRuntimeConfig(pusher);
  const imageOrigins = catalogImageOrigins(db);
  const wallSlugs = PARTNER_WALLS.map((wall) => wall.slug);
  return async () => {
    // A broken file already fails /runtime-config.json (and is logged there): the page still gets a policy.
    const runtimeConfig = runtimeConfigFile ? await readRuntimeConfigFile(runtimeConfigFile, log).catch(() => builtIn) : builtIn;
    const images = await imageOrigins().catch((error: unknown) => {
      log.warn({ err: error }, 'offer image origins could not be read: the page allows our own images only');
      return [];
    });
    return { runtimeConfig, publicUrl, imageOrigins: images, wallSlugs };
  };
}
