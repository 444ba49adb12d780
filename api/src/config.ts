import { BlockList, isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_EARNING_HOLDS_TEXT,
  type EarningHolds,
  formatWindow,
  InvalidValue,
  type RateLimit,
  readAddressList,
  readCount,
  readDollars,
  readDurationRange,
  readEarningHolds,
  readFlag,
  readOneOf,
  readOpsToken,
  readPercentagePoints,
  readPort,
  readRateLimits,
  readSampleRate,
  readTrustProxy,
  readUrl,
  readWallSecrets,
  readWholeNumber,
  readWindow,
} from './config-values';
import { normaliseIp } from './ip-address';
import { findRepoRoot } from './repo-root';
import {
  payoutRailsOf,
  payoutRefusals,
  type PayoutsConfig,
  RAIL_OF_METHOD_FAMILY,
  RAIL_SETTING_FAMILY,
  railOfMethodVariables,
  railSettingsDoc,
  railSettingVariables,
  railVariableProblems,
} from './modules/payout-rails/payouts-config';
import { DEFAULT_RAIL, railNames } from './modules/payout-rails/registry';

export { OPS_TOKEN_FORMAT, type RateLimit, WALL_SLUG } from './config-values';

export type Config = {
  port: number;
  host: string;
  nodeEnv: string;
  logLevel: string;
  repoRoot: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  serveSite: boolean;
  runtimeConfigFile: string | undefined;
  pusher: PusherConfig;
  appSecret: string;
  trustProxy: boolean | number | string;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: GoogleConfig;
  rateLimits: RateLimits | 'off';
  /** CASHOUT_DAILY_LIMIT_DOLLARS in integer coins. */
  cashoutDailyLimitCoins: number;
  /** Wall slug → postback key, from POSTBACK_SECRETS and POSTBACK_SECRET_<WALL>. */
  postbackSecrets: Record<string, string>;
  /** Wall slug → allowed source addresses, from POSTBACK_IPS_<WALL> (`any`: an empty list). */
  postbackIps: Record<string, string[]>;
  /** POSTBACK_LOG_DAYS: how long raw callbacks are kept. */
  postbackLogDays: number;
  /** EARNING_HOLDS: which offer credits are held before they can be cashed out. */
  earningHolds: EarningHolds;
  /** TICKET_WAIT_HOURS: how long after starting an offer its missing credit may be reported. */
  ticketWaitHours: number;
  /** NOTIFICATION_DAYS: how long a user's notifications are kept. */
  notificationDays: number;
  /** TELEMETRY_SAMPLE_RATE: the share of browsers that report to `POST /api/telemetry` (built-in runtime config). */
  telemetrySampleRate: number;
  demoWalls: boolean;
  /** Absolute path of the catalog seeded into an empty offers table; undefined when off. */
  offersSeedFile: string | undefined;
  liveFeed: LiveFeedConfig;
  /** Prefix of every Redis key and pub/sub channel of this site (REDIS_PREFIX). */
  redisPrefix: string;
  gateway: GatewayLimits;
  /** Absolute path of the folder of published remote versions and their release.json pointers. */
  releasesDir: string;
  /** CANARY_WATCH_MARGIN (a fraction) and CANARY_WATCH_MIN_LOADS: how a watched canary is judged. */
  canaryWatch: { margin: number; minLoads: number };
  /** OPS_TOKEN; unset: a generated development token file in DATA_DIR (none in production). */
  opsToken: string | undefined;
  /** Absolute path of the operator API's unix socket. */
  opsSocket: string;
  /** Which rail pays each method, the rails' settings, the instant-payout rules. */
  payouts: PayoutsConfig;
};

export type GoogleConfig = {
  issuer: string;
  /** Unset: Google sign-in is off and its redirect answers with the failure redirect. */
  clientId: string | undefined;
  clientSecret: string | undefined;
};

