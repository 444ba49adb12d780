import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repositoryRoot = path.resolve(__dirname, '..', '..');

export type RunningSite = { url: string; logFile: string; dataDir: string; process: ChildProcess };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The site exited with code ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The site did not become healthy within ${timeoutMs} ms`);
}

/**
 * Starts the whole site exactly as `pnpm start` does, with its own fresh database, on `port` (a free one when
 * not given: pass one when something must know the site's address before it starts).
 */
export async function startSite(extraEnv: Record<string, string> = {}, port?: number): Promise<RunningSite> {
  port ??= await freePort();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'earnly-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const logFile = path.join(workDir, 'site.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [path.join(repositoryRoot, 'scripts', 'start.mjs')], {
    cwd: repositoryRoot,
    // Its own releases folder too: remotes released on this machine must not change what the tests see.
    // Every test user signs up from this machine's address, so sign-ups per address are let through, and so
    // are the telemetry reports of every page the tests open.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, RELEASES_DIR: path.join(workDir, 'releases'), NODE_ENV: 'test', DATABASE_URL: '', RATE_LIMITS: 'register_ip=1000/1h,telemetry_ip=10000/1m', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://localhost:${port}`;
  try {
    await waitForHealth(url, child, 180_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${(error as Error).message}\n--- site log ---\n${readFileSync(logFile, 'utf8').slice(-4000)}`, { cause: error });
  }
  return { url, logFile, dataDir, process: child };
}

export async function stopSite(site: Pick<RunningSite, 'process'>): Promise<void> {
  if (site.process.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      site.process.kill('SIGKILL');
      resolve();
    }, 10_000);
    site.process.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    site.process.kill('SIGTERM');
  });
}

export function siteLog(site: Pick<RunningSite, 'logFile'>): string {
  return readFileSync(site.logFile, 'utf8');
}
