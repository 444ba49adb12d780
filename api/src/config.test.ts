import { join } from 'node:path';
import {
  ConfigError,
  DEFAULT_GATEWAY_LIMITS,
  DEFAULT_RATE_LIMITS,
  DEV_APP_SECRET,
  DEV_PUSHER_SECRET,
  developmentNotices,
  developmentRefusals,
  isLoopbackHost,
  isProduction,
  loadConfig,
  parseRateLimits,
  productionRefusals,
  readEnvironment,
} from './config';
import { readRateLimits } from './config-values';

const root = join('/', 'srv', 'rewards');

describe('loadConfig', () => {
  it('has development defaults for everything', () => {
    const config = loadConfig({}, root);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      nodeEnv: 'development',
      dataDir: join(root, '.data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      serveSite: false,
      runtimeConfigFile: undefined,
    });
    expect(config.pusher).toMatchObject({ cluster: 'eu', host: undefined, port: undefined, useTLS: false });
  });

  it('resolves relative paths against the repository root and keeps absolute ones', () => {
    const config = loadConfig({ DATA_DIR: 'var/data', RUNTIME_CONFIG_FILE: join('/', 'etc', 'rc.json') }, root);
    expect(config.dataDir).toBe(join(root, 'var', 'data'));
    expect(config.runtimeConfigFile).toBe(join('/', 'etc', 'rc.json'));
  });

  it('reads flags and ports', () => {
    const config = loadConfig({ SERVE_SITE: '1', PORT: '3000', PUSHER_PORT: '6001', PUSHER_USE_TLS: 'true' }, root);
    expect(config).toMatchObject({ serveSite: true, port: 3000, pusher: expect.objectContaining({ port: 6001, useTLS: true }) });
  });

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, root)).toThrow('PORT must be a port number');
  });

  it('reads the canary watch rule in percentage points and loads', () => {
    expect(loadConfig({ CANARY_WATCH_MARGIN: '0.5', CANARY_WATCH_MIN_LOADS: '3' }, root).canaryWatch).toEqual({ margin: 0.005, minLoads: 3 });
    expect(loadConfig({ CANARY_WATCH_MARGIN: '0' }, root).canaryWatch.margin).toBe(0);
    expect(loadConfig({ CANARY_WATCH_MARGIN: '100' }, root).canaryWatch.margin).toBe(1);
    for (const margin of ['-1', '101', '2%', '0.125', 'two', '1e1']) {
      expect(() => loadConfig({ CANARY_WATCH_MARGIN: margin }, root)).toThrow(`CANARY_WATCH_MARGIN must be percentage points from 0 to 100 like 2 or 0.5, got "${margin}"`);
    }
    for (const loads of ['0', '-3', '1.5', '99999999']) {
      expect(() => loadConfig({ CANARY_WATCH_MIN_LOADS: loads }, root)).toThrow(`CANARY_WATCH_MIN_LOADS must be a whole number of at least 1, got "${loads}"`);
    }
  });

  it('reads the telemetry sample rate as a share from 0 to 1', () => {
    expect(loadConfig({ TELEMETRY_SAMPLE_RATE: '0.25' }, root).telemetrySampleRate).toBe(0.25);
    expect(loadConfig({ TELEMETRY_SAMPLE_RATE: '0' }, root).telemetrySampleRate).toBe(0);
    expect(loadConfig({ TELEMETRY_SAMPLE_RATE: '1.0' }, root).telemetrySampleRate).toBe(1);
    for (const wrong of ['1.5', '-0.1', 'half', '0.12345', 'NaN']) {
      expect(() => loadConfig({ TELEMETRY_SAMPLE_RATE: wrong }, root)).toThrow('TELEMETRY_SAMPLE_RATE must be a share from 0 to 1');
    }
  });
});

