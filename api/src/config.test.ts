import { join } from 'node:path';
import { DEFAULT_GATEWAY_LIMITS, DEFAULT_RATE_LIMITS, loadConfig, parseRateLimits } from './config';

const root = join('/', 'srv', 'rewards');

describe('loadConfig', () => {
  it('has development defaults for everything', () => {
    const config = loadConfig({}, root);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
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
    });
    expect(() => loadConfig({ REALTIME_MAX_CONNECTIONS: 'lots' }, root)).toThrow('REALTIME_MAX_CONNECTIONS must be a whole number');
    expect(() => loadConfig({ REALTIME_MESSAGE_RATE: '10 per second' }, root)).toThrow('REALTIME_MESSAGE_RATE must look like 40/10s');
  });

  it('prefixes Redis names with REDIS_PREFIX (rewards: by default)', () => {
    expect(loadConfig({}, root).redisPrefix).toBe('rewards:');
    expect(loadConfig({ REDIS_PREFIX: 'staging:' }, root).redisPrefix).toBe('staging:');
  });
});
