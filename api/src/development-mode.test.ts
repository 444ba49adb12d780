import { runServerToExit, PROCESS_TEST_TIMEOUT_MS, startServerProcess } from './test/server-process';

// The real server process (src/server.ts) in development mode: its secrets are public, so it serves only this
// machine unless told otherwise on purpose.

const lines = (text: string) => text.split('\n').filter(Boolean);
const logLines = (output: string) =>
  lines(output).flatMap((line) => {
    try {
      return [JSON.parse(line) as { level: number; msg: string }];
    } catch {
      return [];
    }
  });

describe('the server in development mode', () => {
  it(
    'refuses a HOST other machines reach: exit 1 and one line naming NODE_ENV=production and why, before it opens anything',
    async () => {
      const { code, stdout, stderr } = await runServerToExit({ NODE_ENV: 'development', HOST: '0.0.0.0' });
      expect(code).toBe(1);
      expect(lines(stderr)).toHaveLength(1);
      expect(stderr).toContain('HOST=0.0.0.0');
      expect(stderr).toContain('NODE_ENV=production');
      expect(stderr).toContain('development mode accepts the public development secrets');
      expect(stdout).not.toContain('listening');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'says at start that it is development mode and that its secrets are public',
    async () => {
      // A blank HOST is unset: the default, this machine only.
      const server = await startServerProcess({ NODE_ENV: 'development', HOST: '' });
      try {
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        const logged = logLines(server.output());
        expect(logged.filter((line) => line.msg.startsWith('development mode'))).toEqual([
          expect.objectContaining({ level: 30, msg: expect.stringContaining('its secrets are public') }),
        ]);
        expect(logged.some((line) => line.level >= 40)).toBe(false);
      } finally {
        await server.stop();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'listens on every interface with DEVELOPMENT_ON_NETWORK=1, with a warning line at start',
    async () => {
      const server = await startServerProcess({ NODE_ENV: 'development', HOST: '0.0.0.0', DEVELOPMENT_ON_NETWORK: '1' });
      try {
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        const warnings = logLines(server.output()).filter((line) => line.level === 40);
        expect(warnings.map((line) => line.msg)).toEqual([expect.stringMatching(/^DEVELOPMENT_ON_NETWORK=1: development mode listens on HOST=0\.0\.0\.0/)]);
      } finally {
        await server.stop();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