describe('account settings', () => {
  it('defaults: Google off, built-in rate limits, no SMTP, no proxy trusted', () => {
    const config = loadConfig({}, root);
    expect(config.google).toEqual({ issuer: 'https://accounts.google.com', clientId: undefined, clientSecret: undefined });
    expect(config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it('reads RATE_LIMITS overrides and off', () => {
    expect(parseRateLimits('login=3/1m, otp=2/30s')).toEqual({
      ...DEFAULT_RATE_LIMITS,
      login: { max: 3, windowMs: 60_000 },
      otp: { max: 2, windowMs: 30_000 },
    });
    expect(parseRateLimits('off')).toBe('off');
    expect(() => parseRateLimits('logins=3/1m')).toThrow('RATE_LIMITS: cannot read "logins=3/1m"');
  });

  it('reads TRUST_PROXY as a flag, a hop count or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }, root).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }, root).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }, root).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }, root).trustProxy).toBe('10.0.0.1,10.0.0.2');
  });
});

describe('live feed and realtime gateway settings', () => {
  it('simulates the feed by default outside production, and not in production unless LIVE_FEED_SIMULATION=on', () => {
    expect(loadConfig({}, root).liveFeed).toEqual({ simulation: true, simulationGapMs: { min: 4000, max: 9000 } });
    expect(loadConfig({ NODE_ENV: 'test' }, root).liveFeed.simulation).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }, root).liveFeed.simulation).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', LIVE_FEED_SIMULATION: 'on' }, root).liveFeed.simulation).toBe(true);
    expect(loadConfig({ LIVE_FEED_SIMULATION: 'off' }, root).liveFeed.simulation).toBe(false);
    expect(() => loadConfig({ LIVE_FEED_SIMULATION: 'sometimes' }, root)).toThrow('LIVE_FEED_SIMULATION must be on or off');
  });

  it('reads LIVE_FEED_SIMULATION_GAP as a range or one duration', () => {
    expect(loadConfig({ LIVE_FEED_SIMULATION_GAP: '200ms-1s' }, root).liveFeed.simulationGapMs).toEqual({ min: 200, max: 1000 });
    expect(loadConfig({ LIVE_FEED_SIMULATION_GAP: '7s' }, root).liveFeed.simulationGapMs).toEqual({ min: 7000, max: 7000 });
    for (const bad of ['9s-4s', '0s', 'soon', '5']) {
      expect(() => loadConfig({ LIVE_FEED_SIMULATION_GAP: bad }, root)).toThrow('LIVE_FEED_SIMULATION_GAP must be a duration or a range');
    }
  });

  it('has gateway limits that hold thousands of sockets, each overridable', () => {
    expect(loadConfig({}, root).gateway).toEqual(DEFAULT_GATEWAY_LIMITS);
    const gateway = loadConfig(
      {
        REALTIME_MAX_CONNECTIONS: '100',
        REALTIME_MAX_CONNECTIONS_PER_IP: '5',
        REALTIME_MAX_CHANNELS_PER_SOCKET: '3',
        REALTIME_MAX_MESSAGE_BYTES: '1024',
        REALTIME_MESSAGE_RATE: '10/1m',
        REALTIME_MAX_BUFFERED_BYTES: '65536',
        REALTIME_ACTIVITY_TIMEOUT: '30',
        REALTIME_PONG_TIMEOUT: '10',
        REALTIME_FANOUT_THREADS: '0',
      },
      root,
    ).gateway;
    expect(gateway).toEqual({
      maxConnections: 100,
      maxConnectionsPerIp: 5,
      maxChannelsPerSocket: 3,
      maxMessageBytes: 1024,
      messageRate: { max: 10, windowMs: 60_000 },
      maxBufferedBytes: 65536,
      activityTimeoutMs: 30_000,
      pongTimeoutMs: 10_000,
      fanOutThreads: 0,
    });
    expect(() => loadConfig({ REALTIME_MAX_CONNECTIONS: 'lots' }, root)).toThrow('REALTIME_MAX_CONNECTIONS must be a whole number');
    expect(() => loadConfig({ REALTIME_FANOUT_THREADS: '-1' }, root)).toThrow('REALTIME_FANOUT_THREADS must be a whole number');
    expect(() => loadConfig({ REALTIME_MESSAGE_RATE: '10 per second' }, root)).toThrow('REALTIME_MESSAGE_RATE must look like 40/10s');
  });

  it('prefixes Redis names with REDIS_PREFIX (rewards: by default)', () => {
    expect(loadConfig({}, root).redisPrefix).toBe('rewards:');
    expect(loadConfig({ REDIS_PREFIX: 'staging:' }, root).redisPrefix).toBe('staging:');
  });
});

