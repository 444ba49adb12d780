import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Several API instances: a change made on one (an offers import, a content publish) tells all of them through a
 * Redis channel, so each drops what it cached at once. The message carries no data: the database holds the
 * change, and whoever missed a message (or runs without Redis) finds it by re-reading the database's version.
 */
export type RedisTarget = { url: string; prefix: string };

/** The channel of signal `name` (`offers:catalog-changed`) for the site using `prefix` (REDIS_PREFIX). */
export function signalChannel(prefix: string, name: string): string {
  return `${prefix}${name}`;
}

/** Subscribes `onSignal` to signal `name` sent anywhere; answers the unsubscribe. Throws when Redis cannot be reached. */
export async function subscribeSignal({ url, prefix }: RedisTarget, name: string, onSignal: () => void, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const subscriber = new Redis(url, { lazyConnect: true });
  subscriber.on('error', (error) => log.warn({ err: error }, `${name} redis: ${error.message}`));
  try {
    await subscriber.connect();
    await subscriber.subscribe(signalChannel(prefix, name));
  } catch (error) {
    subscriber.disconnect();
    throw new Error(`REDIS_URL is set but Redis cannot be reached: ${String(error)}`, { cause: error });
  }
  subscriber.on('message', () => onSignal());
  // A message sent while the connection was down is lost: whatever it said, the listener starts over.
  subscriber.on('ready', () => onSignal());
  return async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}

/** Sends signal `name` to every subscribed instance. */
export async function sendSignal({ url, prefix }: RedisTarget, name: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.publish(signalChannel(prefix, name), 'changed');
  } finally {
    client.disconnect();
  }
}

/** What tells every instance of a site of signal `name`: a Redis publish when REDIS_URL is set, else nothing. */
export function signalSender({ redisUrl, redisPrefix }: { redisUrl: string | undefined; redisPrefix: string }, name: string): (() => Promise<void>) | undefined {
  return redisUrl ? () => sendSignal({ url: redisUrl, prefix: redisPrefix }, name) : undefined;
}
