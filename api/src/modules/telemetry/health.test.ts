import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database';
import { telemetryMinutes } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import { remoteHealth } from './health';
import { addToHistogram, emptyHistogram, type WebVital } from './histogram';
import { addTelemetryCounts, pruneTelemetry, type TelemetryMinuteCounts } from './store';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

function counts(minute: Date, overrides: Partial<TelemetryMinuteCounts> & { vitals?: Partial<Record<WebVital, number[]>> } = {}): TelemetryMinuteCounts {
  const { vitals = {}, ...rest } = overrides;
  const histogram = (vital: WebVital) => {
    const buckets = emptyHistogram(vital);
    (vitals[vital] ?? []).forEach((value) => addToHistogram(vital, buckets, value));
    return buckets;
  };
  return {
    minute,
    remote: 'mf-earn',
    version: '1.0.0-aaaaaaaaaa',
    route: '/earn',
    loads: 0,
    failedLoads: 0,
    errors: 0,
    lcpBuckets: histogram('lcp'),
    inpBuckets: histogram('inp'),
    clsBuckets: histogram('cls'),
    ...rest,
  };
}

describe(`telemetry minutes and remoteHealth (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    await handle.db.delete(telemetryMinutes);
  });

  const now = new Date();
  const thisMinute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const minutesAgo = (minutes: number) => new Date(thisMinute.getTime() - minutes * 60_000);

  it('adds a report to its minute row: counts and histograms add up', async () => {
    await addTelemetryCounts(handle.db, [counts(minutesAgo(1), { loads: 3, failedLoads: 1, errors: 2, vitals: { lcp: [1200], inp: [80] } })]);
    await addTelemetryCounts(handle.db, [counts(minutesAgo(1), { loads: 2, vitals: { lcp: [1300, 9000], cls: [0.3] } })]);
    const rows = await handle.db.select().from(telemetryMinutes);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ loads: 5, failedLoads: 1, errors: 2 });
    const lcp = emptyHistogram('lcp');
    [1200, 1300, 9000].forEach((value) => addToHistogram('lcp', lcp, value));
    expect(row!.lcpBuckets).toEqual(lcp);
    expect(row!.inpBuckets.reduce((a, b) => a + b, 0)).toBe(1);
    expect(row!.clsBuckets.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('answers the health of one version over a window: rates and p75 across minutes and routes', async () => {
    await addTelemetryCounts(handle.db, [
      counts(minutesAgo(30), { loads: 90, failedLoads: 10, errors: 9, vitals: { lcp: [1100, 1200, 1300], inp: [120] } }),
      counts(minutesAgo(5), { route: '/earn/offers', loads: 10, errors: 1, vitals: { lcp: [1400], inp: [130, 140, 190] } }),
      // Other versions, remotes and an older minute count for nothing here.
      counts(minutesAgo(5), { version: '1.0.0-bbbbbbbbbb', loads: 1000, failedLoads: 1000, vitals: { lcp: [30_000] } }),
      counts(minutesAgo(5), { remote: 'mf-cashout', loads: 7, errors: 7 }),
      counts(minutesAgo(120), { loads: 5, failedLoads: 5 }),
    ]);
    const health = await remoteHealth(handle.db, { remote: 'mf_earn', version: '1.0.0-aaaaaaaaaa', since: minutesAgo(60) });
    expect(health).toEqual({
      loads: 100,
      failedLoads: 10,
      errors: 10,
      failedLoadRate: 10 / 110,
      errorRate: 0.1,
      lcpP75Ms: 1375,
      inpP75Ms: 100 + 50 * (3 / 3),
      clsP75: null,
    });
    const recent = await remoteHealth(handle.db, { remote: 'mf-earn', version: '1.0.0-aaaaaaaaaa', since: minutesAgo(10), until: thisMinute });
    expect(recent).toMatchObject({ loads: 10, failedLoads: 0, errors: 1, failedLoadRate: 0, errorRate: 0.1 });
  });

  it('answers zeros and no vitals for a version nobody reported', async () => {
    expect(await remoteHealth(handle.db, { remote: 'mf-earn', version: '9.9.9-cccccccccc', since: minutesAgo(60) })).toEqual({
      loads: 0,
      failedLoads: 0,
      errors: 0,
      failedLoadRate: 0,
      errorRate: 0,
      lcpP75Ms: null,
      inpP75Ms: null,
      clsP75: null,
    });
  });

  it('prunes minutes older than 14 days', async () => {
    await addTelemetryCounts(handle.db, [counts(minutesAgo(15 * 24 * 60), { loads: 1 }), counts(minutesAgo(13 * 24 * 60), { loads: 2 })]);
    expect(await pruneTelemetry(handle.db)).toBe(1);
    const [left] = await handle.db.select({ total: sql<number>`sum(${telemetryMinutes.loads})`.mapWith(Number) }).from(telemetryMinutes);
    expect(left?.total).toBe(2);
  });
});
