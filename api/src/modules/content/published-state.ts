/**
 * What is published now, in memory: the newest version of each content file (its value checked by its schema)
 * and, per file, every content hash ever recorded with the newest version that had it (to tell whether a build
 * of mf-marketing bundled older content than what is published, see build-view.ts).
 *
 * It learns of a publish three ways, like the offers catalog: at once from a publish in this process (the same
 * database object, `contentChanged`), at once through Redis from other processes when REDIS_URL is set, and
 * otherwise by re-reading the newest version number at most once per `recheckMs`. When the database cannot be
 * read it keeps what it had (nothing at first: the pages then show the content their build bundled).
 */
import { count, desc, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CONTENT_FILES, type ContentFile, isContentFile } from '@rewards/shared/content/content-schemas';
import type { Database } from '../../db/database';
import { contentVersions } from '../../db/schema';

export type PublishedFile = { version: number; hash: string; value: unknown };

export type PublishedSnapshot = {
  /** The newest version number of all files (0: none): it changes with every publish. */
  latest: number;
  files: ReadonlyMap<ContentFile, PublishedFile>;
  /** Per file: each content hash ever recorded → the newest version that had it. */
  hashes: ReadonlyMap<ContentFile, ReadonlyMap<string, number>>;
};

export const NOTHING_PUBLISHED: PublishedSnapshot = { latest: 0, files: new Map(), hashes: new Map() };

const DEFAULT_RECHECK_MS = 1000;
const DEFAULT_MAX_WAIT_MS = 1000;
const WARN_EVERY_MS = 60_000;

/** Waits for `work` at most `ms`. */
async function within(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

// ---- publishes in this process ----

const changeListeners = new WeakMap<Database, Set<() => void>>();

/** Called once a publish or a restore committed (ops, the console): this process's state reads it at once. */
export function contentChanged(db: Database): void {
  for (const listener of changeListeners.get(db) ?? []) listener();
}

function onContentChanged(db: Database, listener: () => void): () => void {
  let listeners = changeListeners.get(db);
  if (!listeners) changeListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---- the state ----

export type PublishedContentState = {
  /** What is published, at most `recheckMs` old (unless the database cannot be read). */
  current(): Promise<PublishedSnapshot>;
  /** Reads the database again on the next `current()` (a publish elsewhere). */
  invalidate(): void;
  close(): void;
};

export type PublishedContentStateOptions = {
  db: Database;
  log: Pick<FastifyBaseLogger, 'warn'>;
  recheckMs?: number;
  /** How long a page waits for the database before it goes with what was read last. */
  maxWaitMs?: number;
  now?: () => number;
};

export function createPublishedContentState({
  db,
  log,
  recheckMs = DEFAULT_RECHECK_MS,
  maxWaitMs = DEFAULT_MAX_WAIT_MS,
  now = Date.now,
}: PublishedContentStateOptions): PublishedContentState {
  let snapshot = NOTHING_PUBLISHED;
  let checkedAt = Number.NEGATIVE_INFINITY;
  // Bumped by every invalidate(): a read that began before it may not count as fresh.
  let generation = 0;
  let loadedGeneration = -1;
  let loadedStamp = '';
  let refreshing: Promise<void> | undefined;
  let warnedAt = Number.NEGATIVE_INFINITY;
  let failedAt = Number.NEGATIVE_INFINITY;
  // The value of each version, checked once: versions never change.
  const checked = new Map<number, PublishedFile | null>();

  const invalidate = () => {
    generation += 1;
  };
  const stopListening = onContentChanged(db, invalidate);

  async function refresh(): Promise<void> {
    const started = generation;
    // The count too: a publish that took its number before another one but committed after it adds no new maximum.
    const [row] = await db.select({ latest: max(contentVersions.version), versions: count() }).from(contentVersions);
    const stamp = `${row?.latest ?? 0}/${row?.versions ?? 0}`;
    if (stamp !== loadedStamp || started !== loadedGeneration) snapshot = await load(Number(row?.latest ?? 0));
    loadedStamp = stamp;
    loadedGeneration = started;
    checkedAt = now();
  }

  async function load(latest: number): Promise<PublishedSnapshot> {
    const newest = await db
      .selectDistinctOn([contentVersions.file], { version: contentVersions.version, file: contentVersions.file, hash: contentVersions.hash, body: contentVersions.body })
      .from(contentVersions)
      .orderBy(contentVersions.file, desc(contentVersions.version));
    const recorded = await db
      .select({ file: contentVersions.file, hash: contentVersions.hash, version: max(contentVersions.version) })
      .from(contentVersions)
      .groupBy(contentVersions.file, contentVersions.hash);
    const files = new Map<ContentFile, PublishedFile>();
    for (const row of newest) {
      if (!isContentFile(row.file)) continue;
      const file = checkedVersion(row.file, row);
      if (file) files.set(row.file, file);
    }
    const hashes = new Map<ContentFile, Map<string, number>>();
    for (const row of recorded) {
      if (!isContentFile(row.file)) continue;
      let byHash = hashes.get(row.file);
      if (!byHash) hashes.set(row.file, (byHash = new Map()));
      byHash.set(row.hash, Number(row.version));
    }
    return { latest, files, hashes };
  }

  /** A version's value, if its file's schema as this server knows it still accepts it (else the build's content shows). */
  function checkedVersion(file: ContentFile, row: { version: number; hash: string; body: string }): PublishedFile | null {
    if (checked.has(row.version)) return checked.get(row.version)!;
    let result: PublishedFile | null = null;
    try {
      const value: unknown = JSON.parse(row.body);
      if (CONTENT_FILES[file].safeParse(value).success) result = { version: row.version, hash: row.hash, value };
    } catch {
      // refused below like a value the schema refuses
    }
    if (!result) log.warn(`content version ${row.version} (${file}) does not pass this server's schema: the pages show the content of their build`);
    checked.set(row.version, result);
    return result;
  }

  return {
    async current() {
      const stale = loadedGeneration !== generation || now() - checkedAt >= recheckMs;
      if (stale && !refreshing && now() - failedAt >= recheckMs) {
        refreshing = refresh()
          .catch((error: unknown) => {
            // Keep what was read last; try again after recheckMs.
            failedAt = now();
            if (now() - warnedAt >= WARN_EVERY_MS) {
              warnedAt = now();
              log.warn({ err: error }, "the published content could not be read: the pages show what was read last (or their build's content)");
            }
          })
          .finally(() => (refreshing = undefined));
      }
      // A database that hangs does not hang the pages: they go with what was read last.
      if (refreshing) await within(refreshing, maxWaitMs);
      return snapshot;
    },
    invalidate,
    close: stopListening,
  };
}
