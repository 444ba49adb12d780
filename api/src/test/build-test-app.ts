import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { Mailer } from '../modules/account/mailer';

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
};

/** The real app against a test database, silent, not yet listening (use `app.inject()` or `app.listen`). */
export function buildTestApp({ database, env = {}, serveSite = false, siteRoot, mailer, sessionPurgeIntervalMs = 0, notificationPruneIntervalMs = 0, onRoute, payoutTickMs = 0, payoutTools }: TestAppOptions): Promise<FastifyInstance> {
  // A releases folder nobody writes: releases made on this machine must not change what tests see.
  const noReleases = join(tmpdir(), `rewards-test-no-releases-${process.pid}`);
  // No simulated feed entries unless a test asks: they would land among the events tests wait for.
  const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', RELEASES_DIR: noReleases, LIVE_FEED_SIMULATION: 'off', ...env });
  return buildApp({ config, database, serveSite, siteRoot, mailer, logger: false, sessionPurgeIntervalMs, notificationPruneIntervalMs, onRoute, payoutTickMs, payoutTools });
}