/** Per IP and per email (spec: login, forgot-password and OTP checks are rate-limited). */
export type RateLimits = {
  /** Login tries for one email from one IP. */
  login: RateLimit;
  /** Login tries from one IP, whatever the email. */
  login_ip: RateLimit;
  /** Wrong passwords for one email from any IP. */
  login_account: RateLimit;
  /** Sign-ups from one IP. */
  register_ip: RateLimit;
  /** Reset codes asked for one email from one IP (per account, codes are also capped by day in the database). */
  forgot: RateLimit;
  forgot_ip: RateLimit;
  /** OTP checks (verify-otp and reset-password) for one email from one IP (wrong tries per account: by day, in the database). */
  otp: RateLimit;
  otp_ip: RateLimit;
  /** Two-factor requests from one IP: sign-in second steps, their resends, the Settings calls that check or send a code. */
  two_factor_ip: RateLimit;
  /** Wrong second-step codes for one account from any IP (a browser known to the account is not held by it). */
  two_factor_account: RateLimit;
  /** Contact form messages from one IP. */
  contact_ip: RateLimit;
  /** Postback callbacks refused, malformed or for an unknown wall, from one IP (accepted ones are never counted). */
  postback_refused: RateLimit;
  /** Browser reports (`POST /api/telemetry`) from one IP. */
  telemetry_ip: RateLimit;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowMs: 60_000 },
  login_ip: { max: 30, windowMs: 60_000 },
  login_account: { max: 20, windowMs: 15 * 60_000 },
  register_ip: { max: 10, windowMs: 60 * 60_000 },
  forgot: { max: 5, windowMs: 15 * 60_000 },
  forgot_ip: { max: 20, windowMs: 15 * 60_000 },
  otp: { max: 10, windowMs: 15 * 60_000 },
  otp_ip: { max: 50, windowMs: 15 * 60_000 },
  two_factor_ip: { max: 30, windowMs: 15 * 60_000 },
  two_factor_account: { max: 20, windowMs: 60 * 60_000 },
  contact_ip: { max: 5, windowMs: 60 * 60_000 },
  postback_refused: { max: 120, windowMs: 60_000 },
  // A tab sends a report every 15 s and when hidden: 120 a minute is many tabs behind one address.
  telemetry_ip: { max: 120, windowMs: 60_000 },
};

export type PusherConfig = {
  appId: string;
  key: string;
  secret: string;
  cluster: string;
  /** Where the API publishes events; unset means the gateway inside this server. */
  host: string | undefined;
  port: number | undefined;
  useTLS: boolean;
};

export type LiveFeedConfig = {
  /** Publish plausible entries while no real conversion comes (spec §4; ARCHITECTURE: off in production unless set). */
  simulation: boolean;
  /** After the last entry (real or simulated) went out, the next simulated one waits a random time in this range. */
  simulationGapMs: { min: number; max: number };
};

/** What one socket and one instance may use of the realtime gateway. */
export type GatewayLimits = {
  maxConnections: number;
  maxConnectionsPerIp: number;
  maxChannelsPerSocket: number;
  maxMessageBytes: number;
  /** At most `max` client messages per `windowMs`. */
  messageRate: RateLimit;
  maxBufferedBytes: number;
  /** Silence after which the gateway pings (also told to pusher-js as `activity_timeout`); whole seconds. */
  activityTimeoutMs: number;
  pongTimeoutMs: number;
  /** Threads beside the main one writing an event to a large channel's sockets; 0 writes from the main thread only. */
  fanOutThreads: number;
};

export const DEFAULT_GATEWAY_LIMITS: GatewayLimits = {
  maxConnections: 20_000,
  maxConnectionsPerIp: 100,
  maxChannelsPerSocket: 10,
  maxMessageBytes: 4096,
  messageRate: { max: 40, windowMs: 10_000 },
  maxBufferedBytes: 1024 * 1024,
  activityTimeoutMs: 120_000,
  pongTimeoutMs: 30_000,
  fanOutThreads: 1,
};

/** Development and test defaults only: the server refuses to start in production with them (or without a value). */
export const DEV_PUSHER_SECRET = 'rewards-dev-secret';
export const DEV_APP_SECRET = 'rewards-dev-app-secret';

/** Where the server listens when HOST is unset: development serves this machine only, production every interface. */
export const DEVELOPMENT_HOST = '127.0.0.1';
export const PRODUCTION_HOST = '0.0.0.0';

/** Development fallbacks apply only in development and tests: any other NODE_ENV is production. */
export function isProduction(nodeEnv: string): boolean {
  return nodeEnv !== 'development' && nodeEnv !== 'test';
}

/** What the configuration table (docs/configuration.md) shows of each variable. */
export type VariableDoc = {
  /** The default as the table shows it (markdown). */
  default: string;
  description: string;
  /** What the server refuses in production, if anything. */
  production?: string;
};

/** The documentation of each variable of `ENV_SCHEMA`, from which the table of docs/configuration.md is generated. */
export const envDocs = z.registry<VariableDoc>();

/** A value the schema reads with one of the readers; InvalidValue becomes an issue on the variable. */
function valueOf<T>(read: (text: string) => T) {
  return z.string().transform((text, context): T => {
    try {
      return read(text);
    } catch (error) {
      if (!(error instanceof InvalidValue)) throw error;
      context.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });
}

const text = (value: string) => value;
const blankAsUnset = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);

