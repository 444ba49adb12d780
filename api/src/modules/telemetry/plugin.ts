import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isProduction, type Config } from '../../config';
import { HttpError } from '../../plugins/errors';
import { rateLimitAddress } from '../../plugins/rate-limit';
import { ServedReleases } from '../releases/served-releases';
import { defaultRuntimeConfig } from '../runtime-config/default-runtime-config';
import { readRuntimeConfigFile } from '../runtime-config/routes';
import { TelemetryBuffer, UnknownTelemetryKeyError } from './aggregate';
import { cachedTelemetryKeys } from './known-keys';
import { MAX_REPORT_BYTES, telemetryReport, type TelemetryReport } from './schemas';
import { addTelemetryCounts, pruneTelemetry } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: {
      /** Writes the counted reports to telemetry_minutes now (also done every few seconds and on close). */
      flush(): Promise<void>;
    };
  }
}

export type TelemetryPluginOptions = {
  config: Pick<Config, 'pusher' | 'runtimeConfigFile' | 'releasesDir' | 'nodeEnv' | 'telemetrySampleRate'>;
  /** How often counted reports are written; 0: only by `app.telemetry.flush()` and on close (tests). */
  flushEveryMs?: number;
  /** How often minutes past the retention are deleted; 0: never by itself (tests). */
  pruneEveryMs?: number;
};

const FLUSH_EVERY_MS = 5000;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * `POST /api/telemetry`: what browsers report about the remotes they load (docs/telemetry.md). Reports are
 * validated strictly, limited per address, counted in memory and written per minute to telemetry_minutes.
 */
export const telemetryPlugin = fp<TelemetryPluginOptions>(
  async (app, { config, flushEveryMs = FLUSH_EVERY_MS, pruneEveryMs = PRUNE_EVERY_MS }) => {
    const builtIn = defaultRuntimeConfig(config.pusher, { development: !isProduction(config.nodeEnv), telemetrySampleRate: config.telemetrySampleRate });
    const file = config.runtimeConfigFile;
    const knownKeys = cachedTelemetryKeys(
      async () => (file ? readRuntimeConfigFile(file, app.log) : builtIn),
      new ServedReleases(config.releasesDir, app.log),
      { log: app.log },
    );
    const buffer = new TelemetryBuffer();

    let flushing: Promise<void> | undefined;
    const flush = async (): Promise<void> => {
      await flushing;
      if (buffer.size === 0) return;
      const rows = buffer.take();
      flushing = addTelemetryCounts(app.db, rows).catch((error: unknown) => {
        buffer.giveBack(rows);
        app.log.warn({ err: error }, 'telemetry counts could not be written: kept for the next flush');
      });
      await flushing;
    };
    app.decorate('telemetry', { flush });

    await app.register(async (scope) => telemetryRoutes(scope, { accept: (report) => knownKeys().then((keys) => buffer.add(report.events, keys, new Date())) }), {
      prefix: '/api',
    });

    const prune = () => pruneTelemetry(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'old telemetry could not be pruned'));
    const timers: NodeJS.Timeout[] = [];
    app.addHook('onReady', async () => {
      if (flushEveryMs > 0) timers.push(setInterval(() => void flush(), flushEveryMs));
      if (pruneEveryMs > 0) {
        void prune();
        timers.push(setInterval(() => void prune(), pruneEveryMs));
      }
      timers.forEach((timer) => timer.unref());
    });
    // Before the database closes (hooks run in reverse order of registration: the database's runs after).
    app.addHook('onClose', async () => {
      timers.forEach((timer) => clearInterval(timer));
      await flush();
    });
  },
  { name: 'telemetry', dependencies: ['database', 'rate-limit'] },
);

/** Reports come from navigator.sendBeacon: JSON text sent as text/plain (no preflight) or application/json. */
function telemetryRoutes(scope: FastifyInstance, { accept }: { accept: (report: TelemetryReport) => Promise<boolean> }): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser(['text/plain', 'application/json']);
  scope.addContentTypeParser(['text/plain', 'application/json'], { parseAs: 'string', bodyLimit: MAX_REPORT_BYTES }, (request, body, done) => {
    parseJson(request, String(body), done);
  });
  scope.post(
    '/telemetry',
    {
      bodyLimit: MAX_REPORT_BYTES,
      // Counted before the body is read: a flood of reports, valid or not, is refused early.
      onRequest: async (request) => scope.enforceRateLimits([{ limit: 'telemetry_ip', key: rateLimitAddress(request) }]),
      schema: { body: telemetryReport },
    },
    async (request, reply) => {
      try {
        await accept(request.body as TelemetryReport);
      } catch (error) {
        if (error instanceof UnknownTelemetryKeyError) throw new HttpError(422, error.message, { code: 'telemetry_unknown_remote' });
        throw error;
      }
      return reply.code(204).send();
    },
  );
}
