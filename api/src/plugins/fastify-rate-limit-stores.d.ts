// @fastify/rate-limit ships its two stores as files without type declarations; these are the calls we use.
// Both count one key in a fixed window: `incr` counts a hit, `read` answers the count without one.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  type Callback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
  /** A fixed-window counter per key in a least-recently-used map of at most `cache` keys (toad-cache). */
  export default class LocalStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    /** Its entries: the count and the start of the key's current window. */
    readonly lru: { readonly size: number; get(key: string): { current: number; iterationStartMs: number } | undefined };
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
  }
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  type Callback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
  /** The same counter in Redis (INCR and PEXPIRE in one Lua script), keys prefixed with `key`. */
  export default class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
  }
}
