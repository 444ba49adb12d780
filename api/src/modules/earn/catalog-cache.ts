import { createHash, randomBytes } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { Platform } from '@rewards/shared/contracts/offer-types';
import type { Database } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { appMeta } from '../../db/schema';
import type { Links } from './links';
import { eventsByOffer, listOffers } from './repository';
import { offersResponse } from './schemas';
import { toOffer } from './service';

/**
 * Offers/Get from memory. The catalog changes only by import (`pnpm ops offers:import`, the seed at start),
 * yet every call used to read and serialise it, and compress ~35 KB. Now each device filter's answer is
 * built once per catalog version as JSON text split where the user id goes into the click links, so an
 * answer is a join, its ETag a string, and its compressed bytes are kept per user (a bounded LRU).
 *
 * It learns of an import three ways: at once from an import in this process (the same database object),
 * at once through Redis from other processes when REDIS_URL is set, and otherwise by re-reading the
 * catalog version (bumped by every import, in its transaction) at most once per `recheckMs`.
 */

export const CATALOG_VERSION_KEY = 'offers_catalog_version';
const DEFAULT_RECHECK_MS = 1000;
const DEFAULT_MAX_ENCODED = 1000;
// The same quality as on-the-fly compression (@fastify/compress): fast enough for a user's first call.
const BROTLI_QUALITY = 4;

export type ContentEncoding = 'br' | 'gzip';

export type CatalogAnswer = {
  /** Weak: the same answer is sent plain or compressed. Changes with the catalog and the user. */
  etag: string;
  /** Names the offers of the answer: the same for every user (only their click links differ), new with the catalog. */
  version: string;
  body(): string;
  encoded(encoding: ContentEncoding): Buffer;
};

export type OffersCatalog = {
  answer(platform: Platform | undefined, userId: number | null): Promise<CatalogAnswer>;
  /** Forgets every built answer (the catalog changed). */
  invalidate(): void;
  close(): void;
};

type Variant = { parts: string[]; hash: string };

const catalogVersionQuery = preparedQuery((db) =>
  db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, sql.placeholder('key')))
    .prepare('offers_catalog_version'),
);

async function catalogVersion(db: Database): Promise<string> {
  const rows = await catalogVersionQuery(db).execute({ key: CATALOG_VERSION_KEY });
  return rows[0]?.value ?? '0';
}

// ---- imports in this process ----

const importListeners = new WeakMap<Database, Set<() => void>>();

/** Called by importCatalog after its transaction committed. */
export function catalogImported(db: Database): void {
  for (const listener of importListeners.get(db) ?? []) listener();
}

function onCatalogImported(db: Database, listener: () => void): () => void {
  let listeners = importListeners.get(db);
  if (!listeners) importListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---- the cache ----

export type OffersCatalogOptions = { db: Database; links: Links; recheckMs?: number; maxEncoded?: number; now?: () => number };

export function createOffersCatalog({ db, links, recheckMs = DEFAULT_RECHECK_MS, maxEncoded = DEFAULT_MAX_ENCODED, now = Date.now }: OffersCatalogOptions): OffersCatalog {
  let variants = new Map<string, Promise<Variant>>();
  const encodedAnswers = new Map<string, Buffer>();
  let version: string | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let recheck: Promise<void> | undefined;

  const invalidate = () => {
    variants = new Map();
    encodedAnswers.clear();
  };
  const stopListening = onCatalogImported(db, invalidate);

  async function checkVersion(): Promise<void> {
    const current = await catalogVersion(db);
    if (current !== version) invalidate();
    version = current;
    checkedAt = now();
  }

  async function build(platform: Platform | undefined): Promise<Variant> {
    // A random token stands for the user id while the JSON is written: it survives URL encoding and JSON.
    const slot = `u${randomBytes(12).toString('hex')}`;
    const rows = await listOffers(db, platform);
    const events = await eventsByOffer(
      db,
      rows.map((row) => row.id),
    );
    const data = rows.map((row) => toOffer(row, events.get(row.id) ?? [], slot, links));
    // Checked once per build, not per call: only the contract's fields go out.
    const text = JSON.stringify(offersResponse.parse({ status: 'success', data }));
    return { parts: text.split(slot), hash: createHash('sha256').update(text).digest('base64url').slice(0, 16) };
  }

  function variantOf(platform: Platform | undefined): Promise<Variant> {
    const key = platform ?? 'All';
    let variant = variants.get(key);
    if (!variant) {
      const forMap = variants;
      variant = build(platform);
      forMap.set(key, variant);
      // A failed build is not kept: the next call tries again.
      variant.catch(() => forMap.get(key) === variant && forMap.delete(key));
    }
    return variant;
  }

  return {
    async answer(platform, userId) {
      if (now() - checkedAt >= recheckMs) {
        recheck ??= checkVersion().finally(() => (recheck = undefined));
        await recheck;
      }
      const variant = await variantOf(platform);
      const userText = userId === null ? '' : String(userId);
      const key = `${platform ?? 'All'}|${userText}|${variant.hash}`;
      const body = () => variant.parts.join(userText);
      return {
        etag: `W/"${variant.hash}.${userText || 'visitor'}"`,
        version: variant.hash,
        body,
        encoded(encoding) {
          const cacheKey = `${key}|${encoding}`;
          let bytes = encodedAnswers.get(cacheKey);
          if (bytes) {
            // Most recently used last: the first key is the one to evict.
            encodedAnswers.delete(cacheKey);
          } else {
            const text = body();
            bytes =
              encoding === 'br'
                ? brotliCompressSync(text, {
                    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) },
                  })
                : gzipSync(text);
            if (encodedAnswers.size >= maxEncoded) encodedAnswers.delete(encodedAnswers.keys().next().value!);
          }
          encodedAnswers.set(cacheKey, bytes);
          return bytes;
        },
      };
    },
    invalidate,
    close: stopListening,
  };
}