/** A variable whose default is a text read like any value; blank counts as unset. */
function withDefault<T>(fallback: string, read: (text: string) => T, doc: Omit<VariableDoc, 'default'> & { default?: string }) {
  return z.preprocess(blankAsUnset, valueOf(read).prefault(fallback)).register(envDocs, { default: `\`${fallback}\``, ...doc });
}

/** A variable that may stay unset (blank counts as unset); what unset means is in its doc. */
function optional<T>(read: (text: string) => T, doc: VariableDoc) {
  return z.preprocess(blankAsUnset, valueOf(read).optional()).register(envDocs, doc);
}

/** A family of variables named `<PREFIX><WALL>`; `environmentOf` gathers them by wall. */
function perWall<T>(read: (text: string) => T, doc: VariableDoc) {
  const wallName = z.string().regex(/^[A-Za-z0-9]{1,32}$/, ': the wall name must be 1 to 32 letters or digits');
  return z.record(wallName, valueOf(read)).default({}).register(envDocs, doc);
}

const PER_WALL_VARIABLES = { 'POSTBACK_SECRET_<WALL>': 'POSTBACK_SECRET_', 'POSTBACK_IPS_<WALL>': 'POSTBACK_IPS_' } as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every variable of the server's environment: how it is read, its default and what it means. The configuration
 * table of docs/configuration.md is generated from this (`pnpm --filter @rewards/api config:table`) and a test
 * keeps them equal. Relative paths are resolved against the repository root.
 */
