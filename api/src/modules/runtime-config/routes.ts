import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { RUNTIME_CONFIG_PATH } from '@rewards/shared/contracts/runtime-config';
import { isProduction, type Config } from '../../config';
import { readSessionToken } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import {
  newBucket,
  parseBucket,
  RELEASE_BUCKET_COOKIE,
  RELEASE_BUCKET_MAX_AGE_SECONDS,
  ServedReleases,
  withReleases,
} from '../releases/served-releases';
import { defaultRuntimeConfig } from './default-runtime-config';
import { runtimeConfigSchema } from './runtime-config-schema';

export type RuntimeConfigOptions = Pick<Config, 'pusher' | 'runtimeConfigFile' | 'releasesDir' | 'nodeEnv'> & {
  /** TELEMETRY_SAMPLE_RATE, for the built-in document; 1 when left out. */
  telemetrySampleRate?: number;
  /** Whether the request's session is an active staff member's; without it nobody is (no staff-only remote is listed). */
  isStaff?: (request: FastifyRequest) => Promise<boolean>;
};

/** `GET /runtime-config.json`: where the shell finds its remotes, the API and the realtime service. */
export const runtimeConfigRoutes: FastifyPluginAsync<RuntimeConfigOptions> = async (app, options) => {
  const builtIn = defaultRuntimeConfig(options.pusher, {
    development: !isProduction(options.nodeEnv),
    telemetrySampleRate: options.telemetrySampleRate,
  });
  const file = options.runtimeConfigFile;

  const releases = new ServedReleases(options.releasesDir, app.log);
  // Said once at start: a released remote no longer shows what its dist/ holds.
  app.addHook('onReady', async () => {
    for (const [remotePackage, state] of await releases.statesFor(builtIn)) {
      if (!state?.current) continue;
      const canary = state.canary ? `, and ${state.canary.version} to ${state.canary.percent}% of browsers` : '';
      app.log.info(`${remotePackage} serves its release ${state.current}${canary} (pnpm releases), not ${remotePackage}/dist`);
    }
  });

  app.get(RUNTIME_CONFIG_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    const config = file ? await readRuntimeConfigFile(file, request.log) : builtIn;
    const states = await releases.statesFor(config);
    const canaryRunning = [...states.values()].some((state) => state?.canary);
    const served = withReleases(config, states, canaryRunning ? canaryBucket(request, reply) : null);
    return forAudience(served, request, reply, options.isStaff);
  });
};

/**
 * The document as this request's user may see it: a staff-only remote (the console) is listed for staff alone,
 * so nobody else's shell knows of it or needs a line of code to keep it away. The answer then depends on the
 * session cookie: it says so (Vary), and a signed-in user's answer is theirs alone (private).
 */
async function forAudience(
  config: RuntimeConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  isStaff: RuntimeConfigOptions['isStaff'],
): Promise<RuntimeConfig> {
  if (!config.remotes.some((remote) => remote.staffOnly)) return config;
  reply.header('vary', 'Cookie');
  if (readSessionToken(request) !== undefined) reply.header('cache-control', 'private, no-cache');
  if (isStaff && (await isStaff(request))) return config;
  return { ...config, remotes: config.remotes.filter((remote) => !remote.staffOnly) };
}

/**
 * The browser's canary bucket, given on its first visit during a canary and kept for a year, so a browser
 * stays on one version across visits. The document then differs per browser: no shared cache may keep it.
 */
function canaryBucket(request: FastifyRequest, reply: FastifyReply): number {
  reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie');
  const kept = parseBucket(request.cookies[RELEASE_BUCKET_COOKIE]);
  if (kept !== null) return kept;
  const bucket = newBucket();
  reply.setCookie(RELEASE_BUCKET_COOKIE, String(bucket), {
    path: '/',
    maxAge: RELEASE_BUCKET_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  return bucket;
}

// Read on every request so operators can move a remote by editing the file, with no restart.
export async function readRuntimeConfigFile(file: string, log: FastifyBaseLogger): Promise<RuntimeConfig> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    log.error({ err: error, file }, 'RUNTIME_CONFIG_FILE cannot be read as JSON');
    throw new HttpError(500, 'Runtime configuration unavailable');
  }
  const result = runtimeConfigSchema.safeParse(parsed);
  if (!result.success) {
    log.error({ file, issues: result.error.issues }, 'RUNTIME_CONFIG_FILE does not match the runtime config contract');
    throw new HttpError(500, 'Runtime configuration unavailable');
  }
  return result.data;
}
