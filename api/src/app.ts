import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController, type onRouteHookHandler } from 'fastify';
import { type Config, isProduction } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { googleAuthRoutes } from './modules/account/google';
import { createMailer, type Mailer } from './modules/account/mailer';
import { accountRoutes } from './modules/account/routes';
import { cashoutRoutes } from './modules/cashout/routes';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { demoWallPlugin } from './modules/demo-wall/plugin';
import { offersCatalogPlugin } from './modules/earn/catalog-plugin';
import { earnRoutes } from './modules/earn/routes';
import { earningsRoutes } from './modules/earnings/routes';
import { holdsPlugin } from './modules/holds/plugin';
import { payoutsPlugin } from './modules/payouts/plugin';
import type { RailTools } from './modules/payout-rails/rail';
import { contactRoutes } from './modules/contact/routes';
import { contentAnnouncer } from './modules/content/content-events';
import { contentPlugin } from './modules/content/plugin';
import { healthRoutes } from './modules/health/routes';
import { leaderboardRoutes } from './modules/leaderboard/routes';
import { liveFeedPlugin } from './modules/live-feed/plugin';
import { notificationsPlugin } from './modules/notifications/plugin';
import { channelAuthRoutes } from './modules/realtime/auth-routes';
import { realtimeOptionsOf, realtimePlugin } from './modules/realtime/plugin';
import { canaryWatchPlugin } from './modules/releases/watch-plugin';
import { runtimeConfigRoutes } from './modules/runtime-config/routes';
import { sitePolicySources } from './modules/runtime-config/site-policy-sources';
import { siteMetadataRoutes } from './modules/site-metadata/routes';
import { telemetryPlugin } from './modules/telemetry/plugin';
import { ticketRoutes } from './modules/tickets/routes';
import { wallRoutes } from './modules/walls/routes';
import { authPlugin } from './plugins/auth';
import { requestLocalePlugin } from './plugins/request-locale';
import { databasePlugin } from './plugins/database';
import { staffContentPreview } from './modules/admin/content-preview';
import { adminPlugin } from './modules/admin/plugin';
import { isActiveStaff } from './modules/admin/staff-session';
import { registerErrorHandling } from './plugins/errors';
import { readEmptyJsonAsNoBody } from './plugins/json-body';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticSitePlugin } from './plugins/static-site';
import { zodSerializerCompiler, zodValidatorCompiler } from './plugins/zod-schemas';
import { COMMANDS } from './ops/commands';
import { operatorApiPlugin } from './ops/operator-api';
import { namePluginsOnRegister } from './plugins/plugin-names';

export type AppOptions = {
  config: Config;
  /** An already open database the caller keeps and closes (tests share one per file); else opened from config. */
  database?: DatabaseHandle;
  /** Serve the built site (shell and remotes); defaults to config.serveSite. */
  serveSite?: boolean;
  /** Folder holding `shell/dist` and `mf-*\/dist`; defaults to the repository root. */
  siteRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** Sends account emails; defaults to SMTP (SMTP_URL) or the server log. Tests pass a capturing one. */
  mailer?: Mailer;
  /** How often dead sessions are purged; defaults to hourly (tests make it short, or 0 for never). */
  sessionPurgeIntervalMs?: number;
  /** How often old notifications are pruned; defaults to every 10 minutes (0: never, tests prune by hand). */
  notificationPruneIntervalMs?: number;
  /** Serve the operator API on OPS_SOCKET once listening (server.ts does; `pnpm ops` runs commands through it). */
  operatorApi?: boolean;
  /** Told of every route as it is added (the fuzz suite lists the routes it must cover this way). */
  onRoute?: onRouteHookHandler;
  /** How often the payout worker runs a round; defaults to every second (0: never by itself, tests run rounds). */
  payoutTickMs?: number;
  /** Replaces the payout rails' fetch, timeout or clock (tests). */
  payoutTools?: Partial<RailTools>;
  /** How often counted browser reports are written (default every 5 s) and old ones pruned (hourly); 0: never by themselves (tests). */
  telemetryFlushEveryMs?: number;
  telemetryPruneEveryMs?: number;
  /** How often the published content is re-read without a signal; defaults to every second (tests lengthen it). */
  contentRecheckMs?: number;
  /** How often watched canaries are judged; defaults to every 5 s (0: only by `app.canaryWatch.tick()`, tests). */
  canaryWatchTickMs?: number;
  /** How long a rate-limit count in Redis may take before this process counts in memory (1 s; tests on a busy machine lengthen it). */
  redisCommandTimeoutMs?: number;
  /** How long a plugin may take to start (Fastify's 10 s by default; 0: no limit, tests leave it to jest's timeouts). */
  pluginTimeoutMs?: number;
};