export const ENV_SCHEMA = z.object({
  PORT: withDefault('8080', readPort, { description: 'where the site listens' }),
  HOST: optional(text, {
    default: `\`${DEVELOPMENT_HOST}\` (this machine only) in development and test, else \`${PRODUCTION_HOST}\``,
    description:
      'interface to listen on. In development and test a `HOST` other machines can reach (anything but `127.x.x.x`, `::1` or `localhost`) refuses to start unless `DEVELOPMENT_ON_NETWORK=1`',
  }),
  DEVELOPMENT_ON_NETWORK: withDefault('0', readFlag, {
    description:
      '`1` lets development and test listen on a `HOST` other machines can reach, on purpose, with a warning at every start: development mode accepts the public development secrets, so whoever reaches it can sign postbacks and mint coins',
  }),
  NODE_ENV: withDefault('development', text, {
    description:
      '`development` and `test` allow the development fallbacks below; anything else is production, where the server refuses to start (exit 1, one line per problem naming the variable) on the settings marked **production**',
  }),
  LOG_LEVEL: withDefault('info', readOneOf(LOG_LEVELS), { description: `server log level: ${LOG_LEVELS.join(', ')}` }),
  DATA_DIR: withDefault('./.data', text, { description: 'where the embedded database (PGlite) keeps its files, relative to the repository' }),
  DATABASE_URL: optional(readUrl(['postgres', 'postgresql']), {
    default: 'unset',
    description: '`postgres://…` runs the same migrations and queries on PostgreSQL instead of PGlite',
  }),
  REDIS_URL: optional(readUrl(['redis', 'rediss']), {
    default: 'unset',
    description: 'share realtime events (and rate limits) between several API instances, and tell them at once of an offers import',
  }),
  PUBLIC_URL: optional(readUrl(['https', 'http']), { default: 'unset', description: "the site's public origin, when it differs from the request's" }),
  SERVE_SITE: withDefault('0', readFlag, { description: '`1` serves the built shell and remotes from this server (`pnpm start` sets it)' }),
  RUNTIME_CONFIG_FILE: optional(text, {
    default: 'unset',
    description:
      'a JSON file served as `/runtime-config.json` instead of the built-in one (remote URLs, owned paths, `staffOnly` for a remote listed to signed-in staff only, API base, realtime, the optional `footer` module and `embeds`, `telemetry.sampleRate`, and `remoteOrigins`: origins besides the manifests’ that remote code may load from, see [security.md](security.md)), read on every request',
  }),
  PUSHER_APP_ID: withDefault('rewards-dev', text, { description: 'realtime app id' }),
  PUSHER_KEY: withDefault('rewards-dev-key', text, { description: 'realtime public key pusher-js connects with' }),
  PUSHER_SECRET: optional(text, {
    default: `\`${DEV_PUSHER_SECRET}\` (development and test only)`,
    description: 'signs the realtime events API',
    production: 'refused when unset or the development default',
  }),
  PUSHER_CLUSTER: withDefault('eu', text, { description: 'realtime cluster name' }),
  PUSHER_HOST: optional(text, { default: "this server's gateway", description: 'host the API publishes realtime events to: hosted Pusher or soketi instead' }),
  PUSHER_PORT: optional(readPort, { default: "this server's gateway", description: 'port the API publishes realtime events to' }),
  PUSHER_USE_TLS: withDefault('0', readFlag, { description: '`1` publishes realtime events over https' }),
  APP_SECRET: optional(text, {
    default: `\`${DEV_APP_SECRET}\` (development and test only)`,
    description: 'signs the Google sign-in cookie and keys reset-code hashes',
    production: 'refused when unset or the development default',
  }),
  TRUST_PROXY: withDefault('0', readTrustProxy, {
    description:
      'proxy hops to trust: a number (`1` for one proxy), or addresses and CIDR ranges (`10.0.0.1,10.0.0.2`); `true` trusts every hop. Needed behind TLS termination for per-IP limits',
    production: '`true` refused (it lets any client choose its address): name the hops',
  }),
  SMTP_URL: optional(readUrl(['smtp', 'smtps']), {
    default: 'unset',
    description:
      '`smtp(s)://…` sends password-reset codes and notification emails; unset, they are written to the server log (`password reset code for <email>: <code>`, `email to <email>: <subject>`)',
    production: 'refused when unset (reset codes would only reach the log)',
  }),
  MAIL_FROM: withDefault('Earnly <no-reply@localhost>', text, { description: 'sender of those emails' }),
  GOOGLE_ISSUER: withDefault('https://accounts.google.com', readUrl(['https', 'http']), { description: 'OpenID Connect issuer for Google sign-in' }),
  GOOGLE_CLIENT_ID: optional(text, {
    default: 'unset (Google sign-in off)',
    description: 'OAuth client id; the redirect URI is `<origin>/api/auth/google/callback`',
  }),
  GOOGLE_CLIENT_SECRET: optional(text, { default: 'unset', description: 'OAuth client secret' }),
  RATE_LIMITS: withDefault(
    Object.entries(DEFAULT_RATE_LIMITS)
      .map(([name, limit]) => `${name}=${formatWindow(limit)}`)
      .join(','),
    (value) => readRateLimits(value, DEFAULT_RATE_LIMITS),
    {
      description:
        '`off`, or overrides of some of those windows, e.g. `login=3/1m` (`contact_ip`: contact form messages per IP; `two_factor_ip`: two-factor requests per IP; `two_factor_account`: wrong sign-in codes per account; `postback_refused`: refused, malformed and unknown-wall postback callbacks per IP, past it 429 and not stored; `telemetry_ip`: browser reports (`POST /api/telemetry`) per IP, past it 429 and not counted)',
    },
  ),
  CASHOUT_DAILY_LIMIT_DOLLARS: withDefault('500', readDollars, {
    description: 'the most one user may cash out per UTC day (pending and approved cashouts together)',
  }),
  POSTBACK_SECRETS: optional(readWallSecrets, {
    default: 'unset',
    description:
      '`wall:secret,wall2:secret2`: the keys partner walls sign their postbacks with (HMAC); in development a wall without one uses `dev-postback-secret`, in production its postbacks are refused',
  }),
  'POSTBACK_SECRET_<WALL>': perWall(text, {
    default: 'unset',
    description: "one wall's key, e.g. `POSTBACK_SECRET_BITLABS`; wins over `POSTBACK_SECRETS`",
  }),
  'POSTBACK_IPS_<WALL>': perWall(readAddressList, {
    default: "the wall's documented addresses in production; any elsewhere",
    description:
      "addresses or CIDR ranges a wall's callbacks must come from, comma-separated, or `any`; walls whose signature leaves part of the booking out (cpx, torox, lootably, adgate, revlum) are refused in production without one (lootably and revlum have no documented addresses, so they need this)",
  }),
  [RAIL_OF_METHOD_FAMILY]: z.record(z.string(), z.string()).default({}).register(envDocs, {
    default: `\`${DEFAULT_RAIL}\``,
    description: `the rail that pays a payout method (\`PAYOUT_RAIL_PAYPAL\`, \`PAYOUT_RAIL_VISA\`, …): ${railNames().map((name) => `\`${name}\``).join(', ')}. \`manual\`: an operator pays and marks it (\`ops cashouts:approve\`); \`simulated\`: pays nobody a few seconds later, for development (see [Cashouts](money.md#cashing-out))`,
    production: '`simulated` refused; an automatic rail refused without its required settings',
  }),
  [RAIL_SETTING_FAMILY]: z.record(z.string(), z.string()).default({}).register(envDocs, {
    default: "the provider's sandbox address for `BASE_URL`; otherwise unset",
    description: `a rail's provider address (\`BASE_URL\`: sandbox or live) and credentials: ${railSettingsDoc()}`,
  }),
  AUTO_PAYOUT_MAX_DOLLARS: withDefault('20', readDollars, {
    description: 'the largest cashout that may go to its rail without review (instant cashouts, see [Cashouts](money.md#cashing-out))',
  }),
  AUTO_PAYOUT_MIN_ACCOUNT_HOURS: withDefault('24', (value) => readWholeNumber(value, 6), {
    description: 'how many hours old an account must be for its cashouts to go without review',
  }),
  AUTO_PAYOUT_DAILY_DOLLARS: withDefault('50', readDollars, {
    description: "the most of one user's cashouts per UTC day that may go without review (the new one included)",
  }),
  PAYOUT_RETRY_LIMIT: withDefault('5', (value) => readCount(value, 3), {
    description: 'tries of a cashout whose provider could not be reached or answered an error, with growing waits (30 s doubling, at most 1 h), before it waits for an operator (`ops payouts:retry`)',
  }),
  POSTBACK_LOG_DAYS: withDefault('90', (value) => readCount(value, 6), { description: 'how many days every raw postback callback is kept' }),
  EARNING_HOLDS: withDefault(DEFAULT_EARNING_HOLDS_TEXT, readEarningHolds, {
    description:
      'which offer credits (postbacks, replays) are held before they can be cashed out, released by the server at their date: `large_credit=<dollars>/<days>d` (a single credit of at least that much), `reversals=<percent>%/<min>/<days>d` (every credit of a user more than that share of whose credits of the last 90 days were reversed, at least `<min>` of them), `<wall slug>=<days>d` (every credit of that wall); a credit takes the longest that applies; `off` holds nothing. Operator credits and accepted tickets are never held',
  }),
  TICKET_WAIT_HOURS: withDefault('24', (value) => readWholeNumber(value, 4), {
    description:
      'hours after starting an offer (for a partner wall\'s offer: from the day the user completed it) before its missing credit may be reported; `0` allows it at once',
  }),
  NOTIFICATION_DAYS: withDefault('90', (value) => readCount(value, 6), {
    description: "how many days a user's notifications are kept (and at most the newest 500 per user); older ones are pruned every 10 minutes",
  }),
  TELEMETRY_SAMPLE_RATE: withDefault('1', readSampleRate, {
    description:
      "share of browsers (0 to 1, e.g. `0.1`) that report remote loads, errors and Web Vitals to `POST /api/telemetry` ([telemetry.md](telemetry.md)); `0` turns reporting off. The built-in runtime config's `telemetry.sampleRate`; a RUNTIME_CONFIG_FILE sets its own",
  }),
  DEMO_WALLS: optional(readFlag, {
    default: '`1` in development and test, else `0`',
    description: 'serves the local demo offer wall at `/api/walls/<slug>`, which credits whoever completes a task: for development and demos only',
    production: 'refused when on',
  }),
  OFFERS_SEED_FILE: withDefault('api/data/offers.sample.json', text, {
    description: 'the offers catalog loaded at start while the offers table is empty; `off` skips it',
  }),
  LIVE_FEED_SIMULATION: optional(readFlag, {
    default: '`on` in development and test, else `off`',
    description: 'publish simulated live-feed entries while no real conversion comes (see [The live feed](money.md#the-live-feed))',
  }),
  LIVE_FEED_SIMULATION_GAP: withDefault('4s-9s', readDurationRange, {
    description: 'how long the feed stays quiet before a simulated entry: a random time in this range after the last entry, real or simulated',
  }),
  // Not blank-as-unset: an empty prefix is a choice (one site alone on its Redis).
  REDIS_PREFIX: valueOf(text).prefault('rewards:').register(envDocs, {
    default: '`rewards:`',
    description: "prefix of this site's Redis pub/sub channel and keys, so several sites (or test runs) can share one Redis",
  }),
  REALTIME_MAX_CONNECTIONS: withDefault(String(DEFAULT_GATEWAY_LIMITS.maxConnections), readCount, {
    description: "sockets one instance's gateway holds; more are refused (HTTP 503)",
  }),
  REALTIME_MAX_CONNECTIONS_PER_IP: withDefault(String(DEFAULT_GATEWAY_LIMITS.maxConnectionsPerIp), readCount, {
    description:
      'sockets one client address holds on one instance (read as `TRUST_PROXY` says); more are refused (HTTP 429). Raise it where many visitors share an address (offices, mobile carriers)',
  }),
  REALTIME_MAX_CHANNELS_PER_SOCKET: withDefault(String(DEFAULT_GATEWAY_LIMITS.maxChannelsPerSocket), readCount, {
    description: 'subscriptions one socket may hold',
  }),
  REALTIME_MAX_MESSAGE_BYTES: withDefault(String(DEFAULT_GATEWAY_LIMITS.maxMessageBytes), readCount, {
    description: 'the largest frame a client may send; a larger one closes its socket',
  }),
  REALTIME_MESSAGE_RATE: withDefault(formatWindow(DEFAULT_GATEWAY_LIMITS.messageRate), readMessageRate, {
    description: 'messages one socket may send per window; more close it (4301)',
  }),
  REALTIME_MAX_BUFFERED_BYTES: withDefault(String(DEFAULT_GATEWAY_LIMITS.maxBufferedBytes), readCount, {
    description: 'bytes waiting to be sent to one socket (a reader too slow) before the gateway drops it',
  }),
  REALTIME_ACTIVITY_TIMEOUT: withDefault(String(DEFAULT_GATEWAY_LIMITS.activityTimeoutMs / 1000), readCount, {
    description: "seconds of silence before the gateway pings a socket (also pusher-js's `activity_timeout`)",
  }),
  REALTIME_PONG_TIMEOUT: withDefault(String(DEFAULT_GATEWAY_LIMITS.pongTimeoutMs / 1000), readCount, {
    description: 'seconds a pinged socket has to answer before it is closed',
  }),
  REALTIME_FANOUT_THREADS: withDefault(String(DEFAULT_GATEWAY_LIMITS.fanOutThreads), (value) => readWholeNumber(value, 2), {
    description:
      "threads beside the main one that write an event to a channel of 256 sockets or more (each its share of the sockets); `0` writes from the main thread only. One fewer than the machine's cores is the most that helps",
  }),
  RELEASES_DIR: withDefault('./.releases', text, {
    description: 'published versions of the remotes and which one each serves (`pnpm release`, see [Releasing a remote](releasing.md))',
  }),
  CANARY_WATCH_MARGIN: withDefault('2', readPercentagePoints, {
    description:
      'percentage points a watched canary (`pnpm release <remote> --canary N --watch M`) may do worse than the current version on failed loads or errors before it is rolled back (surely worse: see [A canary that watches itself](releasing.md#a-canary-that-watches-itself)); read by `pnpm release` when the watch starts',
  }),
  CANARY_WATCH_MIN_LOADS: withDefault('100', (value) => readCount(value, 7), {
    description: 'loads of a watched canary needed before the watch rolls it back or promotes it; read by `pnpm release` when the watch starts',
  }),
  OPS_TOKEN: optional(readOpsToken, {
    default: 'unset: a generated `DATA_DIR/ops-token` (mode 0600) in development and test',
    description:
      "the token `pnpm ops` shows the running server's operator API (24–200 characters, e.g. `openssl rand -base64 32`); set the same value for the server and for `ops`. Without it production serves no operator API",
  }),
  OPS_SOCKET: optional(text, {
    default: '`DATA_DIR/ops.sock`',
    description: 'the unix socket of the operator API (mode 0600); at most 103 bytes long',
  }),
  OPS_OPERATOR: optional(text, { default: 'the OS user', description: 'read by `pnpm ops`: the operator name written into the audit log' }),
});

