import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { dollarsToCoins } from '@rewards/shared/rules/money';
import { findRepoRoot } from './repo-root';

/**
 * Everything configurable comes from the environment. Defaults are for development only;
 * relative paths are resolved against the repository root.
 *
 * | Variable            | Default                 | Meaning                                                   |
 * |---------------------|-------------------------|-----------------------------------------------------------|
 * | PORT                | 8080                    | HTTP port (site, API and realtime gateway)                |
 * | HOST                | 0.0.0.0                 | interface to listen on                                    |
 * | NODE_ENV            | development             | `production` turns on production warnings                 |
 * | LOG_LEVEL           | info                    | pino level                                                |
 * | DATA_DIR            | ./.data                 | PGlite's data lives in DATA_DIR/pglite                    |
 * | DATABASE_URL        | (unset → PGlite)        | postgres://… to use PostgreSQL instead of PGlite          |
 * | REDIS_URL           | (unset → in-process)    | redis://… to fan realtime events out across instances     |
 * | PUBLIC_URL          | (unset)                 | the site's public origin, e.g. https://earnly.example     |
 * | SERVE_SITE          | 0                       | 1 serves the built shell and remotes from this server     |
 * | RUNTIME_CONFIG_FILE | (unset → built-in)      | JSON file served as /runtime-config.json, read per request|
 * | PUSHER_APP_ID       | rewards-dev (dev only)  | Pusher app id of the realtime service                     |
 * | PUSHER_KEY          | rewards-dev-key         | public key pusher-js connects with                        |
 * | PUSHER_SECRET       | rewards-dev-secret      | signs the HTTP events API; set a real one in production   |
 * | PUSHER_CLUSTER      | eu                      | cluster given to pusher-js                                |
 * | PUSHER_HOST         | (unset → this server)   | host the API publishes to (e.g. api-eu.pusher.com)        |
 * | PUSHER_PORT         | (unset → this server)   | port the API publishes to                                 |
 * | PUSHER_USE_TLS      | 0                       | 1 publishes over https                                    |
 * | APP_SECRET          | rewards-dev-app-secret  | signs short-lived cookies and keys OTP hashes; set in prod |
 * | TRUST_PROXY         | 0                       | proxy hops to trust (1 = one proxy), true, or addresses   |
 * | SMTP_URL            | (unset → server log)    | smtp(s)://user:pass@host:port for password reset emails   |
 * | MAIL_FROM           | Earnly <no-reply@localhost> | sender of those emails                                |
 * | GOOGLE_ISSUER       | https://accounts.google.com | OpenID Connect issuer for Google sign-in              |
 * | GOOGLE_CLIENT_ID    | (unset → Google off)    | OAuth client id; unset sends /?error=google_auth_failed   |
 * | GOOGLE_CLIENT_SECRET| (unset)                 | OAuth client secret                                       |
 * | RATE_LIMITS         | (built-in limits)       | `off`, or overrides like `login=10/1m,login_ip=30/1m`     |
 * | CASHOUT_DAILY_LIMIT_DOLLARS | 500             | most one user may cash out per UTC day (pending + approved) |
 * | POSTBACK_SECRETS    | (none)                  | `wall:secret,wall2:secret2`: keys of the walls' signed postbacks |
 * | POSTBACK_SECRET_<WALL> | (none)               | one wall's key, e.g. POSTBACK_SECRET_BITLABS (wins over the list) |
 * |                     |                         | without a key: `dev-postback-secret` outside production, refused (403) in production |
 * | POSTBACK_IPS_<WALL> | (wall's documented IPs in production, any elsewhere) | addresses/CIDRs a wall's callbacks must come from; `any` for none |
 * | POSTBACK_LOG_DAYS   | 90                      | days every raw postback callback is kept (postbacks:list, replay) |
 * | DEMO_WALLS          | 1, 0 in production      | serve the local demo offer wall at /api/walls/<slug> (it credits anyone) |
 * | OFFERS_SEED_FILE    | api/data/offers.sample.json | catalog loaded at start while the offers table is empty; `off` skips |
 * | LIVE_FEED_SIMULATION | on, off in production  | simulated live-feed entries while no real conversion comes (`on`/`off`) |
 * | LIVE_FEED_SIMULATION_GAP | 4s-9s              | quiet time after the last feed entry before a simulated one (random in range) |
 * | REDIS_PREFIX        | rewards:                | prefix of this site's Redis pub/sub channel and keys (several sites, one Redis) |
 * | REALTIME_MAX_CONNECTIONS | 20000              | sockets this instance's gateway holds at most                |
 * | REALTIME_MAX_CONNECTIONS_PER_IP | 100         | sockets one client address may hold on this instance         |
 * | REALTIME_MAX_CHANNELS_PER_SOCKET | 10         | subscriptions one socket may hold                            |
 * | REALTIME_MAX_MESSAGE_BYTES | 4096             | largest frame a client may send; larger closes the socket    |
 * | REALTIME_MESSAGE_RATE | 40/10s                | messages one socket may send per window; more closes it      |
 * | REALTIME_MAX_BUFFERED_BYTES | 1048576         | unsent bytes a socket may queue (a reader too slow) before it is closed |
 * | REALTIME_ACTIVITY_TIMEOUT | 120               | seconds of silence before the gateway pings a socket          |
 * | REALTIME_PONG_TIMEOUT | 30                    | seconds a pinged socket has to answer before it is closed    |
 * | RELEASES_DIR        | ./.releases             | published remote versions and which one each remote runs (pnpm release) |
 * | OPS_TOKEN           | (unset → DATA_DIR/ops-token in dev) | the operator API's token; without it production serves no operator API |
 * | OPS_SOCKET          | DATA_DIR/ops.sock       | the operator API's unix socket (`pnpm ops` runs commands in the running server through it) |
 * | OPS_OPERATOR        | (unset → the OS user)   | read by `pnpm ops`: the operator name in the audit log    |
 */
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
  demoWalls: boolean;
  /** Absolute path of the catalog seeded into an empty offers table; undefined when off. */
  offersSeedFile: string | undefined;
  liveFeed: LiveFeedConfig;
  /** Prefix of every Redis key and pub/sub channel of this site (REDIS_PREFIX). */
  redisPrefix: string;
  gateway: GatewayLimits;
  /** Absolute path of the folder of published remote versions and their release.json pointers. */
  releasesDir: string;
  /** OPS_TOKEN; unset: a generated development token file in DATA_DIR (none in production). */
  opsToken: string | undefined;
  /** Absolute path of the operator API's unix socket. */
  opsSocket: string;
};