/** Builds the whole server without listening: server.ts listens, tests use `app.inject()`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // One line per request (and per static file) drowns what matters; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts that many proxies in front of us (what Fastify does with a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    ...(options.pluginTimeoutMs === undefined ? {} : { pluginTimeout: options.pluginTimeoutMs }),
  });
  namePluginsOnRegister(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  registerErrorHandling(app);
  readEmptyJsonAsNoBody(app);
  await app.register(securityHeadersPlugin, { production: isProduction(config.nodeEnv) });

  await app.register(compress, { encodings: ['br', 'gzip'] });

  const handle = options.database ?? (await openDatabase(config));
  await app.register(databasePlugin, { handle, closeOnAppClose: options.database === undefined });
  await app.register(realtimePlugin, realtimeOptionsOf(config));

  await app.register(rateLimitPlugin, {
    limits: config.rateLimits,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    redisCommandTimeoutMs: options.redisCommandTimeoutMs,
  });
  await app.register(authPlugin, {
    cookieSecret: config.appSecret,
    secureCookiesOnly: isProduction(config.nodeEnv),
    sessionPurgeIntervalMs: options.sessionPurgeIntervalMs,
  });
  await app.register(requestLocalePlugin, { pseudoLocaleOffered: !isProduction(config.nodeEnv) });

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  await app.register(notificationsPlugin, {
    realtime: app.realtime,
    mailer,
    siteUrl: config.publicUrl,
    days: config.notificationDays,
    pruneEveryMs: options.notificationPruneIntervalMs,
  });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(telemetryPlugin, { config, flushEveryMs: options.telemetryFlushEveryMs, pruneEveryMs: options.telemetryPruneEveryMs });
  await app.register(accountRoutes, { prefix: '/api', mailer, appSecret: config.appSecret });
  await app.register(twoFactorRoutes, { prefix: '/api', mailer, appSecret: config.appSecret });
  await app.register(cashoutRoutes, { prefix: '/api', dailyLimitCoins: config.cashoutDailyLimitCoins, payouts: config.payouts, holds: config.earningHolds, onInstantCashout: () => app.payouts?.wake(), mailer, appSecret: config.appSecret });
  await app.register(earningsRoutes, { prefix: '/api', holds: config.earningHolds });
  await app.register(offersCatalogPlugin, {
    repoRoot: config.repoRoot,
    publicUrl: config.publicUrl,
    offersSeedFile: config.offersSeedFile,
    redis: config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined,
  });
  await app.register(earnRoutes, { prefix: '/api' });
  await app.register(wallRoutes, { prefix: '/api', config });
  await app.register(demoWallPlugin, { prefix: '/api', config });
  await app.register(holdsPlugin);
  await app.register(payoutsPlugin, { payouts: config.payouts, tickMs: options.payoutTickMs, tools: options.payoutTools });
  await app.register(channelAuthRoutes, { prefix: '/api', pusher: config.pusher });
  await app.register(googleAuthRoutes, { prefix: '/api/auth/google', google: config.google, publicUrl: config.publicUrl, mailer, appSecret: config.appSecret });
  await app.register(liveFeedPlugin, { prefix: '/api', liveFeed: config.liveFeed, redisUrl: config.redisUrl, redisPrefix: config.redisPrefix });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(contentPlugin, {
    repoRoot: config.repoRoot,
    redis: config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined,
    recheckMs: options.contentRecheckMs,
  });
  await app.register(leaderboardRoutes, { prefix: '/api' });
  await app.register(ticketRoutes, { prefix: '/api', waitHours: config.ticketWaitHours });
  await app.register(adminPlugin, {
    prefix: '/api/admin',
    mailer,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    repoRoot: config.repoRoot,
    announceContent: contentAnnouncer(config),
  });
  await app.register(siteMetadataRoutes, { publicUrl: config.publicUrl });
  await app.register(runtimeConfigRoutes, {
    pusher: config.pusher,
    runtimeConfigFile: config.runtimeConfigFile,
    releasesDir: config.releasesDir,
    telemetrySampleRate: config.telemetrySampleRate,
    isStaff: isActiveStaff(app.db),
    nodeEnv: config.nodeEnv,
  });
  await app.register(canaryWatchPlugin, { releasesDir: config.releasesDir, tickMs: options.canaryWatchTickMs });
  if (options.serveSite ?? config.serveSite) {
    const sitePolicy = sitePolicySources({ ...config, db: app.db, log: app.log });
    await app.register(staticSitePlugin, { siteRoot: options.siteRoot ?? config.repoRoot, releasesDir: config.releasesDir, sitePolicy, publishedContent: app.content.views, contentPreview: staffContentPreview(app.db), memberFirstScreen: app.offers.firstScreens });
  }
  if (options.operatorApi) await app.register(operatorApiPlugin, { config, commands: COMMANDS, mailer });
  return app;
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