/** The environment as the schema reads it. */
export type Environment = z.output<typeof ENV_SCHEMA>;

type Env = Record<string, string | undefined>;

function readMessageRate(value: string): RateLimit {
  const rate = readWindow(value);
  if (!rate) throw new InvalidValue(`must look like 40/10s (messages per window; s, m or h), got "${value}"`);
  return rate;
}

/** The variables, with each `<PREFIX><WALL>` family gathered as { WALL: value } (blank values are unset). */
function environmentOf(env: Env): Record<string, unknown> {
  const gathered: Record<string, unknown> = { ...env };
  for (const [family, prefix] of Object.entries(PER_WALL_VARIABLES)) {
    const byWall: Record<string, string> = {};
    for (const [name, value] of Object.entries(env)) {
      const wall = name.startsWith(prefix) ? name.slice(prefix.length) : '';
      if (/^[A-Za-z0-9]+$/.test(wall) && value !== undefined && value.trim() !== '') byWall[wall] = value.trim();
    }
    gathered[family] = byWall;
  }
  gathered[RAIL_OF_METHOD_FAMILY] = railOfMethodVariables(env);
  gathered[RAIL_SETTING_FAMILY] = railSettingVariables(env);
  return gathered;
}

/** Bad values in the environment: one line per problem, each naming its variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

function problemOf(issue: z.core.$ZodIssue): string {
  const [family = '', wall] = issue.path.map(String);
  const name = wall === undefined ? family : family.replace('<WALL>', wall);
  const message = issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
  // Readers write either the words after the name ("must be …") or a detail (": "x" is not …").
  return message.startsWith(':') ? `${name}${message}` : `${name} ${message}`;
}

/** Reads and checks every variable; throws ConfigError naming each bad one. */
export function readEnvironment(env: Env = process.env): Environment {
  const gathered = environmentOf(env);
  const result = ENV_SCHEMA.safeParse(gathered);
  const problems = result.success ? [] : result.error.issues.map(problemOf);
  problems.push(...railVariableProblems(gathered[RAIL_OF_METHOD_FAMILY] as Record<string, string>, gathered[RAIL_SETTING_FAMILY] as Record<string, string>));
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  return result.data;
}

