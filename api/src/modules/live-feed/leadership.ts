import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Whether this instance is the one that does a job only one instance may do (here: simulating the feed). */
export type Leadership = { isLeader(): boolean; close(): Promise<void> };

/** One instance (no Redis): it leads. */
export function soleLeadership(): Leadership {
  return { isLeader: () => true, close: async () => {} };
}

// Take the lock when it is free, or extend it when it is ours; 1 when we hold it afterwards.
const ACQUIRE_OR_RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export type RedisLeadershipOptions = {
  url: string;
  /** The lock's key; REDIS_PREFIX keeps sites and test runs apart. */
  key: string;
  log: FastifyBaseLogger;
  /** A leader that stops renewing (crashed, cut off) loses the lock after this long. */
  ttlMs?: number;
  renewEveryMs?: number;
};

/**
 * Leadership through a Redis lock with a time limit: every instance tries to take or extend it every
 * `renewEveryMs`; the holder leads until its lock would have expired, so two never lead at once even if
 * Redis goes away. A leader that closes releases the lock and another takes over within `renewEveryMs`.
 */
export async function redisLeadership({ url, key, log, ttlMs = 10_000, renewEveryMs = 2_000 }: RedisLeadershipOptions): Promise<Leadership> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', (error) => log.warn({ err: error }, `live feed leadership redis: ${error.message}`));
  await client.connect();
  const me = randomUUID();
  let leaderUntil = 0;
  let closed = false;

  async function tryToLead() {
    const startedAt = Date.now();
    try {
      const held = await client.eval(ACQUIRE_OR_RENEW, 1, key, me, String(ttlMs));
      leaderUntil = held === 1 ? startedAt + ttlMs : 0;
    } catch (error) {
      // Keep what we had: the lock's own expiry, counted from the last success, ends it.
      log.warn({ err: error }, 'live feed leadership: could not reach Redis');
    }
  }

  await tryToLead();
  const timer = setInterval(() => void tryToLead(), renewEveryMs);
  timer.unref();

  return {
    isLeader: () => !closed && Date.now() < leaderUntil,
    async close() {
      closed = true;
      clearInterval(timer);
      try {
        await client.eval(RELEASE, 1, key, me);
      } catch {
        // The lock expires on its own.
      }
      client.disconnect();
    },
  };
}
