import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { telemetryMinutes } from '../../db/schema';
import type { WebVital } from './histogram';

/** How long per-minute counts are kept. */
export const TELEMETRY_RETENTION_DAYS = 14;

/** One row's worth of counts: what a report (or many) adds to a minute of a remote, version and route. */
export type TelemetryMinuteCounts = {
  minute: Date;
  remote: string;
  version: string;
  route: string;
  loads: number;
  failedLoads: number;
  errors: number;
  lcpBuckets: number[];
  inpBuckets: number[];
  clsBuckets: number[];
};

/** `target + excluded`, bucket by bucket, for one histogram column. */
function addedBuckets(vital: WebVital) {
  const column = sql.raw(`${vital}_buckets`);
  return sql`array(select coalesce(old, 0) + coalesce(new, 0)
    from unnest(${telemetryMinutes}.${column}, excluded.${column}) with ordinality as added(old, new, position)
    order by position)`;
}

/**
 * Adds counts to their minutes' rows (one statement; a new key makes its row). Rows of one call must have
 * distinct keys (aggregateReports gives that): PostgreSQL refuses to update one row twice in a statement.
 */
export async function addTelemetryCounts(db: Executor, rows: readonly TelemetryMinuteCounts[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(telemetryMinutes)
    .values([...rows])
    .onConflictDoUpdate({
      target: [telemetryMinutes.minute, telemetryMinutes.remote, telemetryMinutes.version, telemetryMinutes.route],
      set: {
        loads: sql`${telemetryMinutes.loads} + excluded.loads`,
        failedLoads: sql`${telemetryMinutes.failedLoads} + excluded.failed_loads`,
        errors: sql`${telemetryMinutes.errors} + excluded.errors`,
        lcpBuckets: addedBuckets('lcp'),
        inpBuckets: addedBuckets('inp'),
        clsBuckets: addedBuckets('cls'),
      },
    });
}

/** Deletes minutes older than the retention (14 days). Idempotent: any instance may run it at any time. */
export async function pruneTelemetry(db: Executor, { days = TELEMETRY_RETENTION_DAYS }: { days?: number } = {}): Promise<number> {
  const deleted = await db
    .delete(telemetryMinutes)
    .where(lt(telemetryMinutes.minute, sql`now() - make_interval(days => ${days})`))
    .returning({ minute: telemetryMinutes.minute });
  return deleted.length;
}
