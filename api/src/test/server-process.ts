import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRepoRoot } from '../repo-root';
import { compiledEntries } from './compiled-entries';

export type ServerProcess = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the server wrote, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | NodeJS.Signals>;
  isRunning(): boolean;
  stop(): Promise<void>;
};

// A limit for a hung start, not a measure: 150 s was passed on a host whose every step ran three times slower than usual.
export const START_TIMEOUT_MS = 300_000;
/** A test (or hook) that starts a server process: the start's own limit, and time to check what it did. */
export const PROCESS_TEST_TIMEOUT_MS = START_TIMEOUT_MS + 30_000;

/** The least a production environment needs to start (no development secrets): tests add what they check. */
export const PRODUCTION_READY_ENV = {
  NODE_ENV: 'production',
  APP_SECRET: 'a-production-app-secret-of-some-length',
  PUSHER_SECRET: 'a-production-pusher-secret',
  SMTP_URL: 'smtp://127.0.0.1:1',
};

/**
 * The real `src/server.ts` in its own process (compiled as `pnpm start` runs it, without the site), on a free port
 * and a fresh database: PGlite in a temporary folder, or the given DATABASE_URL. For tests about what
 * only a whole process shows: that it survives hostile traffic, that another process can work beside it.
 */
export async function startServerProcess(env: Record<string, string> = {}, { nodeArgs = [] }: { nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'rewards-server-')));
  const ownsDataDir = env.DATA_DIR === undefined;
  const child = await spawnServer({ ...env, DATA_DIR: dataDir }, nodeArgs);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.on('exit', (code, signal) => {
      running = false;
      resolve(code ?? signal ?? 0);
    });
  });
  const cleanUp = () => (ownsDataDir ? rm(dataDir, { recursive: true, force: true }) : Promise.resolve());

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    const check = () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await cleanUp();
    throw error;
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    exited,
    isRunning: () => running,
    async stop() {
      if (running) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await cleanUp();
    },
  };
}

/** The server's environment: only what is given over a test baseline, never the environment of the test run. */
async function spawnServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<ChildProcess> {
  const { server } = await compiledEntries();
  return spawn(process.execPath, [...nodeArgs, '--enable-source-maps', server], {
    cwd: join(findRepoRoot(), 'api'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TMPDIR: process.env.TMPDIR ?? tmpdir(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      OFFERS_SEED_FILE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Runs the real server expecting it to end by itself (a refusal to start): its exit code and what it wrote on
 * stdout and stderr. Fails if it is still running after `timeoutMs` (it would then have started).
 */
export async function runServerToExit(env: Record<string, string>, timeoutMs = START_TIMEOUT_MS): Promise<{ code: number | NodeJS.Signals; stdout: string; stderr: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rewards-server-'));
  const child = await spawnServer({ DATA_DIR: dataDir, ...env });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const code = await new Promise<number | NodeJS.Signals>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`server still running after ${timeoutMs} ms:\n${stdout}${stderr}`));
      }, timeoutMs);
      child.on('exit', (exitCode, signal) => {
        clearTimeout(timer);
        resolve(exitCode ?? signal ?? 0);
      });
    });
    return { code, stdout, stderr };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