export function loadConfig(env: Env = process.env, repoRoot: string = findRepoRoot()): Config {
  return configOf(readEnvironment(env), repoRoot);
}

/** The configuration the code uses, from the environment the schema read. */
export function configOf(env: Environment, repoRoot: string): Config {
  const fromRoot = (path: string) => (isAbsolute(path) ? path : resolve(repoRoot, path));
  const production = isProduction(env.NODE_ENV);
  const wallIps = Object.entries(env['POSTBACK_IPS_<WALL>']).map(([wall, ips]) => [wall.toLowerCase(), ips] as const);
  const wallSecrets = Object.entries(env['POSTBACK_SECRET_<WALL>']).map(([wall, secret]) => [wall.toLowerCase(), secret] as const);
  return {
    port: env.PORT,
    host: hostOf(env),
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    repoRoot,
    dataDir: fromRoot(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    publicUrl: env.PUBLIC_URL,
    serveSite: env.SERVE_SITE,
    runtimeConfigFile: env.RUNTIME_CONFIG_FILE === undefined ? undefined : fromRoot(env.RUNTIME_CONFIG_FILE),
    pusher: {
      appId: env.PUSHER_APP_ID,
      key: env.PUSHER_KEY,
      secret: env.PUSHER_SECRET ?? DEV_PUSHER_SECRET,
      cluster: env.PUSHER_CLUSTER,
      host: env.PUSHER_HOST,
      port: env.PUSHER_PORT,
      useTLS: env.PUSHER_USE_TLS,
    },
    appSecret: env.APP_SECRET ?? DEV_APP_SECRET,
    trustProxy: env.TRUST_PROXY,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    google: { issuer: env.GOOGLE_ISSUER, clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET },
    rateLimits: env.RATE_LIMITS,
    cashoutDailyLimitCoins: env.CASHOUT_DAILY_LIMIT_DOLLARS,
    postbackSecrets: { ...env.POSTBACK_SECRETS, ...Object.fromEntries(wallSecrets) },
    postbackIps: Object.fromEntries(wallIps),
    postbackLogDays: env.POSTBACK_LOG_DAYS,
    earningHolds: env.EARNING_HOLDS,
    ticketWaitHours: env.TICKET_WAIT_HOURS,
    notificationDays: env.NOTIFICATION_DAYS,
    telemetrySampleRate: env.TELEMETRY_SAMPLE_RATE,
    demoWalls: env.DEMO_WALLS ?? !production,
    offersSeedFile: env.OFFERS_SEED_FILE.toLowerCase() === 'off' ? undefined : fromRoot(env.OFFERS_SEED_FILE),
    liveFeed: { simulation: env.LIVE_FEED_SIMULATION ?? !production, simulationGapMs: env.LIVE_FEED_SIMULATION_GAP },
    redisPrefix: env.REDIS_PREFIX,
    gateway: {
      maxConnections: env.REALTIME_MAX_CONNECTIONS,
      maxConnectionsPerIp: env.REALTIME_MAX_CONNECTIONS_PER_IP,
      maxChannelsPerSocket: env.REALTIME_MAX_CHANNELS_PER_SOCKET,
      maxMessageBytes: env.REALTIME_MAX_MESSAGE_BYTES,
      messageRate: env.REALTIME_MESSAGE_RATE,
      maxBufferedBytes: env.REALTIME_MAX_BUFFERED_BYTES,
      activityTimeoutMs: env.REALTIME_ACTIVITY_TIMEOUT * 1000,
      pongTimeoutMs: env.REALTIME_PONG_TIMEOUT * 1000,
      fanOutThreads: env.REALTIME_FANOUT_THREADS,
    },
    releasesDir: fromRoot(env.RELEASES_DIR),
    canaryWatch: { margin: env.CANARY_WATCH_MARGIN, minLoads: env.CANARY_WATCH_MIN_LOADS },
    opsToken: env.OPS_TOKEN,
    opsSocket: fromRoot(env.OPS_SOCKET ?? join(env.DATA_DIR, 'ops.sock')),
    payouts: {
      ...payoutRailsOf(env[RAIL_OF_METHOD_FAMILY], env[RAIL_SETTING_FAMILY]),
      instant: {
        maxCoins: env.AUTO_PAYOUT_MAX_DOLLARS,
        minAccountHours: env.AUTO_PAYOUT_MIN_ACCOUNT_HOURS,
        dailyCoins: env.AUTO_PAYOUT_DAILY_DOLLARS,
      },
      retryLimit: env.PAYOUT_RETRY_LIMIT,
    },
  };
}

function hostOf(env: Pick<Environment, 'HOST' | 'NODE_ENV'>): string {
  return env.HOST ?? (isProduction(env.NODE_ENV) ? PRODUCTION_HOST : DEVELOPMENT_HOST);
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether only this machine reaches an interface: 127.0.0.0/8, ::1 (IPv4-mapped too) or the name localhost. */
export function isLoopbackHost(host: string): boolean {
  const address = normaliseIp(host);
  if (address === 'localhost') return true;
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * What development must not do: listen where other machines reach it, since it accepts the public development
 * secrets (whoever reaches it could sign postbacks and mint coins). One line, or none; DEVELOPMENT_ON_NETWORK=1
 * allows it on purpose.
 */
export function developmentRefusals(env: Environment): string[] {
  const host = hostOf(env);
  if (isProduction(env.NODE_ENV) || env.DEVELOPMENT_ON_NETWORK || isLoopbackHost(host)) return [];
  return [
    `HOST=${host} lets other machines reach this server, but development mode accepts the public development secrets (whoever reaches it can sign postbacks and mint coins): run with NODE_ENV=production and secrets of your own, or leave HOST unset to serve this machine only (DEVELOPMENT_ON_NETWORK=1 allows it on purpose)`,
  ];
}

/** What the server logs at start about its mode: in development one line saying so, and a warning when others can reach it. */
export function developmentNotices(config: Pick<Config, 'nodeEnv' | 'host'>): Array<{ level: 'info' | 'warn'; message: string }> {
  if (isProduction(config.nodeEnv)) return [];
  const notices: Array<{ level: 'info' | 'warn'; message: string }> = [
    {
      level: 'info',
      message: `development mode (NODE_ENV=${config.nodeEnv}): its secrets are public, written in this repository, so it is for this machine only; set NODE_ENV=production and secrets of your own to serve others`,
    },
  ];
  if (!isLoopbackHost(config.host)) {
    notices.push({
      level: 'warn',
      message: `DEVELOPMENT_ON_NETWORK=1: development mode listens on HOST=${config.host}, where whoever reaches this machine can use its public secrets to sign postbacks and mint coins`,
    });
  }
  return notices;
}

/** `off`, or comma-separated `name=max/window` (window like 60s, 1m, 15m, 1h) over the defaults. */
export function parseRateLimits(value: string | undefined): RateLimits | 'off' {
  const result = ENV_SCHEMA.shape.RATE_LIMITS.safeParse(value);
  if (!result.success) throw new ConfigError(result.error.issues.map((issue) => problemOf({ ...issue, path: ['RATE_LIMITS'] })));
  return result.data;
}

/**
 * What production must not run with: one line per problem, naming the variable. Empty in development and
 * tests, whose fallbacks exist for a laptop (public secrets, a wall that credits anyone, codes in the log).
 */
export function productionRefusals(env: Environment): string[] {
  if (!isProduction(env.NODE_ENV)) return [];
  const problems: string[] = [];
  const secrets = [
    ['APP_SECRET', env.APP_SECRET, DEV_APP_SECRET, 'it signs sign-in cookies and keys reset codes'],
    ['PUSHER_SECRET', env.PUSHER_SECRET, DEV_PUSHER_SECRET, 'it signs realtime events'],
  ] as const;
  for (const [name, value, devDefault, why] of secrets) {
    if (value === undefined) problems.push(`${name} is missing: set a secret of your own (e.g. openssl rand -base64 32); ${why}`);
    else if (value === devDefault) problems.push(`${name} is the development default "${devDefault}": set a secret of your own; ${why}`);
  }
  if (env.DEMO_WALLS === true) problems.push('DEMO_WALLS is on: the demo offer wall credits whoever completes a task; unset it or set DEMO_WALLS=0');
  if (env.SMTP_URL === undefined) problems.push('SMTP_URL is missing: password-reset codes would only be written to the server log; set SMTP_URL=smtp(s)://…');
  if (env.TRUST_PROXY === true) {
    problems.push('TRUST_PROXY=true trusts every hop, so any client can choose its address: name the hops, a number (1 for one proxy) or the proxies\' addresses');
  }
  problems.push(...payoutRefusals(payoutRailsOf(env[RAIL_OF_METHOD_FAMILY], env[RAIL_SETTING_FAMILY])));
  return problems;
}
