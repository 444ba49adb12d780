import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { RateLimit, RateLimits } from '../config';
import { HttpError } from './errors';

export type RateLimitName = keyof RateLimits;

/** Counts hits per limit and key in fixed windows (@fastify/rate-limit's stores underneath). */
export type RateLimitStore = {
  /** Adds one hit and answers how many hits the key has in its current window. */
  hit(limit: RateLimitName, key: string, rule: RateLimit): Promise<number>;
  /** How many hits the key has in its current window, without adding one. */
  count(limit: RateLimitName, key: string, rule: RateLimit): Promise<number>;
  /** Takes back one hit the key counted in its current window (never below zero; nothing once the window is over). */
  giveBack(limit: RateLimitName, key: string, rule: RateLimit): Promise<void>;
  /** Resolves once the store can count (Redis connected, or given up for now: then memory counts). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

export type MemoryRateLimitStore = RateLimitStore & {
  /** Keys held, all limits together: never more than `keysPerLimit` per limit. */
  keyCount(): number;
};

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

/**
 * Keys one process remembers per limit (about 370 bytes each, so at most ~3.7 MB per limit). Beyond that
 * the least recently counted key is forgotten: a flood of new addresses or emails costs no memory, and
 * a client that keeps coming stays among the most recent and keeps its count.
 */
export const MEMORY_KEYS_PER_LIMIT = 10_000;

/** LocalStore has no call for it: its own entry (what its `incr` and `read` count), one hit fewer. */
function giveBackInMemory(store: LocalStore, key: string, rule: RateLimit): void {
  const entry = store.lru.get(key);
  if (entry && entry.current > 0 && entry.iterationStartMs + rule.windowMs > Date.now()) entry.current -= 1;
}

/** DECR keeps the key's expiry, so the window ends when it would have; a key gone (window over) stays gone. */
const GIVE_BACK_SCRIPT = `
  local current = tonumber(redis.call('GET', KEYS[1]) or '0')
  if current > 0 then return redis.call('DECR', KEYS[1]) end
  return 0
`;

type StoreCallback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
type CallbackStore = { incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void; read: CallbackStore['incr'] };

function countWith(store: CallbackStore, method: 'incr' | 'read', key: string, rule: RateLimit): Promise<number> {
  return new Promise((resolve, reject) => {
    store[method](key, (error, result) => (error || !result ? reject(error ?? new Error('rate limit store answered nothing')) : resolve(result.current)), rule.windowMs, rule.max);
  });
}

/** One process: a least-recently-used map per limit, so one limit's flood never evicts another's keys. */
export function createMemoryStore({ keysPerLimit = MEMORY_KEYS_PER_LIMIT }: { keysPerLimit?: number } = {}): MemoryRateLimitStore {
  const stores = new Map<RateLimitName, LocalStore>();
  const storeOf = (limit: RateLimitName) => {
    let store = stores.get(limit);
    if (!store) stores.set(limit, (store = new LocalStore(false, false, keysPerLimit)));
    return store;
  };
  return {
    hit: (limit, key, rule) => countWith(storeOf(limit), 'incr', key, rule),
    count: (limit, key, rule) => countWith(storeOf(limit), 'read', key, rule),
    giveBack: async (limit, key, rule) => giveBackInMemory(storeOf(limit), key, rule),
    keyCount: () => [...stores.values()].reduce((sum, store) => sum + store.lru.size, 0),
    ready: async () => {},
    close: async () => stores.clear(),
  };
}

export type RedisRateLimitStoreOptions = {
  url: string;
  prefix: string;
  log: FastifyBaseLogger;
  fallback?: RateLimitStore;
  /** How long a count may take before it is counted in memory instead (default 1 s). */
  commandTimeoutMs?: number;
};

const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * Several instances: counters in Redis. While Redis cannot answer, this instance counts in memory instead
 * (limits per instance rather than none) and goes back to Redis once it answers again.
 */
