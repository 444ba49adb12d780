import type { FastifyBaseLogger } from 'fastify';
import { type RedisTarget, signalSender, subscribeSignal } from '../../change-signal';

/**
 * Several API instances: a publish or a restore tells all of them through Redis, so each re-reads the content
 * at once (without Redis each notices within a second: published-state.ts re-reads the newest version number).
 */
const CONTENT_SIGNAL = 'content:changed';

export function subscribeContentChanges(redis: RedisTarget, onChange: () => void, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  return subscribeSignal(redis, CONTENT_SIGNAL, onChange, log);
}

/** What tells every instance of a site about a publish: a Redis publish when REDIS_URL is set, else nothing. */
export function contentAnnouncer(config: { redisUrl: string | undefined; redisPrefix: string }): (() => Promise<void>) | undefined {
  return signalSender(config, CONTENT_SIGNAL);
}
