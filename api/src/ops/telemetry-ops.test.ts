import type { DatabaseHandle } from '../db/database';
import { telemetryMinutes } from '../db/schema';
import { addToHistogram, emptyHistogram } from '../modules/telemetry/histogram';
import { addTelemetryCounts } from '../modules/telemetry/store';
import { runOpsCapturing } from '../test/ops-test-kit';
import { createTestDatabase } from '../test/test-database';

describe('ops telemetry:health', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 5 * 60_000);
    const lcp = emptyHistogram('lcp');
    [1100, 1200, 1300, 1400].forEach((value) => addToHistogram('lcp', lcp, value));
    const empty = { lcpBuckets: emptyHistogram('lcp'), inpBuckets: emptyHistogram('inp'), clsBuckets: emptyHistogram('cls') };
    await addTelemetryCounts(database.db, [
      { minute, remote: 'mf-earn', version: '1.0.0-aaaaaaaaaa', route: '/Earn', loads: 99, failedLoads: 1, errors: 2, ...empty, lcpBuckets: lcp },
      { minute, remote: 'mf-earn', version: '1.0.1-bbbbbbbbbb', route: '/Earn', loads: 10, failedLoads: 0, errors: 0, ...empty },
      { minute: new Date(minute.getTime() - 3 * 60 * 60_000), remote: 'mf-cashout', version: 'unversioned', route: '/Cashout', loads: 5, failedLoads: 0, errors: 0, ...empty },
    ]);
  });
  afterAll(async () => {
    await database.db.delete(telemetryMinutes);
    await database.close();
  });

  it('lists every version reported in the last hour with its rates and p75s', async () => {
    const { code, out } = await runOpsCapturing(database, ['telemetry:health', '--json']);
    expect(code).toBe(0);
    const { result } = JSON.parse(out) as { result: Array<Record<string, unknown>> };
    expect(result).toEqual([
      expect.objectContaining({ remote: 'mf-earn', version: '1.0.0-aaaaaaaaaa', loads: 99, failedLoads: 1, errors: 2, failedLoadRate: 0.01, lcpP75Ms: 1375, inpP75Ms: null }),
      expect.objectContaining({ remote: 'mf-earn', version: '1.0.1-bbbbbbbbbb', loads: 10 }),
    ]);
    const table = await runOpsCapturing(database, ['telemetry:health', '--remote', 'mf_earn', '--versions', '1.0.0-aaaaaaaaaa,9.9.9-dddddddddd']);
    expect(table.out).toMatch(/mf-earn\s+1\.0\.0-aaaaaaaaaa\s+99\s+1 \(1\.0%\)\s+2 \(2\.0%\)\s+1375 ms\s+-\s+-/);
    expect(table.out).toMatch(/9\.9\.9-dddddddddd\s+0\s+0 \(0\.0%\)/);
    expect((await runOpsCapturing(database, ['telemetry:health', '--minutes', '600', '--json'])).out).toContain('mf-cashout');
  });

  it.each([
    [['--remote', 'mf-nope'], '"mf-nope" is not a remote'],
    [['--versions', '1.0.0-aaaaaaaaaa'], '--versions needs --remote'],
    [['--remote', 'mf-earn', '--versions', '../x'], '--versions takes versions like'],
    [['--minutes', '0'], '--minutes takes a number of minutes'],
    [['--minutes', '999999'], '--minutes takes a number of minutes'],
    [['--since', '5'], 'unknown option "--since"'],
  ])('refuses %j', async (args, message) => {
    const { code, err } = await runOpsCapturing(database, ['telemetry:health', ...args]);
    expect(code).toBe(2);
    expect(err).toContain(message);
  });
});