export type GoogleConfig = {
  issuer: string;
  /** Unset: Google sign-in is off and its redirect answers with the failure redirect. */
  clientId: string | undefined;
  clientSecret: string | undefined;
};

/** A fixed window: at most `max` hits per `windowMs`. */
export type RateLimit = { max: number; windowMs: number };

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
  /** Contact form messages from one IP. */
  contact_ip: RateLimit;
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
  contact_ip: { max: 5, windowMs: 60 * 60_000 },
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

export const DEV_PUSHER_SECRET = 'rewards-dev-secret';
/** Development default only; server.ts warns when production runs with it. */
export const DEV_APP_SECRET = 'rewards-dev-app-secret';

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, repoRoot: string = findRepoRoot()): Config {
  const fromRoot = (path: string) => (isAbsolute(path) ? path : resolve(repoRoot, path));
  const optionalPort = env.PUSHER_PORT ? parsePort('PUSHER_PORT', env.PUSHER_PORT) : undefined;
  return {
    port: parsePort('PORT', env.PORT ?? '8080'),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    nodeEnv: nonEmpty(env.NODE_ENV) ?? 'development',
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    repoRoot,
    dataDir: fromRoot(nonEmpty(env.DATA_DIR) ?? './.data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    publicUrl: nonEmpty(env.PUBLIC_URL),
    serveSite: parseFlag(env.SERVE_SITE),
    runtimeConfigFile: env.RUNTIME_CONFIG_FILE ? fromRoot(env.RUNTIME_CONFIG_FILE) : undefined,
    pusher: {
      appId: nonEmpty(env.PUSHER_APP_ID) ?? 'rewards-dev',
      key: nonEmpty(env.PUSHER_KEY) ?? 'rewards-dev-key',
      secret: nonEmpty(env.PUSHER_SECRET) ?? DEV_PUSHER_SECRET,
      cluster: nonEmpty(env.PUSHER_CLUSTER) ?? 'eu',
      host: nonEmpty(env.PUSHER_HOST),
      port: optionalPort,
      useTLS: parseFlag(env.PUSHER_USE_TLS),
    },
    appSecret: nonEmpty(env.APP_SECRET) ?? DEV_APP_SECRET,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Earnly <no-reply@localhost>',
    google: {
      issuer: nonEmpty(env.GOOGLE_ISSUER) ?? 'https://accounts.google.com',
      clientId: nonEmpty(env.GOOGLE_CLIENT_ID),
      clientSecret: nonEmpty(env.GOOGLE_CLIENT_SECRET),
    },
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    cashoutDailyLimitCoins: parseDollarAmount('CASHOUT_DAILY_LIMIT_DOLLARS', env.CASHOUT_DAILY_LIMIT_DOLLARS, '500'),
    postbackSecrets: parsePostbackSecrets(env),
    postbackIps: parsePostbackIps(env),
    postbackLogDays: parsePositiveInteger('POSTBACK_LOG_DAYS', env.POSTBACK_LOG_DAYS, 90),
    demoWalls: env.DEMO_WALLS === undefined || env.DEMO_WALLS.trim() === '' ? nonEmpty(env.NODE_ENV) !== 'production' : parseFlag(env.DEMO_WALLS),
    offersSeedFile: nonEmpty(env.OFFERS_SEED_FILE)?.toLowerCase() === 'off' ? undefined : fromRoot(nonEmpty(env.OFFERS_SEED_FILE) ?? 'api/data/offers.sample.json'),
    liveFeed: parseLiveFeedConfig(env),
    redisPrefix: env.REDIS_PREFIX ?? 'rewards:',
    gateway: parseGatewayLimits(env),
    releasesDir: fromRoot(nonEmpty(env.RELEASES_DIR) ?? './.releases'),
    opsToken: parseOpsToken(env.OPS_TOKEN),
    opsSocket: fromRoot(nonEmpty(env.OPS_SOCKET) ?? join(nonEmpty(env.DATA_DIR) ?? './.data', 'ops.sock')),
  };
}

/** A wall's slug: its lowercase partner name, letters and digits (it is also an env variable suffix). */
export const WALL_SLUG = /^[a-z0-9]{1,32}$/;

/** POSTBACK_SECRETS (`demo:xxx,offery:yyy`), then POSTBACK_SECRET_<WALL> variables, which win. */
export function parsePostbackSecrets(env: Env): Record<string, string> {
  const secrets: Record<string, string> = {};
  const add = (source: string, wall: string, secret: string) => {
    if (!WALL_SLUG.test(wall)) throw new Error(`${source}: "${wall}" is not a wall slug (lowercase letters and digits)`);
    if (secret === '') throw new Error(`${source}: the secret of wall "${wall}" is empty`);
    secrets[wall] = secret;
  };
  for (const part of (nonEmpty(env.POSTBACK_SECRETS) ?? '').split(',').map((item) => item.trim()).filter(Boolean)) {
    const colon = part.indexOf(':');
    if (colon < 1) throw new Error('POSTBACK_SECRETS: expected wall:secret pairs separated by commas, like demo:xxx,offery:yyy');
    add('POSTBACK_SECRETS', part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim());
  }
  for (const [name, value] of Object.entries(env)) {
    const match = /^POSTBACK_SECRET_([A-Za-z0-9]+)$/.exec(name);
    if (match?.[1] && nonEmpty(value)) add(name, match[1].toLowerCase(), value!.trim());
  }
  return secrets;
}

/** POSTBACK_IPS_<WALL>: comma-separated addresses or CIDR ranges, or `any`. */
export function parsePostbackIps(env: Env): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = /^POSTBACK_IPS_([A-Za-z0-9]+)$/.exec(name);
    const text = nonEmpty(value);
    if (!match?.[1] || text === undefined) continue;
    const entries = text.toLowerCase() === 'any' ? [] : text.split(',').map((item) => item.trim()).filter(Boolean);
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address);
      const maxBits = family === 4 ? 32 : 128;
      if (family === 0 || (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > maxBits))) {
        throw new Error(`${name}: "${entry}" is not an IP address or CIDR range (or use "any")`);
      }
    }
    lists[match[1].toLowerCase()] = entries;
  }
  return lists;
}

