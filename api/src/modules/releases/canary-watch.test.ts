import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VersionHealth } from './canary-verdict';
import { type CanaryWatchDeps, type DecisionLock, type HealthQuery, startCanaryWatcher, WATCH_ACTOR, watchTick } from './canary-watch';
import { type CanaryWatch, readReleaseState, type ReleaseState, writeReleaseState } from './release-state';

const CURRENT = '1.0.0-aaaaaaaaaa';
const CANARY = '1.0.0-bbbbbbbbbb';
const STARTED = '2026-11-27T10:00:00.000Z';
const UNTIL = '2026-11-27T10:02:00.000Z';
const WATCH: CanaryWatch = { startedAt: STARTED, until: UNTIL, margin: 0.02, minLoads: 5, promote: true };

describe('the canary watch', () => {
  let releasesDir: string;
  let now: Date;
  let reported: Record<string, VersionHealth>;
  let queries: HealthQuery[];
  let lockHeldElsewhere: boolean;
  let warnings: string[];
  let deps: CanaryWatchDeps;

  const watchedState = (watch: CanaryWatch = WATCH): ReleaseState => ({
    current: CURRENT,
    canary: { version: CANARY, percent: 10 },
    watch,
    previous: [],
    published: [CURRENT, CANARY].map((version) => ({ version, publishedAt: '2026-11-27T09:00:00.000Z' })),
    log: [{ at: STARTED, by: 'ada', action: 'canary', current: CURRENT, canary: { version: CANARY, percent: 10 }, watch }],
  });

  beforeEach(async () => {
    releasesDir = await mkdtemp(join(tmpdir(), 'rewards-watch-'));
    for (const version of [CURRENT, CANARY]) {
      await mkdir(join(releasesDir, 'mf-earn', version), { recursive: true });
      await writeFile(join(releasesDir, 'mf-earn', version, 'mf-manifest.json'), '{}');
    }
    await writeReleaseState(releasesDir, 'mf-earn', watchedState());
    now = new Date('2026-11-27T10:00:30.000Z');
    reported = { [CURRENT]: { loads: 40, failedLoads: 0, errors: 0 }, [CANARY]: { loads: 0, failedLoads: 0, errors: 0 } };
    queries = [];
    lockHeldElsewhere = false;
    warnings = [];
    const decisionLock: DecisionLock = async (_remote, work) => (lockHeldElsewhere ? { ran: false } : { ran: true, value: await work() });
    deps = {
      releasesDir,
      remotes: ['mf-earn', 'mf-cashout'],
      health: async (query) => {
        queries.push(query);
        return reported[query.version] ?? { loads: 0, failedLoads: 0, errors: 0 };
      },
      decisionLock,
      now: () => now,
      log: { info: () => {}, warn: (_object, message) => warnings.push(message) },
    };
  });
  afterEach(() => rm(releasesDir, { recursive: true, force: true }));

  const state = () => readReleaseState(releasesDir, 'mf-earn');

  it('asks for both versions\u2019 health since the watch started, and keeps watching while nothing is known', async () => {
    const [outcome] = await watchTick(deps);
    expect(outcome).toMatchObject({ remote: 'mf-earn', verdict: { decision: 'watch' }, applied: null });
    expect(queries).toEqual([
      { remote: 'mf-earn', version: CANARY, since: new Date(STARTED) },
      { remote: 'mf-earn', version: CURRENT, since: new Date(STARTED) },
    ]);
    expect(await state()).toEqual(watchedState());
  });

  it('rolls a failing canary back by itself and logs why, with the figures', async () => {
    reported[CANARY] = { loads: 6, failedLoads: 0, errors: 6 };
    const [outcome] = await watchTick(deps);
    expect(outcome?.applied).toBe(`mf-earn now serves ${CURRENT}.`);
    const after = await state();
    expect(after).toMatchObject({ current: CURRENT, canary: null, watch: null });
    expect(after.log.at(-1)).toEqual({
      at: now.toISOString(),
      by: WATCH_ACTOR,
      action: 'rollback',
      current: CURRENT,
      canary: null,
      reason: "error rate 100.0% (6 of 6 loads) against 0.0% (0 of 40): above the current version's by more than 2 points (95% sure, 6 canary loads ≥ 5)",
      health: { canary: { loads: 6, failedLoads: 0, errors: 6 }, current: { loads: 40, failedLoads: 0, errors: 0 } },
    });
    expect(warnings).toEqual([expect.stringMatching(/^canary watch: rollback mf-earn 1\.0\.0-bbbbbbbbbb: error rate 100\.0%/)]);
    // Decided once: the next tick finds no watch.
    expect(await watchTick(deps)).toEqual([]);
  });

  it('promotes a healthy canary when the window ends, not before', async () => {
    reported[CANARY] = { loads: 8, failedLoads: 0, errors: 0 };
    now = new Date(Date.parse(UNTIL) - 1);
    expect((await watchTick(deps))[0]?.verdict.decision).toBe('watch');
    now = new Date(UNTIL);
    const [outcome] = await watchTick(deps);
    expect(outcome?.applied).toBe(`mf-earn now serves ${CANARY}.`);
    const after = await state();
    expect(after).toMatchObject({ current: CANARY, canary: null, watch: null, previous: [CURRENT] });
    expect(after.log.at(-1)).toMatchObject({ by: WATCH_ACTOR, action: 'promote', reason: expect.stringMatching(/^healthy for the whole watch: /) });
  });

  it('keeps a healthy canary as a canary with --no-promote, ending the watch', async () => {
    await writeReleaseState(releasesDir, 'mf-earn', watchedState({ ...WATCH, promote: false }));
    reported[CANARY] = { loads: 8, failedLoads: 0, errors: 0 };
    now = new Date(UNTIL);
    const [outcome] = await watchTick(deps);
    expect(outcome?.applied).toBe(`mf-earn keeps ${CANARY} as a canary for 10% of browsers; its watch ended.`);
    const after = await state();
    expect(after).toMatchObject({ current: CURRENT, canary: { version: CANARY, percent: 10 }, watch: null });
    expect(after.log.at(-1)).toMatchObject({ action: 'watch-end', reason: expect.stringMatching(/--no-promote/) });
  });

  it('decides at once on a window that ended while no server watched (a restart)', async () => {
    reported[CANARY] = { loads: 2, failedLoads: 0, errors: 0 };
    now = new Date('2026-11-28T00:00:00.000Z');
    const [outcome] = await watchTick(deps);
    expect(outcome?.verdict.decision).toBe('keep');
    expect((await state()).log.at(-1)?.reason).toMatch(/^too few loads to tell \(2 of the 5 needed\)/);
  });

  it('leaves the decision to the instance holding the lock', async () => {
    reported[CANARY] = { loads: 6, failedLoads: 6, errors: 0 };
    lockHeldElsewhere = true;
    const [outcome] = await watchTick(deps);
    expect(outcome).toMatchObject({ verdict: { decision: 'rollback' }, applied: null });
    expect(await state()).toEqual(watchedState());
  });

  it('acts on nothing an operator changed meanwhile (the watch it judged is over)', async () => {
    reported[CANARY] = { loads: 6, failedLoads: 6, errors: 0 };
    // Between the health read and the decision, an operator promotes the canary by hand.
    deps.decisionLock = async (_remote, work) => {
      const promoted: ReleaseState = { ...watchedState(), current: CANARY, canary: null, watch: null, previous: [CURRENT] };
      await writeReleaseState(releasesDir, 'mf-earn', promoted);
      return { ran: true, value: await work() };
    };
    const [outcome] = await watchTick(deps);
    expect(outcome?.applied).toBeNull();
    expect(await state()).toMatchObject({ current: CANARY, canary: null, previous: [CURRENT] });
  });

  it('waits for a release command that holds the remote, and decides on a later tick', async () => {
    reported[CANARY] = { loads: 6, failedLoads: 6, errors: 0 };
    // A live process (this one's parent) holds the release lock.
    await writeFile(join(releasesDir, 'mf-earn', '.lock'), String(process.ppid));
    expect(await watchTick(deps)).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/^canary watch: mf-earn not judged this time \(Another release command for mf-earn is running/)]);
    await rm(join(releasesDir, 'mf-earn', '.lock'));
    expect((await watchTick(deps))[0]?.applied).toBe(`mf-earn now serves ${CURRENT}.`);
  });

  it('goes on judging the other remotes when one cannot be read or its health cannot be had', async () => {
    await mkdir(join(releasesDir, 'mf-cashout'), { recursive: true });
    await writeFile(join(releasesDir, 'mf-cashout', 'release.json'), '{ broken');
    const [outcome] = await watchTick(deps);
    expect(outcome?.remote).toBe('mf-earn');
    expect(warnings).toEqual([expect.stringMatching(/^canary watch: mf-cashout not judged this time .*is not JSON/)]);

    deps.health = async () => {
      throw new Error('database unreachable');
    };
    expect(await watchTick(deps)).toEqual([]);
    expect(warnings).toContain('canary watch: mf-earn not judged this time (database unreachable)');
  });

  it('ignores remotes without a watched canary', async () => {
    await writeReleaseState(releasesDir, 'mf-earn', { ...watchedState(), watch: null });
    expect(await watchTick(deps)).toEqual([]);
    expect(queries).toEqual([]);
  });

  it('ticks by itself on a timer, once at start, and stops cleanly', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const watcher = startCanaryWatcher(deps, 5_000);
      await watcher.tick();
      const atStart = queries.length;
      expect(atStart).toBeGreaterThanOrEqual(2);
      reported[CANARY] = { loads: 6, failedLoads: 6, errors: 0 };
      await jest.advanceTimersByTimeAsync(5_000);
      await watcher.tick();
      expect((await state()).canary).toBeNull();
      await watcher.stop();
      const afterStop = queries.length;
      await jest.advanceTimersByTimeAsync(20_000);
      expect(queries.length).toBe(afterStop);
    } finally {
      jest.useRealTimers();
    }
  });
});
