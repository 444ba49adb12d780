import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { RUNTIME_CONFIG_PATH } from '@rewards/shared/contracts/runtime-config';
import type { Config } from '../../config';
import { HttpError } from '../../plugins/errors';
import { defaultRuntimeConfig } from './default-runtime-config';
import { runtimeConfigSchema } from './runtime-config-schema';

export type RuntimeConfigOptions = Pick<Config, 'pusher' | 'runtimeConfigFile'>;

/** `GET /runtime-config.json`: where the shell finds its remotes, the API and the realtime service. */
export const runtimeConfigRoutes: FastifyPluginAsync<RuntimeConfigOptions> = async (app, options) => {
  const builtIn = defaultRuntimeConfig(options.pusher);
  const file = options.runtimeConfigFile;

  app.get(RUNTIME_CONFIG_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return file ? readRuntimeConfigFile(file, request.log) : builtIn;
  });
};

// Read on every request so operators can move a remote by editing the file, with no restart.
async function readRuntimeConfigFile(file: string, log: FastifyBaseLogger): Promise<RuntimeConfig> {
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
