import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimit } from '../config';
import { closedPort, startTcpRelay } from '../test/tcp-relay';
import { waitUntil } from '../test/wait-until';
import { createMemoryStore, createRedisStore, MEMORY_KEYS_PER_LIMIT, rateLimitAddress, type RateLimitStore } from './rate-limit';

const quietLog = { warn() {}, info() {} } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// A full collection before each heap reading, so garbage is not taken for kept keys.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const LONG: RateLimit = { max: 5, windowMs: 60_000 };
/** A window the hits of the flood test end within, however busy the machine (a minute did not, once). */
const FLOOD_WINDOW: RateLimit = { max: 5, windowMs: 3_600_000 };

describe('rate limit addresses', () => {
  it('counts IPv6 by its /64, IPv4-mapped as IPv4, and never throws on what a proxy or socket gives', () => {
    const of = (ip: string | undefined) => rateLimitAddress({ ip } as { ip: string });
    expect(of('2001:db8:1:2:3:4:5:6')).toBe(of('2001:DB8:1:2::ffff'));
    expect(of('2001:db8:1:2::1')).not.toBe(of('2001:db8:1:3::1'));
    expect(of('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(of('192.0.2.1')).toBe('192.0.2.1');
    for (const odd of [undefined, '', 'not an address', 'fe80::1%eth0', '::', '\u0000', 'x'.repeat(10_000)]) expect(of(odd).length).toBeLessThanOrEqual(45);
    expect(of('x'.repeat(10_000))).not.toBe(of('x'.repeat(9_999)));
  });
});

describe('rate limit stores', () => {
  describe('memory windows', () => {
    // The memory store reads the time with Date.now: the tests move it, so a busy machine cannot end a window early.
    const WINDOW: RateLimit = { max: 5, windowMs: 60_000 };
    let clockMs = 0;
    beforeEach(() => {
      clockMs = Date.now();
      jest.spyOn(Date, 'now').mockImplementation(() => clockMs);
    });
    afterEach(() => jest.restoreAllMocks());

    it('memory: counts hits per limit and key and starts a new window when the old one is over', async () => {
      const store = createMemoryStore();
      expect(await store.hit('login', 'a', WINDOW)).toBe(1);
      clockMs += WINDOW.windowMs - 1;
      expect(await store.hit('login', 'a', WINDOW)).toBe(2);
      expect(await store.count('login', 'a', WINDOW)).toBe(2);
      expect(await store.hit('login', 'b', WINDOW)).toBe(1);
      expect(await store.hit('login_ip', 'a', WINDOW)).toBe(1);
      clockMs += 1;
      expect(await store.count('login', 'a', WINDOW)).toBe(0);
      expect(await store.hit('login', 'a', WINDOW)).toBe(1);
    });

    it('memory: gives a hit back within its window, never below zero, and nothing once the window is over', async () => {
      const store = createMemoryStore();
      await store.giveBack('login_account', 'never-counted', WINDOW);
      expect(await store.count('login_account', 'never-counted', WINDOW)).toBe(0);
      expect(await store.hit('login_account', 'a', WINDOW)).toBe(1);
      expect(await store.hit('login_account', 'a', WINDOW)).toBe(2);
      await store.giveBack('login_account', 'a', WINDOW);
      expect(await store.count('login_account', 'a', WINDOW)).toBe(1);
      await store.giveBack('login_account', 'a', WINDOW);
      await store.giveBack('login_account', 'a', WINDOW);
      expect(await store.count('login_account', 'a', WINDOW)).toBe(0);
      expect(await store.hit('login_account', 'a', WINDOW)).toBe(1);
      expect(await store.hit('login_account', 'a', WINDOW)).toBe(2);
      clockMs += WINDOW.windowMs;
      await store.giveBack('login_account', 'a', WINDOW);
      expect(await store.hit('login_account', 'a', WINDOW)).toBe(1);
    });
  });

  // Thirty times its cap of distinct keys (a spray of addresses or emails) within one window: the store keeps at
  // most its cap, and the heap does not grow with the keys (an unbounded map would hold ~60 MB here).
  const floodKeys = 30 * MEMORY_KEYS_PER_LIMIT;
  it(`memory: stays within its bound of keys per limit under ${floodKeys.toLocaleString('en')} distinct keys`, async () => {
    const store = createMemoryStore();
    await store.hit('login_account', 'owner', FLOOD_WINDOW);
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    let largest = 0;
    for (let i = 0; i < floodKeys; i++) {
      await store.hit('login', `spray-${i}`, FLOOD_WINDOW);
      if (i % 10_000 === 0) largest = Math.max(largest, store.keyCount());
    }
    collectGarbage();
    const grown = process.memoryUsage().heapUsed - heapBefore;
    expect(Math.max(largest, store.keyCount())).toBeLessThanOrEqual(MEMORY_KEYS_PER_LIMIT + 1);
    expect(grown).toBeLessThan(20 * 1024 * 1024);
    // Another limit's keys are not evicted by the flood.
    expect(await store.count('login_account', 'owner', FLOOD_WINDOW)).toBe(1);
  }, 120_000);

  it('memory: a key counted again stays remembered while newer keys push out older ones', async () => {
    const store = createMemoryStore({ keysPerLimit: 100 });
    for (let i = 0; i < 1_000; i++) {
      await store.hit('login_ip', 'attacker', LONG);
      await store.hit('login_ip', `passer-by-${i}`, LONG);
    }
    expect(store.keyCount()).toBe(100);
    expect(await store.count('login_ip', 'attacker', LONG)).toBe(1_000);
  });

  it('redis unreachable (closed port): counts in memory, so limits still hold', async () => {
    const store = createRedisStore({ url: `redis://127.0.0.1:${await closedPort()}`, prefix: 'test:', log: quietLog });
    try {
      await store.ready();
      for (let n = 1; n <= 6; n++) expect(await store.hit('login_ip', 'x', LONG)).toBe(n);
      expect(await store.count('login_ip', 'x', LONG)).toBe(6);
    } finally {
      await store.close();
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  // Run when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379).
  // Redis ends windows on its own clock: counts are checked in a long window, and a short one only for its end,
  // where a busy machine (a later hit) can only make the window more surely over.
  const SHORT: RateLimit = { max: 5, windowMs: 300 };
  (redisUrl ? it : it.skip)('redis: two instances share one counter, which expires with its window', async () => {
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    const stores: RateLimitStore[] = [createRedisStore({ url: redisUrl!, prefix, log: quietLog }), createRedisStore({ url: redisUrl!, prefix, log: quietLog })];
    try {
      await Promise.all(stores.map((store) => store.ready()));
      expect(await stores[0]!.hit('login', 'k', LONG)).toBe(1);
      expect(await stores[1]!.hit('login', 'k', LONG)).toBe(2);
      expect(await stores[0]!.hit('login', 'k', LONG)).toBe(3);
      expect(await stores[1]!.count('login', 'k', LONG)).toBe(3);
      expect(await stores[1]!.hit('login_ip', 'k', LONG)).toBe(1);
      await stores[0]!.hit('login', 'short', SHORT);
      await stores[1]!.hit('login', 'short', SHORT);
      await sleep(SHORT.windowMs + 50);
      expect(await stores[0]!.hit('login', 'short', SHORT)).toBe(1);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  (redisUrl ? it : it.skip)('redis: gives a hit back, never below zero, keeping the window’s end', async () => {
    const store = createRedisStore({ url: redisUrl!, prefix: `test:${randomBytes(6).toString('hex')}:`, log: quietLog });
    try {
      await store.ready();
      await store.giveBack('login_account', 'never-counted', LONG);
      expect(await store.count('login_account', 'never-counted', LONG)).toBe(0);
      expect(await store.hit('login_account', 'k', LONG)).toBe(1);
      expect(await store.hit('login_account', 'k', LONG)).toBe(2);
      await store.giveBack('login_account', 'k', LONG);
      expect(await store.count('login_account', 'k', LONG)).toBe(1);
      await store.giveBack('login_account', 'k', LONG);
      await store.giveBack('login_account', 'k', LONG);
      expect(await store.count('login_account', 'k', LONG)).toBe(0);
      // The key still ends with its window: the next hit after it starts a new one (2 if the give-back kept it for good).
      await store.hit('login_account', 'short', SHORT);
      await store.hit('login_account', 'short', SHORT);
      await store.giveBack('login_account', 'short', SHORT);
      await sleep(SHORT.windowMs + 50);
      expect(await store.hit('login_account', 'short', SHORT)).toBe(1);
    } finally {
      await store.close();
    }
  });

  (redisUrl ? it : it.skip)('redis: going away mid-way, the counting carries on in memory, then back in redis', async () => {
    const target = new URL(redisUrl!);
    const relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 6379) });
    const logged: string[] = [];
    const log = { warn: (_: unknown, message: string) => logged.push(`warn ${message}`), info: (message: string) => logged.push(`info ${message}`) };
    const store = createRedisStore({ url: relay.url('redis'), prefix: `test:${randomBytes(6).toString('hex')}:`, log: log as unknown as FastifyBaseLogger });
    try {
      await store.ready();
      expect(await store.hit('otp_ip', 'k', LONG)).toBe(1);
      expect(await store.hit('otp_ip', 'k', LONG)).toBe(2);
      await relay.cut();
      // Redis is gone: memory counts from zero, and the limit is reached again rather than switched off.
      for (let n = 1; n <= 6; n++) expect(await store.hit('otp_ip', 'k', LONG)).toBe(n);
      await relay.restore();
      await waitUntil(async () => (await store.count('otp_ip', 'k', LONG)) === 2, 'counting in redis again');
      expect(await store.hit('otp_ip', 'k', LONG)).toBe(3);
      // One line when Redis goes away and one when it is back, not one per request or reconnection attempt.
      expect(logged).toEqual([
        'warn rate limit redis unavailable: counting in this process until it is back',
        'info rate limit redis is back: counting in redis again',
      ]);
    } finally {
      await store.close();
      await relay.cut();
    }
  }, 30_000);
});
