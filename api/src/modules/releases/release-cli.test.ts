import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRepoRoot } from '../../repo-root';
import { releaseHealthLines } from '../telemetry/release-health';
import { runReleaseCommand, type ReleaseCliDeps } from './release-cli';
import { readReleaseState, writeReleaseState } from './release-state';

const PAGE_CHUNK = 'page.0123456789.js';

describe('pnpm release, rollback and releases', () => {
  let releasesDir: string;
  /** What the next build of the remote contains; a changed remote gives a new version. */
  let pageText: string;
  let buildFails: boolean;
  let out: string[];
  let err: string[];
  let deps: ReleaseCliDeps;

  beforeEach(async () => {
    releasesDir = await mkdtemp(join(tmpdir(), 'rewards-releases-'));
    pageText = 'Quests';
    buildFails = false;
    out = [];
    err = [];
    deps = {
      releasesDir,
      repoRoot: findRepoRoot(),
      build: async (_remote, folder) => {
        await mkdir(join(folder, 'assets'), { recursive: true });
        if (buildFails) throw new Error('the build of mf-marketing failed');
        await writeFile(join(folder, 'remoteEntry.js'), `var mf_marketing = "${PAGE_CHUNK}";`);
        await writeFile(join(folder, 'mf-manifest.json'), JSON.stringify({ id: 'mf_marketing', metaData: { publicPath: 'auto' } }));
        await writeFile(join(folder, PAGE_CHUNK), `export const title = ${JSON.stringify(pageText)};`);
        await writeFile(join(folder, `${PAGE_CHUNK}.br`), 'compressed');
        await writeFile(join(folder, 'assets', 'logo.0a1b2c3d4e.svg'), '<svg/>');
        await writeFile(join(folder, '.build-inputs.json'), '{}');
      },
      actor: () => ({ at: '2026-11-23T10:00:00.000Z', by: 'ada' }),
      watchRule: { margin: 0.02, minLoads: 100 },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    };
  });
  afterEach(() => rm(releasesDir, { recursive: true, force: true }));

  async function run(...argv: string[]) {
    out = [];
    err = [];
    return runReleaseCommand(argv, deps);
  }

  /** The version `pnpm release` just published, read from its first line. */
  const publishedVersion = () => /mf-marketing (\S+) /.exec(out[0] ?? '')?.[1] ?? '';

  it('builds, publishes the build as a version beside the others and serves it', async () => {
    expect(await run('release', 'mf-marketing')).toBe(0);
    const version = publishedVersion();
    expect(version).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    expect(out).toEqual([
      `Published mf-marketing ${version} at /remotes/mf-marketing/${version}/.`,
      `mf-marketing now serves ${version}.`,
      'Pages load it on their next visit; pages already open keep the version they started with.',
      'To undo: pnpm rollback mf-marketing',
    ]);
    const folder = join(releasesDir, 'mf-marketing', version);
    expect((await readdir(folder)).sort()).toEqual(['assets', 'mf-manifest.json', PAGE_CHUNK, `${PAGE_CHUNK}.br`, 'remoteEntry.js']);
    expect(await readReleaseState(releasesDir, 'mf-marketing')).toMatchObject({ current: version, canary: null });
    // No build folder is left behind.
    expect((await readdir(join(releasesDir, 'mf-marketing'))).sort()).toEqual([version, 'release.json']);
  });

  it('gives the same build the same version, and a changed build a new one, keeping the old one served', async () => {
    await run('release', 'mf-marketing');
    const first = publishedVersion();
    await run('release', 'mf-marketing');
    expect(out.slice(0, 2)).toEqual([
      `mf-marketing ${first} was already published (the same build): nothing new to copy.`,
      `mf-marketing already serves ${first}: nothing changed.`,
    ]);
    pageText = 'Quests of the week';
    await run('release', 'mf-marketing');
    const second = publishedVersion();
    expect(second).not.toBe(first);
    // Pages still running the first version keep loading its chunks.
    expect(await readFile(join(releasesDir, 'mf-marketing', first, PAGE_CHUNK), 'utf8')).toContain('"Quests"');
    expect(await readFile(join(releasesDir, 'mf-marketing', second, PAGE_CHUNK), 'utf8')).toContain('"Quests of the week"');
  });

  it('rolls back to the version served before, without building', async () => {
    await run('release', 'mf-marketing');
    const first = publishedVersion();
    pageText = 'Quests of the week';
    await run('release', 'mf-marketing');
    const build = jest.spyOn(deps, 'build');
    expect(await run('rollback', 'mf-marketing')).toBe(0);
    expect(out).toEqual([`mf-marketing now serves ${first}.`]);
    expect(build).not.toHaveBeenCalled();
    expect((await readReleaseState(releasesDir, 'mf-marketing')).current).toBe(first);
  });

  it('rolls back to a named version', async () => {
    await run('release', 'mf-marketing');
    const first = publishedVersion();
    for (const text of ['two', 'three']) {
      pageText = text;
      await run('release', 'mf-marketing');
    }
    expect(await run('rollback', 'mf-marketing', first)).toBe(0);
    expect((await readReleaseState(releasesDir, 'mf-marketing')).current).toBe(first);
  });

  it('sends a new version to a share of browsers, then promotes it', async () => {
    await run('release', 'mf-marketing');
    const current = publishedVersion();
    pageText = 'Quests of the week';
    expect(await run('release', 'mf-marketing', '--canary', '20')).toBe(0);
    const canary = publishedVersion();
    expect(out[1]).toBe(`mf-marketing now serves ${current}, and ${canary} to 20% of browsers.`);
    expect(await run('release', 'mf-marketing', '--promote')).toBe(0);
    expect(out).toEqual([`mf-marketing now serves ${canary}.`]);
  });

  it('starts a watched canary: the watch, with the configured rule, is in release.json and the log', async () => {
    await run('release', 'mf-marketing');
    const current = publishedVersion();
    pageText = 'Quests of the week';
    expect(await run('release', 'mf-marketing', '--canary', '10', '--watch', '30')).toBe(0);
    const canary = publishedVersion();
    const watch = { startedAt: '2026-11-23T10:00:00.000Z', until: '2026-11-23T10:30:00.000Z', margin: 0.02, minLoads: 100, promote: true };
    const state = await readReleaseState(releasesDir, 'mf-marketing');
    expect(state).toMatchObject({ current, canary: { version: canary, percent: 10 }, watch });
    expect(state.log.at(-1)).toMatchObject({ action: 'canary', watch });
    expect(out.slice(1)).toEqual([
      `mf-marketing now serves ${current}, and ${canary} to 10% of browsers.`,
      'Pages load it on their next visit; pages already open keep the version they started with.',
      "The server watches the canary until 2026-11-23T10:30:00.000Z: rolled back by itself when its failed-load or error rate is surely more than 2 points above the current version's (once 100 canary loads are seen), promoted at the end when healthy.",
      'This command may end; the running server decides, and `pnpm releases mf-marketing` shows what it decided and why.',
      'To undo: pnpm rollback mf-marketing',
    ]);
    expect(await run('releases', 'mf-marketing')).toBe(0);
    expect(out).toContain('  watched until 2026-11-23T10:30:00.000Z (margin 2 points, 100 loads needed, then promoted when healthy)');

    // A hand-made change of the pointers ends the watch.
    expect(await run('rollback', 'mf-marketing')).toBe(0);
    expect((await readReleaseState(releasesDir, 'mf-marketing')).watch).toBeNull();
  });

  it('starts the watch\u2019s window once the build is done, not when the command started', async () => {
    await run('release', 'mf-marketing');
    pageText = 'Quests of the week';
    let built = false;
    const build = deps.build;
    deps.build = async (remote, folder) => {
      await build(remote, folder);
      built = true;
    };
    deps.actor = () => ({ at: built ? '2026-11-23T10:03:00.000Z' : '2026-11-23T10:00:00.000Z', by: 'ada' });
    expect(await run('release', 'mf-marketing', '--canary', '10', '--watch', '60s')).toBe(0);
    expect((await readReleaseState(releasesDir, 'mf-marketing')).watch).toMatchObject({ startedAt: '2026-11-23T10:03:00.000Z', until: '2026-11-23T10:04:00.000Z' });
  });

  it('takes a watch in seconds, and one that keeps the canary at its end', async () => {
    await run('release', 'mf-marketing');
    pageText = 'Quests of the week';
    expect(await run('release', 'mf-marketing', '--watch', '90s', '--no-promote', '--canary', '5')).toBe(0);
    expect((await readReleaseState(releasesDir, 'mf-marketing')).watch).toEqual({
      startedAt: '2026-11-23T10:00:00.000Z',
      until: '2026-11-23T10:01:30.000Z',
      margin: 0.02,
      minLoads: 100,
      promote: false,
    });
    expect(out).toContain(
      "The server watches the canary until 2026-11-23T10:01:30.000Z: rolled back by itself when its failed-load or error rate is surely more than 2 points above the current version's (once 100 canary loads are seen), kept as a canary at the end (--no-promote).",
    );
  });

  it('says what the watch decided and why', async () => {
    await run('release', 'mf-marketing');
    pageText = 'Quests of the week';
    await run('release', 'mf-marketing', '--canary', '10', '--watch', '5');
    const state = await readReleaseState(releasesDir, 'mf-marketing');
    const reason = 'error rate 100.0% (6 of 6 loads) against 0.0% (0 of 40): above the current version\'s by more than 2 points';
    await writeReleaseState(releasesDir, 'mf-marketing', {
      ...state,
      canary: null,
      watch: null,
      log: [...state.log, { at: '2026-11-23T10:01:00.000Z', by: 'canary watch', action: 'rollback', current: state.current, canary: null, reason }],
    });
    expect(await run('releases', 'mf-marketing')).toBe(0);
    expect(out.at(-1)).toBe(`  last change: rollback by canary watch at 2026-11-23T10:01:00.000Z: ${reason}`);
  });

  it('stops a canary with rollback', async () => {
    await run('release', 'mf-marketing');
    const current = publishedVersion();
    pageText = 'Quests of the week';
    await run('release', 'mf-marketing', '--canary', '50');
    expect(await run('rollback', 'mf-marketing')).toBe(0);
    expect(await readReleaseState(releasesDir, 'mf-marketing')).toMatchObject({ current, canary: null });
  });

  it('changes nothing when the build fails', async () => {
    await run('release', 'mf-marketing');
    const before = await readFile(join(releasesDir, 'mf-marketing', 'release.json'), 'utf8');
    buildFails = true;
    pageText = 'broken';
    expect(await run('release', 'mf-marketing')).toBe(1);
    expect(err).toEqual(['release failed: the build of mf-marketing failed']);
    expect(await readFile(join(releasesDir, 'mf-marketing', 'release.json'), 'utf8')).toBe(before);
    expect((await readdir(join(releasesDir, 'mf-marketing'))).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('refuses to point browsers at a version whose files are gone', async () => {
    await run('release', 'mf-marketing');
    const first = publishedVersion();
    pageText = 'two';
    await run('release', 'mf-marketing');
    await rm(join(releasesDir, 'mf-marketing', first), { recursive: true });
    expect(await run('rollback', 'mf-marketing')).toBe(1);
    expect(err[0]).toMatch(new RegExp(`^mf-marketing ${first} cannot be served: its files are missing from `));
  });

  it('runs one release command per remote at a time', async () => {
    await mkdir(join(releasesDir, 'mf-marketing'), { recursive: true });
    // A lock held by a live process (this one).
    await writeFile(join(releasesDir, 'mf-marketing', '.lock'), String(process.pid));
    expect(await run('release', 'mf-marketing')).toBe(1);
    expect(err).toEqual([`Another release command for mf-marketing is running (process ${process.pid}): try again once it is done.`]);
  });

  it('takes over a lock left by a release command that died', async () => {
    await mkdir(join(releasesDir, 'mf-marketing'), { recursive: true });
    await writeFile(join(releasesDir, 'mf-marketing', '.lock'), '2147483646');
    expect(await run('release', 'mf-marketing')).toBe(0);
    expect(existsSync(join(releasesDir, 'mf-marketing', '.lock'))).toBe(false);
  });

  it('lists what each remote serves', async () => {
    await run('release', 'mf-marketing');
    const version = publishedVersion();
    expect(await run('releases')).toBe(0);
    expect(out).toEqual([
      `mf-marketing: serves ${version}`,
      `  ${version}  published 2026-11-23T10:00:00.000Z  (current)`,
      '  last change: release by ada at 2026-11-23T10:00:00.000Z',
      'mf-earn: never released; it serves its working build (mf-earn/dist).',
      'mf-cashout: never released; it serves its working build (mf-cashout/dist).',
      'mf-account: never released; it serves its working build (mf-account/dist).',
      'mf-admin: never released; it serves its working build (mf-admin/dist).',
    ]);
  });

  it('lists what browsers reported of the current and canary versions over the last hour', async () => {
    await run('release', 'mf-marketing');
    const current = publishedVersion();
    pageText = 'Quests, renamed';
    await run('release', 'mf-marketing', '--canary', '10');
    const canary = publishedVersion();
    const health = { failedLoads: 0, errors: 0, failedLoadRate: 0, errorRate: 0, lcpP75Ms: null, inpP75Ms: null, clsP75: null };
    const reported = [
      { remote: 'mf-marketing', version: current, ...health, loads: 900, failedLoads: 9, failedLoadRate: 9 / 909, errors: 18, errorRate: 0.02, lcpP75Ms: 1843.4, inpP75Ms: 96 },
      { remote: 'mf-earn', version: 'unversioned', ...health, loads: 40 },
      // A version no longer served is not listed.
      { remote: 'mf-marketing', version: '0.9.0-cccccccccc', ...health, loads: 3 },
    ];
    deps.readHealth = async () => (remote, state) => releaseHealthLines(remote, state, reported);
    expect(await run('releases')).toBe(0);
    expect(out.filter((line) => line.startsWith('    ') || line.startsWith('  browsers'))).toEqual([
      '  browsers, last 60 min:',
      `    ${current} (current): 900 loads, 1.0% failed loads, 2.0% errors, p75 LCP 1843 ms, p75 INP 96 ms`,
      `    ${canary} (canary 10%): no reports`,
      '  browsers, last 60 min:',
      '    unversioned (working build): 40 loads, 0.0% failed loads, 0.0% errors, p75 LCP no reports, p75 INP no reports',
      ...['mf-cashout', 'mf-account', 'mf-admin'].flatMap(() => ['  browsers, last 60 min:', '    unversioned (working build): no reports']),
    ]);

    deps.readHealth = async () => {
      throw new Error('The PGlite database is in use by another process');
    };
    expect(await run('releases', 'mf-marketing')).toBe(0);
    expect(out.at(-1)).toBe('Browser reports could not be read: The PGlite database is in use by another process');
  });

  it('accepts the package name and the federation container name', async () => {
    expect(await run('release', '@rewards/mf-marketing')).toBe(0);
    expect(await run('releases', 'mf_marketing')).toBe(0);
    expect(out[0]).toMatch(/^mf-marketing: serves /);
  });

  it.each([
    [['release'], 'Which remote?'],
    [['release', 'mf-nope'], 'Unknown remote "mf-nope".'],
    [['release', '../../etc'], 'Unknown remote "../../etc".'],
    [['release', 'mf-marketing', '--canary', '0'], '--canary takes a whole percentage of browsers from 1 to 99, not "0".'],
    [['release', 'mf-marketing', '--canary', '100'], '--canary takes a whole percentage of browsers from 1 to 99, not "100".'],
    [['release', 'mf-marketing', '--canary', '12.5'], '--canary takes a whole percentage of browsers from 1 to 99, not "12.5".'],
    [['release', 'mf-marketing', '--canary'], '--canary takes a whole percentage of browsers from 1 to 99, not "".'],
    [['release', 'mf-marketing', '--force'], 'Unexpected "--force".'],
    [['release', 'mf-marketing', '--canary', '10', '--now'], 'Unexpected "--now".'],
    ...['0', '-5', '0s', '9s', '10081', '604801s', '99999999999', '1e3', '1.5', 'abc', '2m', ' 5', '--no-promote'].map(
      (value) =>
        [
          ['release', 'mf-marketing', '--canary', '10', '--watch', value],
          `--watch takes whole minutes from 1 to 10080 (a week), or seconds from 10 written like 90s, not "${value}".`,
        ] as [string[], string],
    ),
    [['release', 'mf-marketing', '--canary', '10', '--watch'], '--watch takes whole minutes from 1 to 10080 (a week), or seconds from 10 written like 90s, not "".'],
    [['release', 'mf-marketing', '--watch', '5'], '--watch watches a canary: give --canary <percent> too.'],
    [['release', 'mf-marketing', '--canary', '10', '--no-promote'], '--no-promote goes with --watch.'],
    [['release', 'mf-marketing', '--canary', '10', '--watch', '5', '--watch', '6'], '--watch is given twice.'],
    [['rollback', 'mf-marketing', '../1.0.0-aaaaaaaaaa'], '"../1.0.0-aaaaaaaaaa" is not a version like 1.0.0-3f2a9c0b1d.'],
    [['rollback', 'mf-marketing', '1.0.0-aaaaaaaaaa', 'extra'], 'Unexpected "extra".'],
    [['deploy', 'mf-marketing'], 'Unknown command "deploy".'],
  ])('answers %j with usage (exit 2) and changes nothing', async (argv, message) => {
    expect(await run(...argv)).toBe(2);
    expect(err[0]).toMatch(/^.+\nUsage:\n {2}pnpm release <remote> \[--canary <percent>\]/);
    expect(err[0]!.split('\n')[0]).toBe(message);
    expect(await readdir(releasesDir)).toEqual([]);
  });

  it('refuses a rollback of a remote never released', async () => {
    expect(await run('rollback', 'mf-earn')).toBe(1);
    expect(err).toEqual(['mf-earn has no release to roll back.']);
  });

  it('reports a release state file that is not one, instead of overwriting it', async () => {
    await mkdir(join(releasesDir, 'mf-earn'), { recursive: true });
    await writeFile(join(releasesDir, 'mf-earn', 'release.json'), '{"current": 5}');
    expect(await run('rollback', 'mf-earn')).toBe(1);
    expect(err[0]).toMatch(/release\.json is not a release state: current /);
    expect(await readFile(join(releasesDir, 'mf-earn', 'release.json'), 'utf8')).toBe('{"current": 5}');
  });
});
