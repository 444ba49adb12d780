import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Several API instances: an import tells all of them through Redis that the offers catalog changed, so
 * each drops its cached Offers/Get answers at once (without Redis they notice within a second; see
 * catalog-cache.ts). The channel carries no data: the database holds the catalog and its version.
 */
export function catalogChannel(redisPrefix: string): string {
  return `${redisPrefix}offers:catalog-changed`;
}

/** Subscribes `onChange` to imports made anywhere; answers the unsubscribe. Throws when Redis cannot be reached. */
export async function subscribeCatalogChanges(
  { url, prefix }: { url: string; prefix: string },
  onChange: () => void,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const subscriber = new Redis(url, { lazyConnect: true });
  subscriber.on('error', (error) => log.warn({ err: error }, `offers catalog redis: ${error.message}`));
  try {
    await subscriber.connect();
    await subscriber.subscribe(catalogChannel(prefix));
  } catch (error) {
    subscriber.disconnect();
    throw new Error(`REDIS_URL is set but Redis cannot be reached: ${String(error)}`, { cause: error });
  }
  subscriber.on('message', onChange);
  // A message sent while the connection was down is lost: whatever it said, the cache starts over.
  subscriber.on('ready', onChange);
  return async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}

/** What tells every instance of a site about an import: a Redis publish when REDIS_URL is set, else nothing. */
export function catalogAnnouncer({ redisUrl, redisPrefix }: { redisUrl: string | undefined; redisPrefix: string }): (() => Promise<void>) | undefined {
  return redisUrl ? () => publishCatalogChange({ url: redisUrl, prefix: redisPrefix }) : undefined;
}

/** Tells every subscribed instance that the catalog changed. */
export async function publishCatalogChange({ url, prefix }: { url: string; prefix: string }): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.publish(catalogChannel(prefix), 'changed');
  } finally {
    client.disconnect();
  }
}
