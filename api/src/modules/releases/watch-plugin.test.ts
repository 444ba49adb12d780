import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { telemetryMinutes } from '../../db/schema';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { emptyHistogram } from '../telemetry/histogram';
import { addTelemetryCounts } from '../telemetry/store';
import { WATCH_ACTOR } from './canary-watch';
import { type CanaryWatch, readReleaseState, writeReleaseState } from './release-state';
import { RELEASE_BUCKET_COOKIE } from './served-releases';

const CURRENT = '1.0.0-aaaaaaaaaa';
const CANARY = '1.0.0-bbbbbbbbbb';

describe('the server watching a canary on browser telemetry', () => {
  const database = useTestDatabase();
  let releasesDir: string;
  let app: FastifyInstance;

  beforeEach(async () => {
    releasesDir = await mkdtemp(join(tmpdir(), 'rewards-watch-plugin-'));
    for (const version of [CURRENT, CANARY]) {
      await mkdir(join(releasesDir, 'mf-earn', version), { recursive: true });
      await writeFile(join(releasesDir, 'mf-earn', version, 'mf-manifest.json'), '{}');
    }
    await database().db.delete(telemetryMinutes);
    app = await buildTestApp({ database: database(), env: { RELEASES_DIR: releasesDir } });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await rm(releasesDir, { recursive: true, force: true });
  });

  async function startWatch(watch: Partial<CanaryWatch> = {}) {
    const startedAt = new Date(Date.now() - 30_000).toISOString();
    const full: CanaryWatch = { startedAt, until: new Date(Date.now() + 60_000).toISOString(), margin: 0.02, minLoads: 5, promote: true, ...watch };
    await writeReleaseState(releasesDir, 'mf-earn', {
      current: CURRENT,
      canary: { version: CANARY, percent: 50 },
      watch: full,
      previous: [],
      published: [CURRENT, CANARY].map((version) => ({ version, publishedAt: startedAt })),
      log: [],
    });
  }

  const report = (version: string, counts: { loads: number; failedLoads?: number; errors?: number }) =>
    addTelemetryCounts(database().db, [
      {
        minute: new Date(),
        remote: 'mf-earn',
        version,
        route: '/earn',
        loads: counts.loads,
        failedLoads: counts.failedLoads ?? 0,
        errors: counts.errors ?? 0,
        lcpBuckets: emptyHistogram('lcp'),
        inpBuckets: emptyHistogram('inp'),
        clsBuckets: emptyHistogram('cls'),
      },
    ]);

  const earnVersionFor = async (bucket: number) => {
    const response = await app.inject({ method: 'GET', url: '/runtime-config.json', cookies: { [RELEASE_BUCKET_COOKIE]: String(bucket) } });
    return response.json<RuntimeConfig>().remotes.find((remote) => remote.name === 'mf_earn')?.version;
  };

  it('rolls back a canary whose loads throw, and the browsers that had it get the current version', async () => {
    await startWatch();
    await report(CURRENT, { loads: 30 });
    await report(CANARY, { loads: 4, errors: 4 });
    expect(await earnVersionFor(10)).toBe(CANARY);
    // Four loads: fewer than the five needed.
    expect((await app.canaryWatch.tick())[0]?.verdict.decision).toBe('watch');

    await report(CANARY, { loads: 2, errors: 3 });
    const [outcome] = await app.canaryWatch.tick();
    expect(outcome?.applied).toBe(`mf-earn now serves ${CURRENT}.`);
    const state = await readReleaseState(releasesDir, 'mf-earn');
    expect(state).toMatchObject({ canary: null, watch: null });
    expect(state.log.at(-1)).toMatchObject({
      by: WATCH_ACTOR,
      action: 'rollback',
      reason: expect.stringMatching(/^error rate 100\.0% \(6 of 6 loads\) against 0\.0% \(0 of 30\)/),
      health: { canary: { loads: 6, failedLoads: 0, errors: 7 }, current: { loads: 30, failedLoads: 0, errors: 0 } },
    });
    expect(await earnVersionFor(10)).toBe(CURRENT);
  });

  it('promotes a healthy canary once its window is over', async () => {
    await startWatch({ until: new Date(Date.now() - 1).toISOString() });
    await report(CURRENT, { loads: 30, errors: 1 });
    await report(CANARY, { loads: 10 });
    const [outcome] = await app.canaryWatch.tick();
    expect(outcome?.applied).toBe(`mf-earn now serves ${CANARY}.`);
    expect(await earnVersionFor(90)).toBe(CANARY);
  });

  it('is taken up by a server started during the watch: its first look decides a window that ended meanwhile', async () => {
    await app.close();
    await startWatch({ until: new Date(Date.now() - 1).toISOString() });
    await report(CURRENT, { loads: 20 });
    await report(CANARY, { loads: 20 });
    app = await buildTestApp({ database: database(), env: { RELEASES_DIR: releasesDir } });
    await app.ready();
    const deadline = Date.now() + 20_000;
    while ((await readReleaseState(releasesDir, 'mf-earn')).canary !== null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readReleaseState(releasesDir, 'mf-earn')).toMatchObject({ current: CANARY, canary: null, watch: null });
  });

  it('ignores telemetry of other remotes and versions', async () => {
    await startWatch({ until: new Date(Date.now() - 1).toISOString() });
    await addTelemetryCounts(database().db, [
      { minute: new Date(), remote: 'mf-cashout', version: CANARY, route: '/cashout', loads: 50, failedLoads: 50, errors: 50, lcpBuckets: emptyHistogram('lcp'), inpBuckets: emptyHistogram('inp'), clsBuckets: emptyHistogram('cls') },
    ]);
    const [outcome] = await app.canaryWatch.tick();
    expect(outcome?.verdict.decision).toBe('keep');
    expect((await readReleaseState(releasesDir, 'mf-earn')).log.at(-1)?.reason).toMatch(/^too few loads to tell \(0 of the 5 needed\)/);
  });
});
