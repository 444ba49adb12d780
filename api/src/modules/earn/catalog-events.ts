import type { FastifyBaseLogger } from 'fastify';
import { type RedisTarget, sendSignal, signalChannel, signalSender, subscribeSignal } from '../../change-signal';

/**
 * Several API instances: an import tells all of them through Redis that the offers catalog changed, so
 * each drops its cached Offers/Get answers at once (without Redis they notice within a second; see
 * catalog-cache.ts). The channel carries no data: the database holds the catalog and its version.
 */
const CATALOG_SIGNAL = 'offers:catalog-changed';

export function catalogChannel(redisPrefix: string): string {
  return signalChannel(redisPrefix, CATALOG_SIGNAL);
}

/** Subscribes `onChange` to imports made anywhere; answers the unsubscribe. Throws when Redis cannot be reached. */
export function subscribeCatalogChanges(redis: RedisTarget, onChange: () => void, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  return subscribeSignal(redis, CATALOG_SIGNAL, onChange, log);
}

/** What tells every instance of a site about an import: a Redis publish when REDIS_URL is set, else nothing. */
export function catalogAnnouncer(config: { redisUrl: string | undefined; redisPrefix: string }): (() => Promise<void>) | undefined {
  return signalSender(config, CATALOG_SIGNAL);
}

/** Tells every subscribed instance that the catalog changed. */
export function publishCatalogChange(redis: RedisTarget): Promise<void> {
  return sendSignal(redis, CATALOG_SIGNAL);
}