export function createRedisStore({ url, prefix, log, fallback = createMemoryStore(), commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS }: RedisRateLimitStoreOptions): RateLimitStore {
  // No offline queue and a short command timeout: while Redis is away or stuck a hit fails at once and is
  // counted in memory, instead of holding the request.
  const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: commandTimeoutMs });
  const keyPrefix = `${prefix}ratelimit:`;
  const redis = new RedisStore(false, false, client, keyPrefix);
  let healthy = true;
  const unavailable = (error: unknown) => {
    if (healthy) log.warn({ err: error }, 'rate limit redis unavailable: counting in this process until it is back');
    healthy = false;
  };
  const available = () => {
    if (!healthy) log.info('rate limit redis is back: counting in redis again');
    healthy = true;
  };
  client.on('error', unavailable);
  client.on('ready', available);
  const connected = new Promise<void>((resolve) => {
    client.once('ready', () => resolve());
    client.once('error', () => resolve());
  });
  const counted = async (method: 'incr' | 'read', limit: RateLimitName, key: string, rule: RateLimit) => {
    try {
      const count = await countWith(redis, method, `${limit}:${key}`, rule);
      available();
      return count;
    } catch (error) {
      unavailable(error);
      return method === 'incr' ? fallback.hit(limit, key, rule) : fallback.count(limit, key, rule);
    }
  };
  return {
    ready: () => connected,
    hit: (limit, key, rule) => counted('incr', limit, key, rule),
    count: (limit, key, rule) => counted('read', limit, key, rule),
    giveBack: async (limit, key, rule) => {
      try {
        await client.eval(GIVE_BACK_SCRIPT, 1, `${keyPrefix}${limit}:${key}`);
      } catch (error) {
        // The hit may have been counted in memory while Redis was away: give it back there.
        unavailable(error);
        await fallback.giveBack(limit, key, rule);
      }
    },
    close: async () => {
      client.disconnect();
      await fallback.close();
    },
  };
}

/** The longest text form of an IP address (IPv4-mapped IPv6). */
const MAX_ADDRESS_LENGTH = 45;

/** A client's address as limits count it: IPv6 by its /64 (what one subscriber gets), IPv4-mapped as IPv4. */
export function rateLimitAddress(request: Pick<FastifyRequest, 'ip'>): string {
  // No address once the client's socket is gone: such requests share one key rather than fail.
  const ip: string | undefined = request.ip;
  if (!ip) return 'unknown';
  // Behind a trusted proxy the address is the proxy's header, which may hold any text: a key stays short.
  const address = normalizeIP(ip, 64);
  return address.length <= MAX_ADDRESS_LENGTH ? address : rateLimitSubject(address);
}

/** Emails are hashed in keys so the counters (maybe in Redis) hold no addresses. */
export function rateLimitSubject(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

export type RateLimitHits = ReadonlyArray<{ limit: RateLimitName; key: string }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one hit on each named limit for its key; throws 429 when any is over. */
    enforceRateLimits(hits: RateLimitHits): Promise<void>;
    /**
     * Takes back the hit `enforceRateLimits` counted on each named limit, for a request that turned out not
     * to be what the limit counts (a right password on the wrong-password limit).
     */
    giveBackRateLimitHits(hits: RateLimitHits): Promise<void>;
    /** Counts one hit on each named limit and answers whether any is now over, for callers that answer 429 their own way. */
    overRateLimits(hits: RateLimitHits): Promise<boolean>;
  }
}

export type RateLimitPluginOptions = {
  limits: RateLimits | 'off';
  redisUrl: string | undefined;
  redisPrefix?: string;
  /** How long a Redis count may take before this process counts in memory instead (default 1 s). */
  redisCommandTimeoutMs?: number;
  store?: RateLimitStore;
};

export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, options) => {
    const { limits } = options;
    if (limits === 'off') {
      for (const name of ['enforceRateLimits', 'giveBackRateLimitHits'] as const) app.decorate(name, async () => {});
      app.decorate('overRateLimits', async () => false);
      return;
    }
    const store =
      options.store ??
      (options.redisUrl ? createRedisStore({ url: options.redisUrl, prefix: options.redisPrefix ?? 'rewards:', log: app.log, commandTimeoutMs: options.redisCommandTimeoutMs }) : createMemoryStore());
    app.addHook('onClose', () => store.close());
    await store.ready();
    const counts = (hits: RateLimitHits) =>
      Promise.all(hits.map(async ({ limit, key }) => ({ rule: limits[limit], count: await store.hit(limit, key, limits[limit]) })));
    app.decorate('enforceRateLimits', async (hits: RateLimitHits) => {
      if ((await counts(hits)).some(({ rule, count }) => count > rule.max)) throw new HttpError(429, TOO_MANY_ATTEMPTS, { code: 'rate_limited' });
    });
    app.decorate('giveBackRateLimitHits', async (hits: RateLimitHits) => {
      await Promise.all(hits.map(({ limit, key }) => store.giveBack(limit, key, limits[limit])));
    });
    app.decorate('overRateLimits', async (hits: RateLimitHits) => (await counts(hits)).some(({ rule, count }) => count > rule.max));
  },
  { name: 'rate-limit' },
);
