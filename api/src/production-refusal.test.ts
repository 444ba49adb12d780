import { DEV_APP_SECRET, DEV_PUSHER_SECRET } from './config';
import { PRODUCTION_READY_ENV, runServerToExit, PROCESS_TEST_TIMEOUT_MS, startServerProcess } from './test/server-process';

// The real server process (src/server.ts) with a production environment: it must refuse development settings
// before it opens anything, one line per problem on stderr, naming the variable, and exit non-zero.


const lines = (text: string) => text.split('\n').filter(Boolean);

describe('the server in production', () => {
  it(
    'refuses to start with missing secrets, demo walls on, reset codes only in the log and TRUST_PROXY=true',
    async () => {
      const { code, stdout, stderr } = await runServerToExit({ NODE_ENV: 'production', DEMO_WALLS: '1', TRUST_PROXY: 'true' });
      expect(code).toBe(1);
      expect(lines(stderr)).toEqual([
        'APP_SECRET is missing: set a secret of your own (e.g. openssl rand -base64 32); it signs sign-in cookies and keys reset codes',
        'PUSHER_SECRET is missing: set a secret of your own (e.g. openssl rand -base64 32); it signs realtime events',
        'DEMO_WALLS is on: the demo offer wall credits whoever completes a task; unset it or set DEMO_WALLS=0',
        'SMTP_URL is missing: password-reset codes would only be written to the server log; set SMTP_URL=smtp(s)://…',
        "TRUST_PROXY=true trusts every hop, so any client can choose its address: name the hops, a number (1 for one proxy) or the proxies' addresses",
      ]);
      expect(stdout).not.toContain('listening');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'counts any NODE_ENV other than development and test as production, and refuses the development secrets',
    async () => {
      const { code, stderr } = await runServerToExit({ ...PRODUCTION_READY_ENV, NODE_ENV: 'staging', APP_SECRET: DEV_APP_SECRET, PUSHER_SECRET: DEV_PUSHER_SECRET });
      expect(code).toBe(1);
      expect(lines(stderr)).toEqual([
        `APP_SECRET is the development default "${DEV_APP_SECRET}": set a secret of your own; it signs sign-in cookies and keys reset codes`,
        `PUSHER_SECRET is the development default "${DEV_PUSHER_SECRET}": set a secret of your own; it signs realtime events`,
      ]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'starts with its own secrets, SMTP, no demo walls and named proxy hops',
    async () => {
      const server = await startServerProcess({ ...PRODUCTION_READY_ENV, TRUST_PROXY: '1', DEMO_WALLS: '0' });
      try {
        const health = await fetch(`${server.url}/api/health`);
        expect(health.status).toBe(200);
        expect(server.output()).not.toContain('development default');
      } finally {
        await server.stop();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('the server with a bad value', () => {
  it(
    'exits 1 with one line per bad variable, in development too',
    async () => {
      const { code, stderr } = await runServerToExit({ NODE_ENV: 'development', PORT: 'eighty', REDIS_URL: 'http://cache:6379', LIVE_FEED_SIMULATION: 'sometimes' });
      expect(code).toBe(1);
      expect(lines(stderr)).toEqual([
        'PORT must be a port number (0-65535), got "eighty"',
        'REDIS_URL must be a URL starting with redis:// or rediss://',
        'LIVE_FEED_SIMULATION must be on or off (1/0, true/false, yes/no), got "sometimes"',
      ]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
