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

/**
 * Waits until the site answers its health check and its own log says it listens on `port`: between freePort()
 * and the site's listen another process can take the port (the test command runs many servers), and that
 * process's health answer must not pass for the site's.
 */
async function waitForHealth(url: string, port: number, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const ownListenLine = `listening on http://localhost:${port}"`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The site exited with code ${child.exitCode} before it was healthy`);
    try {
      if (readFileSync(logFile, 'utf8').includes(ownListenLine) && (await fetch(`${url}/api/health`)).ok) return;
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
  // A port taken by another process after freePort() chose it: the site cannot listen, so it starts on another.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startSiteOn(port ?? (await freePort()), extraEnv);
    } catch (error) {
      if (port !== undefined || attempt === 3 || !(error instanceof PortTaken)) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startSiteOn(port: number, extraEnv: Record<string, string>): Promise<RunningSite> {
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
    await waitForHealth(url, port, child, logFile, 180_000);
  } catch (error) {
    child.kill('SIGTERM');
    const siteLogTail = readFileSync(logFile, 'utf8').slice(-4000);
    const message = `${(error as Error).message}\n--- site log ---\n${siteLogTail}`;
    throw siteLogTail.includes('EADDRINUSE') ? new PortTaken(message, { cause: error }) : new Error(message, { cause: error });
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