describe('the schema', () => {
  it('reads every variable to the same Config as before, defaults included', () => {
    expect(loadConfig({}, root)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      nodeEnv: 'development',
      logLevel: 'info',
      repoRoot: root,
      dataDir: join(root, '.data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: undefined,
      serveSite: false,
      runtimeConfigFile: undefined,
      pusher: { appId: 'rewards-dev', key: 'rewards-dev-key', secret: DEV_PUSHER_SECRET, cluster: 'eu', host: undefined, port: undefined, useTLS: false },
      appSecret: DEV_APP_SECRET,
      trustProxy: false,
      smtpUrl: undefined,
      mailFrom: 'Earnly <no-reply@localhost>',
      google: { issuer: 'https://accounts.google.com', clientId: undefined, clientSecret: undefined },
      rateLimits: DEFAULT_RATE_LIMITS,
      cashoutDailyLimitCoins: 500_000,
      postbackSecrets: {},
      postbackIps: {},
      postbackLogDays: 90,
      ticketWaitHours: 24,
      earningHolds: { largeCredit: { minCoins: 10_000, days: 7 }, reversals: { percent: 10, minReversals: 5, days: 14 }, walls: {} },
      notificationDays: 90,
      telemetrySampleRate: 1,
      demoWalls: true,
      offersSeedFile: join(root, 'api', 'data', 'offers.sample.json'),
      liveFeed: { simulation: true, simulationGapMs: { min: 4000, max: 9000 } },
      redisPrefix: 'rewards:',
      gateway: DEFAULT_GATEWAY_LIMITS,
      releasesDir: join(root, '.releases'),
      canaryWatch: { margin: 0.02, minLoads: 100 },
      opsToken: undefined,
      opsSocket: join(root, '.data', 'ops.sock'),
      payouts: {
        rails: { stake: 'manual', visa: 'manual', paypal: 'manual', letcoin: 'manual', payeer: 'manual' },
        railConfigs: {
          manual: { baseUrl: '', values: {} },
          simulated: { baseUrl: '', values: {} },
          paypal: { baseUrl: 'https://api-m.sandbox.paypal.com', values: {} },
          tremendous: { baseUrl: expect.stringMatching(/^https:\/\/testflight\.tremendous\.com/), values: {} },
          coinbase: { baseUrl: 'https://sandbox.cdp.coinbase.com/platform', values: {} },
        },
        instant: { maxCoins: 20_000, minAccountHours: 24, dailyCoins: 50_000 },
        retryLimit: 5,
      },
    });
  });

  it('reads set values, trims them and treats blank as unset', () => {
    const config = loadConfig(
      {
        HOST: ' 127.0.0.1 ',
        LOG_LEVEL: 'WARN',
        DATABASE_URL: 'postgres://app:pw@db:5432/app',
        REDIS_URL: 'rediss://cache:6380',
        PUBLIC_URL: 'https://earnly.example',
        APP_SECRET: 'an-app-secret',
        PUSHER_SECRET: '   ',
        SMTP_URL: 'smtps://mail:pw@smtp.example:465',
        GOOGLE_CLIENT_ID: 'client',
        POSTBACK_SECRETS: 'demo:a, acme:b',
        POSTBACK_SECRET_ACME: 'c',
        POSTBACK_IPS_CPX: '188.40.3.73, 2a01:4f8:d0a:30ff::2/128',
        POSTBACK_IPS_TOROX: 'any',
        DATA_DIR: 'var/data',
        OPS_TOKEN: 'x'.repeat(32),
        OFFERS_SEED_FILE: 'OFF',
        REDIS_PREFIX: '',
      },
      root,
    );
    expect(config).toMatchObject({
      host: '127.0.0.1',
      logLevel: 'warn',
      databaseUrl: 'postgres://app:pw@db:5432/app',
      redisUrl: 'rediss://cache:6380',
      publicUrl: 'https://earnly.example',
      appSecret: 'an-app-secret',
      pusher: expect.objectContaining({ secret: DEV_PUSHER_SECRET }),
      smtpUrl: 'smtps://mail:pw@smtp.example:465',
      google: expect.objectContaining({ clientId: 'client' }),
      postbackSecrets: { demo: 'a', acme: 'c' },
      postbackIps: { cpx: ['188.40.3.73', '2a01:4f8:d0a:30ff::2/128'], torox: [] },
      opsToken: 'x'.repeat(32),
      opsSocket: join(root, 'var', 'data', 'ops.sock'),
      offersSeedFile: undefined,
      redisPrefix: '',
    });
  });

  it('names each bad variable on a line of its own, all at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: '70000', SERVE_SITE: 'maybe', LOG_LEVEL: 'loud', POSTBACK_LOG_DAYS: '0', POSTBACK_IPS_CPX: 'somewhere', TRUST_PROXY: '10.0.0.1,proxy' }, root);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a port number (0-65535), got "70000"',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
      'SERVE_SITE must be on or off (1/0, true/false, yes/no), got "maybe"',
      'TRUST_PROXY: "proxy" is not a hop count, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal',
      'POSTBACK_IPS_CPX: "somewhere" is not an IP address or CIDR range (or use "any")',
      'POSTBACK_LOG_DAYS must be a whole number of at least 1, got "0"',
    ]);
  });

  it('does not repeat secrets in its messages', () => {
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig(env, root);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    expect(messageOf({ DATABASE_URL: 'mysql://app:hunter2@db/app' })).toBe('DATABASE_URL must be a URL starting with postgres:// or postgresql://');
    expect(messageOf({ SMTP_URL: 'smtp//user:hunter2@mail' })).toBe('SMTP_URL must be a URL like smtp://host');
    expect(messageOf({ OPS_TOKEN: 'hunter2' })).not.toContain('hunter2');
    expect(messageOf({ POSTBACK_SECRETS: 'demo=hunter2' })).not.toContain('hunter2');
  });

  it('checks the wall of each POSTBACK_SECRET_<WALL> variable', () => {
    expect(() => loadConfig({ [`POSTBACK_SECRET_${'W'.repeat(33)}`]: 'key' }, root)).toThrow(
      `POSTBACK_SECRET_${'W'.repeat(33)}: the wall name must be 1 to 32 letters or digits`,
    );
  });

  it('keeps RATE_LIMITS open to new limits: a name in the defaults is a name it reads', () => {
    const withRegistration = { ...DEFAULT_RATE_LIMITS, register_ip: { max: 5, windowMs: 3_600_000 } };
    expect(readRateLimits('register_ip=2/1h', withRegistration)).toEqual({ ...withRegistration, register_ip: { max: 2, windowMs: 3_600_000 } });
  });
});

