import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { telemetryMinutes } from '../../db/schema';
import { captureMailer } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { releaseStateFile } from '../releases/release-state';
import { remoteHealth } from './health';
import { MAX_EVENTS_PER_REPORT, MAX_REPORT_BYTES } from './schemas';

const RELEASED = '1.0.0-aaaaaaaaaa';
const CANARY = '1.0.1-bbbbbbbbbb';

describe('POST /api/telemetry', () => {
  const database = useTestDatabase();
  const db = () => database().db;
  let releasesDir: string;
  let app: FastifyInstance;
  let limited: FastifyInstance;
  let next = 0;
  /** A fresh sender address per request group: no test reaches another's rate limit. */
  const freshAddress = () => `198.51.100.${++next}`;

  beforeAll(async () => {
    releasesDir = await mkdtemp(join(tmpdir(), 'telemetry-releases-'));
    const stateFile = releaseStateFile(releasesDir, 'mf-earn');
    await mkdir(join(stateFile, '..'), { recursive: true });
    const published = [RELEASED, CANARY].map((version) => ({ version, publishedAt: new Date().toISOString() }));
    await writeFile(stateFile, JSON.stringify({ current: RELEASED, canary: { version: CANARY, percent: 10 }, previous: [], published, log: [] }));
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'off', RELEASES_DIR: releasesDir } });
    limited = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'telemetry_ip=3/1m', RELEASES_DIR: releasesDir } });
  });
  afterAll(async () => {
    await app.close();
    await limited.close();
    await rm(releasesDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await app.telemetry.flush();
    await db().delete(telemetryMinutes);
  });

  const post = (payload: string, { contentType = 'text/plain;charset=UTF-8', from = freshAddress(), to = app } = {}) =>
    to.inject({ method: 'POST', url: '/api/telemetry', headers: { 'content-type': contentType }, payload, remoteAddress: from });
  const report = (events: unknown[]) => JSON.stringify({ events });
  const earn = (extra: Record<string, unknown>) => ({ remote: 'mf_earn', version: RELEASED, route: '/Earn', ...extra });

  async function storedRows() {
    await app.telemetry.flush();
    return db().select().from(telemetryMinutes);
  }

  it('counts loads, failed loads, errors and vitals per remote, version and route: 204', async () => {
    const events = [
      earn({ type: 'load' }),
      earn({ type: 'load' }),
      earn({ type: 'load_failed' }),
      earn({ type: 'error' }),
      earn({ type: 'vital', name: 'LCP', value: 1234.5 }),
      earn({ type: 'vital', name: 'INP', value: 88 }),
      earn({ type: 'vital', name: 'CLS', value: 0.02 }),
      earn({ type: 'load', version: CANARY, route: '/offers' }),
      { type: 'error', remote: 'shell', version: 'unversioned', route: '/nowhere-known' },
    ];
    const answer = await post(report(events));
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    // application/json too (sendBeacon with a JSON Blob).
    expect((await post(report([earn({ type: 'load' })]), { contentType: 'application/json' })).statusCode).toBe(204);

    // Summed per key: a minute may end between the two reports.
    const byKey: Record<string, { loads: number; failedLoads: number; errors: number }> = {};
    for (const row of await storedRows()) {
      const totals = (byKey[`${row.remote} ${row.version} ${row.route}`] ??= { loads: 0, failedLoads: 0, errors: 0 });
      totals.loads += row.loads;
      totals.failedLoads += row.failedLoads;
      totals.errors += row.errors;
    }
    expect(Object.keys(byKey).sort()).toEqual([`mf-earn ${RELEASED} /Earn`, `mf-earn ${CANARY} /offers`, 'shell unversioned other']);
    expect(byKey[`mf-earn ${RELEASED} /Earn`]).toMatchObject({ loads: 3, failedLoads: 1, errors: 1 });
    expect(byKey['shell unversioned other']).toMatchObject({ loads: 0, errors: 1 });
    const health = await remoteHealth(db(), { remote: 'mf-earn', version: RELEASED, since: new Date(Date.now() - 60 * 60_000) });
    expect(health).toMatchObject({ loads: 3, failedLoads: 1, errors: 1, failedLoadRate: 0.25 });
    expect(health.lcpP75Ms).toBeGreaterThan(1000);
    expect(health.lcpP75Ms).toBeLessThanOrEqual(1500);
  });

  it('adds later reports of the same minute to the same rows', async () => {
    for (let n = 0; n < 3; n++) expect((await post(report([earn({ type: 'load' })]))).statusCode).toBe(204);
    await app.telemetry.flush();
    expect((await post(report([earn({ type: 'load' })]))).statusCode).toBe(204);
    const rows = await storedRows();
    expect(rows.reduce((sum, row) => sum + row.loads, 0)).toBe(4);
    expect(rows.length).toBeLessThanOrEqual(2); // a minute boundary may fall between the two flushes
  });

  describe('refuses hostile reports with a clear error and counts nothing', () => {
    const refusals: Array<[string, string, number, string, string?]> = [
      ['JSON that does not parse', '{"events": [', 400, 'invalid_request'],
      ['a body that is not an object', '[1,2,3]', 422, 'validation_failed'],
      ['no events', report([]), 422, 'validation_failed'],
      ['an unknown field', JSON.stringify({ events: [earn({ type: 'load' })], userId: 7 }), 422, 'validation_failed'],
      ['an unknown field on an event', report([earn({ type: 'load', email: 'someone@example.com' })]), 422, 'validation_failed'],
      ['an unknown event type', report([earn({ type: 'click' })]), 422, 'validation_failed'],
      ['a count where a name goes', report([earn({ type: 'load', remote: 5 })]), 422, 'validation_failed'],
      ['a vital as text', report([earn({ type: 'vital', name: 'LCP', value: '1200' })]), 422, 'validation_failed'],
      ['a negative vital', report([earn({ type: 'vital', name: 'INP', value: -1 })]), 422, 'validation_failed'],
      ['NaN written as text', report([earn({ type: 'vital', name: 'CLS', value: 'NaN' })]), 422, 'validation_failed'],
      ['an absurd vital', report([earn({ type: 'vital', name: 'LCP', value: 1e12 })]), 422, 'validation_failed'],
      ['an unknown vital', report([earn({ type: 'vital', name: 'FID', value: 10 })]), 422, 'validation_failed'],
      ['a version that is no version', report([earn({ type: 'load', version: '../../etc' })]), 422, 'validation_failed'],
      ['a route longer than any', report([earn({ type: 'load', route: `/${'a'.repeat(200)}` })]), 422, 'validation_failed'],
      ['too many events', report(Array.from({ length: MAX_EVENTS_PER_REPORT + 1 }, () => earn({ type: 'load' }))), 422, 'validation_failed'],
      ['a remote this site does not have', report([earn({ type: 'load' }), earn({ type: 'load', remote: 'mf_evil' })]), 422, 'telemetry_unknown_remote'],
      ['a version never published', report([earn({ type: 'load', version: '9.9.9-cccccccccc' })]), 422, 'telemetry_unknown_remote'],
      ['a version for the shell', report([{ type: 'error', remote: 'shell', version: RELEASED, route: '/' }]), 422, 'telemetry_unknown_remote'],
      ['prototype poisoning', '{"events":[{"type":"load","remote":"mf_earn","version":"unversioned","route":"/","__proto__":{"x":1}}]}', 400, 'invalid_request'],
    ];
    it.each(refusals)('%s', async (_label, payload, status, code) => {
      const answer = await post(payload);
      expect([answer.statusCode, answer.json().code]).toEqual([status, code]);
      expect(await storedRows()).toEqual([]);
    });

    it('a body larger than it accepts: 413 before it is read', async () => {
      const huge = report([earn({ type: 'load', route: 'x'.repeat(MAX_REPORT_BYTES) })]);
      const answer = await post(huge);
      expect([answer.statusCode, answer.json().code]).toEqual([413, 'payload_too_large']);
      const hugeJson = await post(huge, { contentType: 'application/json' });
      expect([hugeJson.statusCode, hugeJson.json().code]).toEqual([413, 'payload_too_large']);
      expect(await storedRows()).toEqual([]);
    });

    it('a body of another type', async () => {
      const answer = await post(report([earn({ type: 'load' })]), { contentType: 'application/x-www-form-urlencoded' });
      expect([answer.statusCode, answer.json().code]).toEqual([415, 'unsupported_media_type']);
      expect(await storedRows()).toEqual([]);
    });
  });

  it('writes what it counted when the server closes', async () => {
    const closing = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'off', RELEASES_DIR: releasesDir } });
    expect((await post(report([earn({ type: 'load' }), earn({ type: 'load' })]), { to: closing })).statusCode).toBe(204);
    expect(await db().select().from(telemetryMinutes)).toEqual([]);
    await closing.close();
    const rows = await db().select().from(telemetryMinutes);
    expect(rows.reduce((sum, row) => sum + row.loads, 0)).toBe(2);
  });

  it('limits reports per address: past the limit 429 rate_limited, and not counted', async () => {
    const from = freshAddress();
    for (let n = 0; n < 3; n++) expect((await post(report([earn({ type: 'load' })]), { from, to: limited })).statusCode).toBe(204);
    const refused = await post(report([earn({ type: 'load' })]), { from, to: limited });
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'rate_limited']);
    // Bad reports count too: a flood of garbage is refused as early.
    const other = freshAddress();
    for (let n = 0; n < 3; n++) expect((await post('{', { from: other, to: limited })).statusCode).toBe(400);
    expect((await post('{', { from: other, to: limited })).statusCode).toBe(429);
    await limited.telemetry.flush();
    const rows = await db().select().from(telemetryMinutes);
    expect(rows.reduce((sum, row) => sum + row.loads, 0)).toBe(3);
  });
});
