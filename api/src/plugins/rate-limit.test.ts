import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createMemoryStore, createRedisStore, type RateLimitStore } from './rate-limit';

const quietLog = { warn() {} } as unknown as FastifyBaseLogger;

describe('rate limit stores', () => {
  it('memory: counts hits per key and starts a new window when the old one is over', async () => {
    let now = 1_000;
    const store = createMemoryStore(() => now);
    expect(await store.hit('a', 100)).toBe(1);
    expect(await store.hit('a', 100)).toBe(2);
    expect(await store.hit('b', 100)).toBe(1);
    now += 100;
    expect(await store.hit('a', 100)).toBe(1);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  // Runs when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379): counters shared by two instances.
  (redisUrl ? it : it.skip)('redis: two instances share one counter, which expires with its window', async () => {
        const stores: RateLimitStore[] = [createRedisStore(redisUrl!, quietLog), createRedisStore(redisUrl!, quietLog)];
    const key = `test:${randomBytes(6).toString('hex')}`;
    try {
      await Promise.all(stores.map((store) => store.ready()));
      expect(await stores[0]!.hit(key, 300)).toBe(1);
      expect(await stores[1]!.hit(key, 300)).toBe(2);
      expect(await stores[0]!.hit(key, 300)).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await stores[1]!.hit(key, 300)).toBe(1);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('redis: an unreachable server lets requests through (counted as 0) instead of failing logins', async () => {
    const store = createRedisStore('redis://127.0.0.1:1', quietLog);
    try {
      await store.ready();
      expect(await store.hit('x', 1000)).toBe(0);
    } finally {
      await store.close();
    }
  });
});
