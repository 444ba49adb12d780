import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REMOTE_PACKAGES, VERSION_PATTERN } from '../../remote-builds';
import { type Actor, ReleaseError } from './release-changes';
import { type BuildRemote, describeReleases, promoteRemote, releaseRemote, rollbackRemote } from './release-operations';
import type { WatchRule } from './canary-verdict';
import { type CanaryWatch, MAX_CANARY_PERCENT, MIN_CANARY_PERCENT, readReleaseState, type ReleaseState, ReleaseStateError } from './release-state';

export const RELEASE_USAGE = `Usage:
  pnpm release <remote> [--canary <percent>]  build <remote>, publish it as a new version and serve it to every
                                              browser (or to <percent>% of them, the same ones on each visit)
      [--watch <minutes>|<seconds>s]          … and let the server watch the canary that long: rolled back by
      [--no-promote]                          itself when it does worse than the current version, promoted at
                                              the end when healthy (or kept as a canary with --no-promote)
  pnpm release <remote> --promote             serve the canary's version to every browser
  pnpm rollback <remote> [version]            stop a canary, else serve the version from before the last
                                              release again (or <version>); nothing is rebuilt
  pnpm releases [remote]                      what each remote serves and which versions are published
Remotes: ${REMOTE_PACKAGES.join(', ')}`;

export type ReleaseCliDeps = {
  releasesDir: string;
  /**
   * What browsers reported (`pnpm releases`): lines for a remote in its release state. Left out: the listing shows
   * none. A rejection is said in one line.
   */
  readHealth?: () => Promise<(remote: string, state: ReleaseState) => string[]>;
  repoRoot: string;
  build: BuildRemote;
  actor: () => Actor;
  /** CANARY_WATCH_MARGIN and CANARY_WATCH_MIN_LOADS, written into the watch when one starts. */
  watchRule: WatchRule;
  out: (line: string) => void;
  err: (line: string) => void;
};

class UsageError extends Error {}

/** `mf-earn`, `@rewards/mf-earn` and the container name `mf_earn` all name the remote package `mf-earn`. */
function remotePackage(name: string | undefined): string {
  const normalized = (name ?? '').replace(/^@rewards\//, '').replace(/_/g, '-');
  if (!(REMOTE_PACKAGES as readonly string[]).includes(normalized)) {
    throw new UsageError(name ? `Unknown remote "${name}".` : 'Which remote?');
  }
  return normalized;
}

function canaryPercent(value: string | undefined): number {
  const percent = Number(value);
  if (!value || !/^\d+$/.test(value) || percent < MIN_CANARY_PERCENT || percent > MAX_CANARY_PERCENT) {
    throw new UsageError(`--canary takes a whole percentage of browsers from ${MIN_CANARY_PERCENT} to ${MAX_CANARY_PERCENT}, not "${value ?? ''}".`);
  }
  return percent;
}

export const MIN_WATCH_SECONDS = 10;
export const MAX_WATCH_MINUTES = 7 * 24 * 60;

/** `--watch 30` is 30 minutes, `--watch 90s` 90 seconds; in seconds. */
function watchSeconds(value: string | undefined): number {
  const match = /^(\d{1,6})(s?)$/.exec(value ?? '');
  const seconds = match ? Number(match[1]) * (match[2] ? 1 : 60) : Number.NaN;
  if (!match || seconds < MIN_WATCH_SECONDS || seconds > MAX_WATCH_MINUTES * 60) {
    throw new UsageError(
      `--watch takes whole minutes from 1 to ${MAX_WATCH_MINUTES} (a week), or seconds from ${MIN_WATCH_SECONDS} written like 90s, not "${value ?? ''}".`,
    );
  }
  return seconds;
}

type ReleaseOptions = { percent?: number; watchSeconds?: number; promote: boolean };

function releaseOptions(options: string[]): ReleaseOptions {
  const parsed: ReleaseOptions = { promote: true };
  const seen = new Set<string>();
  for (let index = 0; index < options.length; index += 1) {
    const option = options[index] ?? '';
    if (seen.has(option)) throw new UsageError(`${option} is given twice.`);
    seen.add(option);
    if (option === '--canary') parsed.percent = canaryPercent(options[++index]);
    else if (option === '--watch') parsed.watchSeconds = watchSeconds(options[++index]);
    else if (option === '--no-promote') parsed.promote = false;
    else throw new UsageError(`Unexpected "${options.slice(index).join(' ')}".`);
  }
  if (parsed.watchSeconds !== undefined && parsed.percent === undefined) throw new UsageError('--watch watches a canary: give --canary <percent> too.');
  if (!parsed.promote && parsed.watchSeconds === undefined) throw new UsageError('--no-promote goes with --watch.');
  return parsed;
}

function watchStartingAt(startedAt: string, seconds: number, options: ReleaseOptions, rule: WatchRule): CanaryWatch {
  const until = new Date(Date.parse(startedAt) + seconds * 1000).toISOString();
  return { startedAt, until, margin: rule.margin, minLoads: rule.minLoads, promote: options.promote };
}

function describeWatch(remote: string, watch: CanaryWatch): string[] {
  const margin = Number((watch.margin * 100).toFixed(2));
  const end = watch.promote ? 'promoted at the end when healthy' : 'kept as a canary at the end (--no-promote)';
  return [
    `The server watches the canary until ${watch.until}: rolled back by itself when its failed-load or error rate is surely more than ${margin} points above the current version's (once ${watch.minLoads} canary loads are seen), ${end}.`,
    `This command may end; the running server decides, and \`pnpm releases ${remote}\` shows what it decided and why.`,
  ];
}

async function packageVersion(repoRoot: string, remote: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(repoRoot, remote, 'package.json'), 'utf8')) as { version?: unknown };
  if (typeof manifest.version !== 'string' || !/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/.test(manifest.version)) {
    throw new ReleaseError(`${remote}/package.json needs a version like 1.0.0 to name its releases.`);
  }
  return manifest.version;
}

