import { randomInt } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteConfig, RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { parseReleaseState, type ReleaseState, releaseStateFile } from './release-state';

/** Sticky canary share: each browser keeps one number in 0–99; a canary of N% goes to numbers below N. */
export const RELEASE_BUCKET_COOKIE = 'release_bucket';
export const RELEASE_BUCKETS = 100;
export const RELEASE_BUCKET_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The remote package a manifest URL of this server names: `/remotes/mf-earn/mf-manifest.json` → `mf-earn`. */
const LOCAL_MANIFEST = /^\/remotes\/([a-z0-9-]+)\/mf-manifest\.json$/;

export function parseBucket(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,2}$/.test(value)) return null;
  return Number(value);
}

export function newBucket(): number {
  return randomInt(RELEASE_BUCKETS);
}

/** The version a browser in `bucket` gets; null while the remote was never released. */
export function versionFor(state: ReleaseState | null, bucket: number | null): string | null {
  if (!state?.current) return null;
  if (state.canary && bucket !== null && bucket < state.canary.percent) return state.canary.version;
  return state.current;
}

/**
 * Each remote served from this server's `/remotes/<package>/` with a release gets the manifest of the version
 * this browser runs, and that version's name; a remote without one keeps its working build, and a remote the
 * runtime config places elsewhere (another origin, a pinned version) is left as configured.
 */
export function withReleases(config: RuntimeConfig, states: ReadonlyMap<string, ReleaseState | null>, bucket: number | null): RuntimeConfig {
  const remotes = config.remotes.map((remote): RemoteConfig => {
    const remotePackage = LOCAL_MANIFEST.exec(remote.manifest)?.[1];
    const version = remotePackage ? versionFor(states.get(remotePackage) ?? null, bucket) : null;
    if (!remotePackage || !version) return remote;
    return { ...remote, manifest: `/remotes/${remotePackage}/${version}/mf-manifest.json`, version };
  });
  return { ...config, remotes };
}

/** The remote package whose releases this server serves at `manifest`, if it is one of its own. */
export function localRemotePackageOf(manifest: string): string | undefined {
  return LOCAL_MANIFEST.exec(manifest)?.[1];
}

export function localRemotePackages(config: RuntimeConfig): string[] {
  return config.remotes.flatMap((remote) => LOCAL_MANIFEST.exec(remote.manifest)?.[1] ?? []);
}

type CachedState = { stamp: string; state: ReleaseState | null };

/**
 * The release state of each remote, read again only when its file changed (a release or rollback renames
 * a new file in place), so every runtime config request sees the latest pointers at the cost of a stat.
 * A file that cannot be read keeps the last good state and is logged: a bad edit never moves browsers.
 */
export class ServedReleases {
  private readonly cache = new Map<string, CachedState>();

  constructor(
    private readonly releasesDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async stateOf(remotePackage: string): Promise<ReleaseState | null> {
    const file = releaseStateFile(this.releasesDir, remotePackage);
    let stamp: string;
    try {
      const info = await stat(file);
      stamp = `${info.ino}:${info.mtimeMs}:${info.size}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.cache.delete(remotePackage);
        return null;
      }
      this.log.error({ err: error, file }, `release state of ${remotePackage} unreadable: keeping what was served before`);
      return this.cache.get(remotePackage)?.state ?? null;
    }
    const cached = this.cache.get(remotePackage);
    if (cached?.stamp === stamp) return cached.state;
    try {
      const state = parseReleaseState(await readFile(file, 'utf8'), file);
      this.cache.set(remotePackage, { stamp, state });
      return state;
    } catch (error) {
      this.log.error({ err: error, file }, `release state of ${remotePackage} unreadable: keeping what was served before`);
      return cached?.state ?? null;
    }
  }

  async statesFor(config: RuntimeConfig): Promise<Map<string, ReleaseState | null>> {
    const packages = localRemotePackages(config);
    const states = await Promise.all(packages.map((remotePackage) => this.stateOf(remotePackage)));
    return new Map(packages.map((remotePackage, index) => [remotePackage, states[index] ?? null]));
  }
}
