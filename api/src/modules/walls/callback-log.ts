import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { type CallbackOutcome, postbackCallbacks } from '../../db/schema';
import type { Database } from '../../db/database';
import { coalescedStatement } from '../../db/coalesced';
import { preparedBatchInsert } from '../../db/batch-insert';
import type { Executor } from '../../db/executor';

/** What is kept of one callback's raw text: enough for any real callback, bounded against floods. */
export const MAX_STORED_CHARS = 8192;

/**
 * What is kept of a refused, malformed or unknown-wall callback's path, query, body and headers, each: anyone can
 * send those, so each row stays small (the row says when something was cut). Accepted callbacks are kept whole.
 */
export const MAX_REFUSED_STORED_BYTES = 2048;

/** The outcomes anyone can cause without a wall's secret: kept short, and limited per address (postback_refused). */
export const REFUSED_OUTCOMES: readonly CallbackOutcome[] = ['refused', 'malformed'];

export type CallbackRecord = typeof postbackCallbacks.$inferSelect;
export type NewCallbackRecord = Omit<typeof postbackCallbacks.$inferInsert, 'truncated'>;

/** PostgreSQL's text cannot hold NUL: each is kept as U+FFFD, so a callback holding one is stored all the same. */
const storable = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text);
const bounded = (text: string, chars = MAX_STORED_CHARS) => storable(text.length > chars ? text.slice(0, chars) : text);

/** The text's first `bytes` bytes of UTF-8, never half a character. */
export function cutToBytes(text: string, bytes: number): string {
  // Three bytes at most per UTF-16 unit: short text needs no encoding.
  if (text.length * 3 <= bytes) return text;
  const encoded = Buffer.from(text, 'utf8');
  if (encoded.length <= bytes) return text;
  let end = bytes;
  while (end > 0 && (encoded[end]! & 0xc0) === 0x80) end--;
  return encoded.subarray(0, end).toString('utf8');
}

type StoredRecord = Required<Omit<typeof postbackCallbacks.$inferInsert, 'id' | 'receivedAt'>>;

function storedRecord(record: NewCallbackRecord): StoredRecord {
  let truncated = false;
  const refused = REFUSED_OUTCOMES.includes(record.outcome);
  const kept = (text: string) => {
    const stored = refused ? cutToBytes(storable(text), MAX_REFUSED_STORED_BYTES) : bounded(text);
    truncated ||= stored.length < text.length;
    return stored;
  };
  return {
    wall: bounded(record.wall, 64),
    method: storable(record.method),
    path: kept(record.path),
    query: kept(record.query),
    body: kept(record.body),
    headers: kept(record.headers),
    sourceIp: storable(record.sourceIp),
    outcome: record.outcome,
    statusCode: record.statusCode,
    reason: bounded(record.reason, 500),
    userId: record.userId ?? null,
    txid: record.txid === undefined || record.txid === null ? null : bounded(record.txid, 100),
    coins: record.coins ?? 0,
    replayOf: record.replayOf ?? null,
    truncated,
  };
}

// Every callback is stored: prepared once (see db/batch-insert.ts).
const insertCallbacks = preparedBatchInsert<StoredRecord>('insert_postback_callbacks', postbackCallbacks, {
  wall: postbackCallbacks.wall,
  method: postbackCallbacks.method,
  path: postbackCallbacks.path,
  query: postbackCallbacks.query,
  body: postbackCallbacks.body,
  headers: postbackCallbacks.headers,
  sourceIp: postbackCallbacks.sourceIp,
  outcome: postbackCallbacks.outcome,
  statusCode: postbackCallbacks.statusCode,
  reason: postbackCallbacks.reason,
  userId: postbackCallbacks.userId,
  txid: postbackCallbacks.txid,
  coins: postbackCallbacks.coins,
  replayOf: postbackCallbacks.replayOf,
  truncated: postbackCallbacks.truncated,
});

const insertCallback = coalescedStatement(insertCallbacks);

/**
 * Stores one callback and answers its id. Under load, callbacks that arrive while an insert is in flight are
 * stored together by the next one (see coalescedStatement): every callback is stored, and its id comes back.
 */
export function recordCallback(db: Database, record: NewCallbackRecord): Promise<number> {
  try {
    return insertCallback(db, storedRecord(record));
  } catch (error) {
    return Promise.reject(error);
  }
}

export async function findCallback(db: Executor, id: number): Promise<CallbackRecord | undefined> {
  const rows = await db.select().from(postbackCallbacks).where(eq(postbackCallbacks.id, id));
  return rows[0];
}

export type CallbackFilter = { wall?: string; userId?: number; txid?: string; outcome?: CallbackOutcome; limit: number };

/** Stored callbacks, newest first. */
export async function listCallbacks(db: Executor, filter: CallbackFilter): Promise<CallbackRecord[]> {
  const conditions: SQL[] = [];
  if (filter.wall !== undefined) conditions.push(eq(postbackCallbacks.wall, filter.wall));
  if (filter.userId !== undefined) conditions.push(eq(postbackCallbacks.userId, filter.userId));
  if (filter.txid !== undefined) conditions.push(eq(postbackCallbacks.txid, filter.txid));
  if (filter.outcome !== undefined) conditions.push(eq(postbackCallbacks.outcome, filter.outcome));
  return db
    .select()
    .from(postbackCallbacks)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(postbackCallbacks.receivedAt), desc(postbackCallbacks.id))
    .limit(filter.limit);
}

/** Deletes callbacks older than `days`; returns how many. */
export async function pruneCallbacks(db: Executor, days: number): Promise<number> {
  const deleted = await db
    .delete(postbackCallbacks)
    .where(lt(postbackCallbacks.receivedAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: postbackCallbacks.id });
  return deleted.length;
}