describe('production', () => {
  it('is any NODE_ENV but development and test, and turns the development fallbacks off', () => {
    expect(['development', 'test'].map(isProduction)).toEqual([false, false]);
    expect(['production', 'staging', 'prod', 'Development'].map(isProduction)).toEqual([true, true, true, true]);
    const staging = loadConfig({ NODE_ENV: 'staging' }, root);
    expect(staging.demoWalls).toBe(false);
    expect(staging.liveFeed.simulation).toBe(false);
  });

  const ready = { NODE_ENV: 'production', APP_SECRET: 'own-app-secret', PUSHER_SECRET: 'own-pusher-secret', SMTP_URL: 'smtp://mail.example' };
  const refusals = (env: Record<string, string>) => productionRefusals(readEnvironment(env));

  it('refuses nothing outside production, whatever the settings', () => {
    expect(refusals({ NODE_ENV: 'test', DEMO_WALLS: '1', TRUST_PROXY: 'true' })).toEqual([]);
    expect(refusals({})).toEqual([]);
  });

  it('refuses nothing when secrets, SMTP and proxy hops are set', () => {
    expect(refusals(ready)).toEqual([]);
    expect(refusals({ ...ready, TRUST_PROXY: '2', DEMO_WALLS: '0', LIVE_FEED_SIMULATION: 'on' })).toEqual([]);
    expect(refusals({ ...ready, TRUST_PROXY: '10.0.0.0/8,loopback' })).toEqual([]);
  });

  it.each([
    [{ APP_SECRET: '' }, /^APP_SECRET is missing/],
    [{ APP_SECRET: DEV_APP_SECRET }, /^APP_SECRET is the development default/],
    [{ PUSHER_SECRET: '' }, /^PUSHER_SECRET is missing/],
    [{ PUSHER_SECRET: DEV_PUSHER_SECRET }, /^PUSHER_SECRET is the development default/],
    [{ DEMO_WALLS: 'on' }, /^DEMO_WALLS is on/],
    [{ SMTP_URL: '' }, /^SMTP_URL is missing/],
    [{ TRUST_PROXY: 'true' }, /^TRUST_PROXY=true trusts every hop/],
  ])('refuses %j with one line naming it', (change, line) => {
    const problems = refusals({ ...ready, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(line);
  });
});

describe('development mode serves only this machine', () => {
  const refusals = (env: Record<string, string>) => developmentRefusals(readEnvironment(env));

  it('listens on 127.0.0.1 by default in development and test, on every interface in production', () => {
    expect([{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }, { HOST: '  ' }].map((env) => loadConfig(env, root).host)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1']);
    expect([{ NODE_ENV: 'production' }, { NODE_ENV: 'staging' }].map((env) => loadConfig(env, root).host)).toEqual(['0.0.0.0', '0.0.0.0']);
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }, root).host).toBe('10.0.0.5');
  });

  it('knows loopback interfaces from the ones other machines reach', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', 'localhost', 'LocalHost'].filter((host) => !isLoopbackHost(host))).toEqual([]);
    expect(['0.0.0.0', '::', '', '192.168.1.20', '10.0.0.1', 'fe80::1', '::2', '128.0.0.1', '127.0.0.1.evil', 'my-laptop.local', 'localhost.example'].filter(isLoopbackHost)).toEqual([]);
  });

  it('refuses a HOST other machines reach in development and test, with one line naming NODE_ENV=production and why', () => {
    const reachable: Array<Record<string, string>> = [{ HOST: '0.0.0.0' }, { HOST: '::', NODE_ENV: 'test' }, { HOST: '192.168.1.20', NODE_ENV: 'development' }];
    for (const env of reachable) {
      const problems = refusals(env);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(`HOST=${env.HOST} `);
      expect(problems[0]).toContain('NODE_ENV=production');
      expect(problems[0]).toContain('development mode accepts the public development secrets');
      expect(problems[0]).not.toContain('\n');
    }
  });

  it('allows loopback, production, and DEVELOPMENT_ON_NETWORK=1 on purpose', () => {
    expect(refusals({})).toEqual([]);
    expect(refusals({ HOST: '127.0.0.1' })).toEqual([]);
    expect(refusals({ HOST: 'localhost', NODE_ENV: 'test' })).toEqual([]);
    expect(refusals({ HOST: '0.0.0.0', NODE_ENV: 'production' })).toEqual([]);
    expect(refusals({ NODE_ENV: 'production' })).toEqual([]);
    expect(refusals({ HOST: '0.0.0.0', DEVELOPMENT_ON_NETWORK: '1' })).toEqual([]);
    expect(refusals({ HOST: '0.0.0.0', DEVELOPMENT_ON_NETWORK: '0' })).toHaveLength(1);
    expect(() => readEnvironment({ DEVELOPMENT_ON_NETWORK: 'please' })).toThrow('DEVELOPMENT_ON_NETWORK must be on or off');
  });

  it('says at start that development mode has public secrets, and warns every start when others can reach it', () => {
    const notices = (env: Record<string, string>) => developmentNotices(loadConfig(env, root));
    expect(notices({})).toEqual([{ level: 'info', message: expect.stringMatching(/^development mode \(NODE_ENV=development\): its secrets are public/) }]);
    expect(notices({ NODE_ENV: 'test' })[0]?.message).toContain('NODE_ENV=test');
    const onNetwork = notices({ HOST: '0.0.0.0', DEVELOPMENT_ON_NETWORK: '1' });
    expect(onNetwork.map((notice) => notice.level)).toEqual(['info', 'warn']);
    expect(onNetwork[1]!.message).toMatch(/^DEVELOPMENT_ON_NETWORK=1: development mode listens on HOST=0\.0\.0\.0/);
    expect(notices({ NODE_ENV: 'production' })).toEqual([]);
  });
});
