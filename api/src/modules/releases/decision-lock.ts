import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { DecisionLock } from './canary-watch';

/** The first key of the watch's advisory locks (the second is the remote's hash): apart from other locks. */
const WATCH_LOCK_CLASS = 0x52_57_41_54; // "RWAT"

/**
 * One instance decides for a remote at a time: a PostgreSQL advisory lock taken for one transaction (so it is
 * let go when the decision is written, or when the instance dies), tried, never waited for. Another instance
 * holding it gets `{ ran: false }`. PGlite serves one process: its transactions take turns, so there the lock
 * is always had.
 */
export function advisoryDecisionLock(db: Database): DecisionLock {
  return (remote, work) =>
    db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${WATCH_LOCK_CLASS}::int, hashtext(${remote})) as held`)) as unknown as {
        rows: Array<{ held: boolean }>;
      };
      if (result.rows[0]?.held !== true) return { ran: false as const };
      return { ran: true as const, value: await work() };
    });
}
