import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { publishBuild } from './publish';
import { type Actor, promoteCanary, release, ReleaseError, type ReleaseChange, rollback, startCanary, withPublished } from './release-changes';
import { type CanaryWatch, readReleaseState, type ReleaseState, remoteReleasesDir, writeReleaseState } from './release-state';

const LOCK_FILE = '.lock';

/** Builds the remote's production build into `outputFolder`; rejects when the build fails. */
export type BuildRemote = (remote: string, outputFolder: string) => Promise<void>;

export type ReleaseTarget = { releasesDir: string; remote: string; actor: Actor };

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One release command per remote at a time; a lock left by a command that died is taken over. */
async function withReleaseLock<T>({ releasesDir, remote }: ReleaseTarget, work: () => Promise<T>): Promise<T> {
  const folder = remoteReleasesDir(releasesDir, remote);
  await mkdir(folder, { recursive: true });
  const lock = join(folder, LOCK_FILE);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = Number.parseInt(await readFile(lock, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new ReleaseError(`Another release command for ${remote} is running (process ${holder}): try again once it is done.`);
      }
      await rm(lock, { force: true });
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { force: true });
  }
}

/** Browsers are never pointed at a version whose files are gone. */
async function assertServable({ releasesDir, remote }: ReleaseTarget, state: ReleaseState): Promise<void> {
  for (const version of [state.current, state.canary?.version]) {
    if (!version) continue;
    try {
      await stat(join(remoteReleasesDir(releasesDir, remote), version, 'mf-manifest.json'));
    } catch {
      throw new ReleaseError(`${remote} ${version} cannot be served: its files are missing from ${join(remoteReleasesDir(releasesDir, remote), version)}.`);
    }
  }
}

async function applyChange(target: ReleaseTarget, change: (state: ReleaseState) => ReleaseChange): Promise<string> {
  const state = await readReleaseState(target.releasesDir, target.remote);
  const { state: next, message } = change(state);
  if (next !== state) {
    await assertServable(target, next);
    await writeReleaseState(target.releasesDir, target.remote, next);
  }
  return message;
}

/**
 * `pnpm release <remote>`: builds the remote, publishes the build as a version beside the earlier ones, and
 * points every browser at it, or `canaryPercent` of them. Nothing changes when the build fails.
 */
export async function releaseRemote(
  target: ReleaseTarget,
  {
    build,
    packageVersion,
    canaryPercent,
    watch,
  }: {
    build: BuildRemote;
    packageVersion: string;
    canaryPercent?: number;
    /** The canary's watch, made once the build is done: its window starts when browsers can get the canary. */
    watch?: () => CanaryWatch;
  },
): Promise<string[]> {
  return withReleaseLock(target, async () => {
    const { releasesDir, remote, actor } = target;
    // Built inside the remote's releases folder, so publishing is a rename on the same file system.
    const incoming = join(remoteReleasesDir(releasesDir, remote), `.incoming-${randomBytes(6).toString('hex')}`);
    let published: { version: string; alreadyPublished: boolean };
    try {
      await build(remote, incoming);
      published = await publishBuild(releasesDir, remote, incoming, packageVersion);
    } finally {
      await rm(incoming, { recursive: true, force: true });
    }
    const { version, alreadyPublished } = published;
    const onDisk = await readReleaseState(releasesDir, remote);
    const state = withPublished(onDisk, version, actor.at);
    const { state: next, message } =
      canaryPercent === undefined ? release(remote, state, version, actor) : startCanary(remote, state, version, canaryPercent, actor, watch?.() ?? null);
    if (next !== onDisk) await writeReleaseState(releasesDir, remote, next);
    return [
      alreadyPublished
        ? `${remote} ${version} was already published (the same build): nothing new to copy.`
        : `Published ${remote} ${version} at /remotes/${remote}/${version}/.`,
      message,
    ];
  });
}

/** `pnpm release <remote> --promote`: the canary's version goes to every browser, without a build. */
export function promoteRemote(target: ReleaseTarget): Promise<string[]> {
  return withReleaseLock(target, async () => [await applyChange(target, (state) => promoteCanary(target.remote, state, target.actor))]);
}

/** `pnpm rollback <remote> [version]`: points back to a published version, without a build. */
export function rollbackRemote(target: ReleaseTarget, version?: string): Promise<string[]> {
  return withReleaseLock(target, async () => [await applyChange(target, (state) => rollback(target.remote, state, target.actor, version))]);
}

/** `pnpm releases [remote]`: what each browser gets and what was published. */
export async function describeReleases(releasesDir: string, remote: string): Promise<string[]> {
  const state = await readReleaseState(releasesDir, remote);
  if (state.current === null) return [`${remote}: never released; it serves its working build (${remote}/dist).`];
  const lines = [`${remote}: serves ${state.current}${state.canary ? `, and ${state.canary.version} to ${state.canary.percent}% of browsers` : ''}`];
  for (const { version, publishedAt } of state.published) {
    const marks = [version === state.current ? 'current' : '', version === state.canary?.version ? 'canary' : ''].filter(Boolean);
    lines.push(`  ${version}  published ${publishedAt}${marks.length ? `  (${marks.join(', ')})` : ''}`);
  }
  if (state.watch) {
    const { until, margin, minLoads, promote } = state.watch;
    const end = promote ? 'then promoted when healthy' : 'then kept as a canary';
    lines.push(`  watched until ${until} (margin ${Number((margin * 100).toFixed(2))} points, ${minLoads} loads needed, ${end})`);
  }
  const last = state.log.at(-1);
  if (last) lines.push(`  last change: ${last.action} by ${last.by} at ${last.at}${last.reason ? `: ${last.reason}` : ''}`);
  return lines;
}

/**
 * A decision of the canary watch, made under the release lock on the state read again: `change` gets that
 * state only while it still runs the watch `startedAt` began (an operator may have promoted, rolled back or
 * released meanwhile); null when it does not, and nothing is written.
 */
export function applyWatchDecision(target: ReleaseTarget, startedAt: string, change: (state: ReleaseState) => ReleaseChange): Promise<string | null> {
  return withReleaseLock(target, async () => {
    const state = await readReleaseState(target.releasesDir, target.remote);
    if (state.watch?.startedAt !== startedAt || state.canary === null) return null;
    const { state: next, message } = change(state);
    await assertServable(target, next);
    await writeReleaseState(target.releasesDir, target.remote, next);
    return message;
  });
}
