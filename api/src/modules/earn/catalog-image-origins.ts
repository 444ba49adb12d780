import { like } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { offers } from '../../db/schema';
import { foreignOrigin } from '../../plugins/content-security-policy';

const DEFAULT_MAX_AGE_MS = 5000;

/**
 * The origins of offer images the catalog serves from other hosts (a partner's catalog may link its own
 * images): the page's img-src. Read at most once per `maxAgeMs`; while a fresher list is read, pages get the
 * last one, so a page never waits on the database after the first.
 */
export function catalogImageOrigins(db: Database, maxAgeMs = DEFAULT_MAX_AGE_MS, now: () => number = Date.now): () => Promise<string[]> {
  let known: string[] | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<string[]> | undefined;

  const read = async (): Promise<string[]> => {
    const rows = await db.selectDistinct({ url: offers.imageUrl }).from(offers).where(like(offers.imageUrl, 'http%'));
    known = [...new Set(rows.flatMap((row) => foreignOrigin(row.url) ?? []))].sort();
    readAt = now();
    return known;
  };

  return async () => {
    if (known && now() - readAt < maxAgeMs) return known;
    reading ??= read().finally(() => (reading = undefined));
    if (!known) return reading;
    // A failed refresh keeps the last list; the next page tries again.
    reading.catch(() => undefined);
    return known;
  };
}
