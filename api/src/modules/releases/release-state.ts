import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { VERSION_PATTERN } from '../../remote-builds';

/**
 * Where a remote's releases live: `<RELEASES_DIR>/<package>/<version>/` holds one published build each (never
 * changed once written) and `<RELEASES_DIR>/<package>/release.json` says which version browsers get.
 */
export const RELEASE_STATE_FILE = 'release.json';

export const MIN_CANARY_PERCENT = 1;
export const MAX_CANARY_PERCENT = 99;

const version = z.string().regex(VERSION_PATTERN, { message: 'must be a version like 1.0.0-3f2a9c0b1d' });
const canary = z.object({ version, percent: z.number().int().min(MIN_CANARY_PERCENT).max(MAX_CANARY_PERCENT) });

/** `watch-end`: a watched canary's window ended and it stays a canary (see canary-watch.ts). */
export const RELEASE_ACTIONS = ['release', 'canary', 'promote', 'rollback', 'watch-end'] as const;

/** A watched canary (`pnpm release <remote> --canary N --watch M`): the server judges it until `until`. */
const watch = z.object({
  startedAt: z.iso.datetime(),
  until: z.iso.datetime(),
  /** How far (0–1 of loads) the canary's failed-load or error rate may be above the current version's. */
  margin: z.number().min(0).max(1),
  /** Canary loads needed before anything is decided. */
  minLoads: z.number().int().min(1),
  /** Promote it at `until` when healthy; false keeps it a canary. */
  promote: z.boolean(),
});

const healthCounts = z.object({ loads: z.number().int().min(0), failedLoads: z.number().int().min(0), errors: z.number().int().min(0) });

export const releaseStateSchema = z.object({
  /** The version every browser gets, except the canary's share. */
  current: version.nullable(),
  /** A newer version for `percent` of browsers (sticky per browser), or none. */
  canary: canary.nullable(),
  /** The canary's watch while one runs; any change of the pointers ends it. Absent in files written before watches. */
  watch: watch.nullable().default(null),
  /** What `current` was before each release, most recent last: where `pnpm rollback` goes back to. */
  previous: z.array(version),
  /** Every published version, oldest first. */
  published: z.array(z.object({ version, publishedAt: z.string() })),
  /** Every change of `current` or `canary`, oldest first: who, when, and what browsers got after it. */
  log: z.array(
    z.object({
      at: z.string(),
      by: z.string(),
      action: z.enum(RELEASE_ACTIONS),
      current: version.nullable(),
      canary: canary.nullable(),
      /** The watch a canary started with. */
      watch: watch.optional(),
      /** Why the canary watch decided what it did, with the figures. */
      reason: z.string().optional(),
      /** Both versions' health the decision was made on. */
      health: z.object({ canary: healthCounts, current: healthCounts }).optional(),
    }),
  ),
});

export type ReleaseState = z.infer<typeof releaseStateSchema>;
export type Canary = NonNullable<ReleaseState['canary']>;
export type CanaryWatch = NonNullable<ReleaseState['watch']>;
export type ReleaseLogEntry = ReleaseState['log'][number];
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

export const NO_RELEASES: ReleaseState = { current: null, canary: null, watch: null, previous: [], published: [], log: [] };

export function remoteReleasesDir(releasesDir: string, remotePackage: string): string {
  return join(releasesDir, remotePackage);
}

export function releaseStateFile(releasesDir: string, remotePackage: string): string {
  return join(remoteReleasesDir(releasesDir, remotePackage), RELEASE_STATE_FILE);
}

export class ReleaseStateError extends Error {}

/** The remote's release state; `NO_RELEASES` when it was never released. Throws on a file that is not one. */
export async function readReleaseState(releasesDir: string, remotePackage: string): Promise<ReleaseState> {
  const file = releaseStateFile(releasesDir, remotePackage);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NO_RELEASES;
    throw error;
  }
  return parseReleaseState(text, file);
}

export function parseReleaseState(text: string, file: string): ReleaseState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ReleaseStateError(`${file} is not JSON`);
  }
  const result = releaseStateSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ReleaseStateError(`${file} is not a release state: ${issue?.path.join('.') || 'document'} ${issue?.message ?? ''}`.trim());
  }
  return result.data;
}

/**
 * Replaces the state file in one step (write beside it, then rename), so the server, which reads it on
 * every runtime config request, never sees half a file.
 */
export async function writeReleaseState(releasesDir: string, remotePackage: string, state: ReleaseState): Promise<void> {
  const file = releaseStateFile(releasesDir, remotePackage);
  await mkdir(remoteReleasesDir(releasesDir, remotePackage), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(releaseStateSchema.parse(state), null, 2)}\n`);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}
