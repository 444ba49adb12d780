import type { FastifyBaseLogger } from 'fastify';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { localRemotePackageOf, type ServedReleases } from '../releases/served-releases';
import { SHELL_TELEMETRY_NAME, UNVERSIONED } from './keys';

/**
 * What a report may name, so the counts keep a bounded set of keys: the remotes of the runtime config (and the
 * shell), each with the versions this site can serve it in (its published releases, the version the document
 * pins, or none), and the route patterns of the document. Anything else in a report is refused; an unknown
 * route counts as `other`.
 */
export type KnownTelemetryKeys = {
  /** Container name (`mf_earn`, `shell`) → the versions a report may name for it. */
  versionsByRemote: ReadonlyMap<string, ReadonlySet<string>>;
  routes: ReadonlySet<string>;
};

export async function knownTelemetryKeys(config: RuntimeConfig, releases: ServedReleases): Promise<KnownTelemetryKeys> {
  const versionsByRemote = new Map<string, Set<string>>([[SHELL_TELEMETRY_NAME, new Set([UNVERSIONED])]]);
  for (const remote of config.remotes) {
    const versions = new Set([UNVERSIONED]);
    if (remote.version) versions.add(remote.version);
    const remotePackage = localRemotePackageOf(remote.manifest);
    if (remotePackage) {
      // Every published version: a page opened before a release or rollback keeps reporting its own.
      for (const { version } of (await releases.stateOf(remotePackage))?.published ?? []) versions.add(version);
    }
    versionsByRemote.set(remote.name, versions);
  }
  return { versionsByRemote, routes: new Set(config.remotes.flatMap((remote) => remote.routes)) };
}

/** knownTelemetryKeys, worked out again at most every `ttlMs` (a release or a config edit shows within it). */
export function cachedTelemetryKeys(
  readConfig: () => Promise<RuntimeConfig>,
  releases: ServedReleases,
  { ttlMs = 5000, log }: { ttlMs?: number; log: FastifyBaseLogger },
): () => Promise<KnownTelemetryKeys> {
  let cached: { at: number; keys: Promise<KnownTelemetryKeys> } | undefined;
  return () => {
    if (!cached || Date.now() - cached.at >= ttlMs) {
      const keys = readConfig().then((config) => knownTelemetryKeys(config, releases));
      cached = { at: Date.now(), keys };
      keys.catch((error: unknown) => {
        log.warn({ err: error }, 'telemetry: the runtime config could not be read');
        if (cached?.keys === keys) cached = undefined;
      });
    }
    return cached.keys;
  };
}