function parsePositiveInteger(name: string, value: string | undefined, fallback: number): number {
  const text = nonEmpty(value);
  if (text === undefined) return fallback;
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) throw new Error(`${name} must be a whole number of at least 1, got "${text}"`);
  return Number(text);
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  const text = nonEmpty(value);
  if (text === undefined || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

const DURATION_UNITS_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** `off`, or comma-separated `name=max/window` (window like 60s, 1m, 15m, 1h) over the defaults. */
export function parseRateLimits(value: string | undefined): RateLimits | 'off' {
  const text = nonEmpty(value);
  if (text === undefined) return DEFAULT_RATE_LIMITS;
  if (text.toLowerCase() === 'off') return 'off';
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  for (const part of text.split(',').map((item) => item.trim()).filter(Boolean)) {
    const match = /^(\w+)=(\d+)\/(\d+)([smh])$/.exec(part);
    const name = match?.[1];
    if (!match || !name || !(name in limits)) {
      throw new Error(
        `RATE_LIMITS: cannot read "${part}"; expected off or name=max/window with name one of ${Object.keys(limits).join(', ')} and window like 60s, 1m or 1h`,
      );
    }
    limits[name as keyof RateLimits] = { max: Number(match[2]), windowMs: Number(match[3]) * (DURATION_UNITS_MS[match[4] ?? 's'] ?? 1000) };
  }
  return limits;
}

/** A positive dollar amount (at most 3 decimals) as integer coins, e.g. "500" → 500000. */
function parseDollarAmount(name: string, value: string | undefined, fallback: string): number {
  const text = nonEmpty(value) ?? fallback;
  const coins = dollarsToCoins(text);
  if (coins === null || coins <= 0) throw new Error(`${name} must be a positive amount of dollars like 500 or 99.50, got "${text}"`);
  return coins;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function parseFlag(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

function parsePort(name: string, value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number (0-65535), got "${value}"`);
  }
  return port;
}

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
};

function parseLiveFeedConfig(env: Env): LiveFeedConfig {
  const flag = nonEmpty(env.LIVE_FEED_SIMULATION)?.toLowerCase();
  if (flag !== undefined && !['on', 'off', '1', '0', 'true', 'false'].includes(flag)) {
    throw new Error(`LIVE_FEED_SIMULATION must be on or off, got "${env.LIVE_FEED_SIMULATION}"`);
  }
  const simulation = flag === undefined ? nonEmpty(env.NODE_ENV) !== 'production' : parseFlag(flag);
  return { simulation, simulationGapMs: parseDurationRange('LIVE_FEED_SIMULATION_GAP', env.LIVE_FEED_SIMULATION_GAP ?? '4s-9s') };
}

/** `4s-9s`, `500ms-2s`, or one duration (`7s`) for a fixed gap. */
export function parseDurationRange(name: string, value: string): { min: number; max: number } {
  const [minText, maxText = minText] = value.split('-').map((part) => part.trim());
  const min = parseDuration(minText ?? '');
  const max = parseDuration(maxText ?? '');
  if (min === undefined || max === undefined || min <= 0 || min > max) {
    throw new Error(`${name} must be a duration or a range like 4s-9s (units ms, s, m), got "${value}"`);
  }
  return { min, max };
}

function parseDuration(text: string): number | undefined {
  const match = /^(\d+)(ms|s|m)$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * ({ ms: 1, s: 1000, m: 60_000 } as const)[match[2] as 'ms' | 's' | 'm'];
}

function parseGatewayLimits(env: Env): GatewayLimits {
  const defaults = DEFAULT_GATEWAY_LIMITS;
  const count = (name: string, fallback: number) => {
    const text = nonEmpty(env[name]);
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`${name} must be a whole number of at least 1, got "${text}"`);
    return Number(text);
  };
  const rateText = nonEmpty(env.REALTIME_MESSAGE_RATE);
  const rate = rateText === undefined ? undefined : /^(\d+)\/(\d+)([smh])$/.exec(rateText);
  if (rateText !== undefined && (!rate || Number(rate[1]) < 1 || Number(rate[2]) < 1)) {
    throw new Error(`REALTIME_MESSAGE_RATE must look like 40/10s (messages per window; s, m or h), got "${rateText}"`);
  }
  return {
    maxConnections: count('REALTIME_MAX_CONNECTIONS', defaults.maxConnections),
    maxConnectionsPerIp: count('REALTIME_MAX_CONNECTIONS_PER_IP', defaults.maxConnectionsPerIp),
    maxChannelsPerSocket: count('REALTIME_MAX_CHANNELS_PER_SOCKET', defaults.maxChannelsPerSocket),
    maxMessageBytes: count('REALTIME_MAX_MESSAGE_BYTES', defaults.maxMessageBytes),
    messageRate: rate
      ? { max: Number(rate[1]), windowMs: Number(rate[2]) * (DURATION_UNITS_MS[rate[3] ?? 's'] ?? 1000) }
      : defaults.messageRate,
    maxBufferedBytes: count('REALTIME_MAX_BUFFERED_BYTES', defaults.maxBufferedBytes),
    activityTimeoutMs: count('REALTIME_ACTIVITY_TIMEOUT', defaults.activityTimeoutMs / 1000) * 1000,
    pongTimeoutMs: count('REALTIME_PONG_TIMEOUT', defaults.pongTimeoutMs / 1000) * 1000,
  };
}

/** A token an operator can type and a header can carry: 24 to 200 URL-safe characters. */
export const OPS_TOKEN_FORMAT = /^[A-Za-z0-9._~+/=-]{24,200}$/;

function parseOpsToken(value: string | undefined): string | undefined {
  const token = nonEmpty(value);
  if (token !== undefined && !OPS_TOKEN_FORMAT.test(token)) {
    throw new Error('OPS_TOKEN must be 24 to 200 characters of letters, digits and ._~+/=- (e.g. openssl rand -base64 32)');
  }
  return token;
}
