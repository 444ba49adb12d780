import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { RateLimit, RateLimits } from '../config';
import { HttpError } from './errors';

/** Counts hits per key in fixed windows. */
export type RateLimitStore = {
  /** Adds one hit and answers how many hits the key has in its current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Resolves once the store can count (or has given up for now: it then lets requests through). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

/** One process: a map of windows, swept as it grows. */
export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (time: number) => {
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
  };
  return {
    async hit(key, windowMs) {
      const time = now();
      if (windows.size > 10_000) sweep(time);
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count;
    },
    ready: async () => {},
    close: async () => windows.clear(),
  };
}

// INCR and the window's expiry in one atomic step; a key somehow left without expiry gets one.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Several instances: counters in Redis. If Redis is unreachable the limits are skipped (logged), not the logins. */
export function createRedisStore(url: string, log: FastifyBaseLogger): RateLimitStore {
  // No offline queue: while Redis is away a hit fails at once (and is let through) instead of waiting.
  const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  client.on('error', (error) => log.warn({ err: error }, `rate limit redis: ${error.message}`));
  const connected = new Promise<void>((resolve) => {
    client.once('ready', () => resolve());
    client.once('error', () => resolve());
  });
  return {
    ready: () => connected,
    async hit(key, windowMs) {
      try {
        return Number(await client.eval(HIT_SCRIPT, 1, `rewards:ratelimit:${key}`, windowMs));
      } catch (error) {
        log.warn({ err: error }, 'rate limit redis unavailable: request not counted');
        return 0;
      }
    },
    close: async () => {
      client.disconnect();
    },
  };
}

export type RateLimitName = keyof RateLimits;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one hit on each named limit for its key; throws 429 when any is over. */
    enforceRateLimits(hits: ReadonlyArray<{ limit: RateLimitName; key: string }>): Promise<void>;
  }
}

/** Emails are hashed in keys so the counters (maybe in Redis) hold no addresses. */
export function rateLimitSubject(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

export type RateLimitPluginOptions = { limits: RateLimits | 'off'; redisUrl: string | undefined; store?: RateLimitStore };

export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, options) => {
    const { limits } = options;
    if (limits === 'off') {
      app.decorate('enforceRateLimits', async () => {});
      return;
    }
    const store = options.store ?? (options.redisUrl ? createRedisStore(options.redisUrl, app.log) : createMemoryStore());
    app.addHook('onClose', () => store.close());
    await store.ready();
    app.decorate('enforceRateLimits', async (hits) => {
      const counts = await Promise.all(
        hits.map(async ({ limit, key }) => {
          const rule: RateLimit = limits[limit];
          return { rule, count: await store.hit(`${limit}:${key}`, rule.windowMs) };
        }),
      );
      if (counts.some(({ rule, count }) => count > rule.max)) throw new HttpError(429, TOO_MANY_ATTEMPTS);
    });
  },
  { name: 'rate-limit' },
);
