import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { telemetryMinutes } from '../../db/schema';
import { emptyHistogram, histogramPercentile, type WebVital } from './histogram';
import { telemetryRemoteName } from './keys';

/** The window `pnpm releases` and `ops telemetry:health` show by default. */
export const DEFAULT_HEALTH_MINUTES = 60;

export type RemoteHealthQuery = {
  /** The remote: its package (`mf-earn`) or federation container name (`mf_earn`). */
  remote: string;
  /** The release version, e.g. `1.0.0-3f2a9c0b1d` (as the runtime config serves it). */
  version: string;
  /** Start of the window (its minute included). */
  since: Date;
  /** End of the window (exclusive); now when left out. */
  until?: Date;
};

export type RemoteHealth = {
  /** Successful loads of the remote (the denominator of both rates). */
  loads: number;
  /** Loads that failed: its manifest, entry or a chunk. */
  failedLoads: number;
  /** Errors its error boundaries caught, and uncaught errors from its scripts. */
  errors: number;
  /** failedLoads / (loads + failedLoads); 0 with no attempt. */
  failedLoadRate: number;
  /** errors / loads; 0 with no load (errors without a load count in `errors` only). */
  errorRate: number;
  /** p75 of the Largest Contentful Paint of pages it drew, in ms; null with no report. */
  lcpP75Ms: number | null;
  /** p75 of Interaction to Next Paint on pages it drew, in ms; null with no report. */
  inpP75Ms: number | null;
  /** p75 of Cumulative Layout Shift on pages it drew; null with no report. */
  clsP75: number | null;
};

/** One version's health as `ops telemetry:health --json` prints it (and `pnpm releases` reads it). */
export type VersionHealthAnswer = { remote: string; version: string } & RemoteHealth;

/**
 * What browsers reported about one version of a remote over a window (every route): the counts, the rates
 * and the p75 Web Vitals. The window is whole minutes (counts are kept per minute): a `since` inside a minute
 * counts that whole minute. Sampled browsers only (runtime config `telemetry.sampleRate`): compare rates,
 * not counts, across sample rates. Reads at most 14 days back (older minutes are pruned).
 */
export async function remoteHealth(db: Executor, { remote, version, since, until }: RemoteHealthQuery): Promise<RemoteHealth> {
  const window = and(
    eq(telemetryMinutes.remote, telemetryRemoteName(remote)),
    eq(telemetryMinutes.version, version),
    gte(telemetryMinutes.minute, sql`date_trunc('minute', ${since.toISOString()}::timestamptz)`),
    until ? lt(telemetryMinutes.minute, until) : undefined,
  );
  const [totals] = await db
    .select({
      loads: sql<number>`coalesce(sum(${telemetryMinutes.loads}), 0)`.mapWith(Number),
      failedLoads: sql<number>`coalesce(sum(${telemetryMinutes.failedLoads}), 0)`.mapWith(Number),
      errors: sql<number>`coalesce(sum(${telemetryMinutes.errors}), 0)`.mapWith(Number),
    })
    .from(telemetryMinutes)
    .where(window);
  // Bucket by bucket sums of the window's histograms, added up in the database (one row per bucket).
  const buckets = await db
    .select({
      position: sql<number>`bucket.position`.mapWith(Number),
      lcp: sql<number>`coalesce(sum(bucket.lcp), 0)`.mapWith(Number),
      inp: sql<number>`coalesce(sum(bucket.inp), 0)`.mapWith(Number),
      cls: sql<number>`coalesce(sum(bucket.cls), 0)`.mapWith(Number),
    })
    .from(
      sql`${telemetryMinutes}, unnest(${telemetryMinutes.lcpBuckets}, ${telemetryMinutes.inpBuckets}, ${telemetryMinutes.clsBuckets})
        with ordinality as bucket(lcp, inp, cls, position)`,
    )
    .where(window)
    .groupBy(sql`bucket.position`)
    .orderBy(sql`bucket.position`);
  const histogram = (vital: WebVital) => {
    const counts = emptyHistogram(vital);
    for (const bucket of buckets) if (bucket.position >= 1 && bucket.position <= counts.length) counts[bucket.position - 1] = bucket[vital];
    return counts;
  };
  const loads = totals?.loads ?? 0;
  const failedLoads = totals?.failedLoads ?? 0;
  const errors = totals?.errors ?? 0;
  const attempts = loads + failedLoads;
  return {
    loads,
    failedLoads,
    errors,
    failedLoadRate: attempts === 0 ? 0 : failedLoads / attempts,
    errorRate: loads === 0 ? 0 : errors / loads,
    lcpP75Ms: histogramPercentile('lcp', histogram('lcp'), 0.75),
    inpP75Ms: histogramPercentile('inp', histogram('inp'), 0.75),
    clsP75: histogramPercentile('cls', histogram('cls'), 0.75),
  };
}

/** The remote and version pairs browsers reported since `since` (one remote's, or every remote's), by remote and version. */
export async function reportedVersions(db: Executor, { remote, since }: { remote?: string; since: Date }): Promise<Array<{ remote: string; version: string }>> {
  return db
    .selectDistinct({ remote: telemetryMinutes.remote, version: telemetryMinutes.version })
    .from(telemetryMinutes)
    .where(
      and(
        gte(telemetryMinutes.minute, sql`date_trunc('minute', ${since.toISOString()}::timestamptz)`),
        remote === undefined ? undefined : eq(telemetryMinutes.remote, telemetryRemoteName(remote)),
      ),
    )
    .orderBy(telemetryMinutes.remote, telemetryMinutes.version);
}