async function release(args: string[], deps: ReleaseCliDeps): Promise<string[]> {
  const [name, ...options] = args;
  const remote = remotePackage(name);
  const target = { releasesDir: deps.releasesDir, remote, actor: deps.actor() };
  if (options.length === 1 && options[0] === '--promote') return promoteRemote(target);
  const parsed = releaseOptions(options);
  const { watchSeconds } = parsed;
  let watch: CanaryWatch | undefined;
  // Its window starts once the build is done and browsers can get the canary, not when the command started.
  const startWatch = watchSeconds === undefined ? undefined : () => (watch = watchStartingAt(deps.actor().at, watchSeconds, parsed, deps.watchRule));
  const lines = await releaseRemote(target, {
    build: deps.build,
    packageVersion: await packageVersion(deps.repoRoot, remote),
    canaryPercent: parsed.percent,
    watch: startWatch,
  });
  return [
    ...lines,
    'Pages load it on their next visit; pages already open keep the version they started with.',
    ...(watch ? describeWatch(remote, watch) : []),
    `To undo: pnpm rollback ${remote}`,
  ];
}

async function rollback(args: string[], deps: ReleaseCliDeps): Promise<string[]> {
  const [name, version, ...extra] = args;
  const remote = remotePackage(name);
  if (extra.length > 0) throw new UsageError(`Unexpected "${extra.join(' ')}".`);
  if (version !== undefined && !VERSION_PATTERN.test(version)) throw new UsageError(`"${version}" is not a version like 1.0.0-3f2a9c0b1d.`);
  return rollbackRemote({ releasesDir: deps.releasesDir, remote, actor: deps.actor() }, version);
}

async function list(args: string[], deps: ReleaseCliDeps): Promise<string[]> {
  if (args.length > 1) throw new UsageError(`Unexpected "${args.slice(1).join(' ')}".`);
  const remotes = args.length === 1 ? [remotePackage(args[0])] : [...REMOTE_PACKAGES];
  const health = deps.readHealth ? await deps.readHealth().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))) : undefined;
  const lines = await Promise.all(
    remotes.map(async (remote) => [
      ...(await describeReleases(deps.releasesDir, remote)),
      ...(typeof health === 'function' ? health(remote, await readReleaseState(deps.releasesDir, remote)) : []),
    ]),
  );
  return [...lines.flat(), ...(health instanceof Error ? [`Browser reports could not be read: ${health.message}`] : [])];
}

const COMMANDS: Record<string, (args: string[], deps: ReleaseCliDeps) => Promise<string[]>> = { release, rollback, releases: list };

/** Runs `release`, `rollback` or `releases` with its arguments; resolves with the exit code. */
export async function runReleaseCommand(argv: string[], deps: ReleaseCliDeps): Promise<number> {
  const [command = '', ...args] = argv;
  const run = COMMANDS[command];
  try {
    if (!run) throw new UsageError(`Unknown command "${command}".`);
    for (const line of await run(args, deps)) deps.out(line);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      deps.err(`${error.message}\n${RELEASE_USAGE}`);
      return 2;
    }
    if (error instanceof ReleaseError || error instanceof ReleaseStateError) {
      deps.err(error.message);
      return 1;
    }
    deps.err(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
