import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { Mailer } from '../modules/account/mailer';
import { captureMailer } from './accounts';
import { useTestDatabase } from './test-database';

export type TestAppOptions = {
  database: DatabaseHandle;
  /** Environment the config is read from; the real environment is ignored so tests are repeatable. */
  env?: Record<string, string | undefined>;
  serveSite?: boolean;
  siteRoot?: string;
  mailer?: Mailer;
  sessionPurgeIntervalMs?: number;
  notificationPruneIntervalMs?: number;
  onRoute?: AppOptions['onRoute'];
  /** The payout worker's round interval; default 0: rounds run only when a test calls app.payouts.runRound(). */
  payoutTickMs?: number;
  payoutTools?: AppOptions['payoutTools'];
  contentRecheckMs?: number;
  /** Default 0: watched canaries are judged only when a test calls app.canaryWatch.tick(). */
  canaryWatchTickMs?: number;
  /** Browser reports are written when a test calls app.telemetry.flush() unless set; never pruned by themselves. */
  telemetryFlushEveryMs?: number;
  redisCommandTimeoutMs?: AppOptions['redisCommandTimeoutMs'];
};

/** The real app against a test database, silent, not yet listening (use `app.inject()` or `app.listen`). */
export function buildTestApp({
  database,
  env = {},
  serveSite = false,
  siteRoot,
  mailer,
  sessionPurgeIntervalMs = 0,
  notificationPruneIntervalMs = 0,
  onRoute,
  payoutTickMs = 0,
  payoutTools,
  contentRecheckMs,
  canaryWatchTickMs = 0,
  telemetryFlushEveryMs = 0,
  redisCommandTimeoutMs,
}: TestAppOptions): Promise<FastifyInstance> {
  // A releases folder nobody writes: releases made on this machine must not change what tests see.
  const noReleases = join(tmpdir(), `rewards-test-no-releases-${process.pid}`);
  // No simulated feed entries unless a test asks: they would land among the events tests wait for.
  const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', RELEASES_DIR: noReleases, LIVE_FEED_SIMULATION: 'off', ...env });
  // pluginTimeoutMs 0: a file's first app seeds its database, which once took longer than Fastify's 10 s per plugin
  // beside the whole test command. Jest's timeouts still bound a start that hangs.
  return buildApp({ config, database, serveSite, siteRoot, mailer, logger: false, sessionPurgeIntervalMs, notificationPruneIntervalMs, onRoute, payoutTickMs, payoutTools, contentRecheckMs, telemetryFlushEveryMs, telemetryPruneEveryMs: 0, canaryWatchTickMs, pluginTimeoutMs: 0, redisCommandTimeoutMs });
}

/**
 * One test file's app on its own database (rate limits off, emails captured unless `options` say otherwise),
 * built before the file's first test and closed after its last. `app()` and `db()` are for inside tests.
 */
export function useTestApp(options: Omit<TestAppOptions, 'database'> = {}) {
  const database = useTestDatabase();
  let built: FastifyInstance | undefined;
  beforeAll(async () => {
    built = await buildTestApp({ mailer: captureMailer(), env: { RATE_LIMITS: 'off' }, ...options, database: database() });
  });
  afterAll(() => built?.close());
  const app = () => {
    if (!built) throw new Error('useTestApp(): the app is built in beforeAll; use it inside tests');
    return built;
  };
  return { database, db: () => database().db, app };
}
