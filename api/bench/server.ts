import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { staleReason } from '../../tools/build-stamp/build-stamp.cjs';

/** `verificationCode(email)`: the email verification code the server mailed to `email` at sign-up (a first cashout needs it verified). */
export type BenchServer = { url: string; pid: number; stop(): Promise<void>; verificationCode(email: string): Promise<string> };

/** An SMTP server in this process that keeps the verification codes the bench server mails. */
async function startCodeCapture() {
  const codes = new Map<string, string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const code = /email verification code is (\d{6})/.exec(raw)?.[1];
        for (const recipient of session.envelope.rcptTo) if (code) codes.set(recipient.address, code);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    async codeFor(email: string): Promise<string> {
      for (let waited = 0; waited < 10_000; waited += 20) {
        const code = codes.get(email);
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no verification code was mailed to ${email}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const POSTBACK_SECRET = 'bench-postback-secret';
const START_TIMEOUT_MS = 240_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** The API as `pnpm start` runs it, compiled to api/dist/server.js: built first when missing or older than its sources. */
async function ensureCompiledServer(repoRoot: string): Promise<void> {
  const reason = staleReason(join(repoRoot, 'api', 'dist'), repoRoot, 'server.js');
  if (reason === null) return;
  console.log(`bench: building the API (${reason})`);
  const child = spawn(process.execPath, ['scripts/build.mjs'], { cwd: join(repoRoot, 'api'), stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the API build failed (exit ${code})`);
}

/**
 * The server as `pnpm start` runs it (the whole site: SERVE_SITE=1) in production mode, on a fresh
 * database: PGlite in a temporary folder, or `databaseUrl`. Rate limits are off: the benchmark signs up
 * its users from one address.
 */
export async function startBenchServer(repoRoot: string, databaseUrl?: string, nodeArgs: readonly string[] = []): Promise<BenchServer> {
  await ensureCompiledServer(repoRoot);
  const port = await freePort();
  const workDir = await mkdtemp(join(tmpdir(), 'earnly-bench-'));
  const mail = await startCodeCapture();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', 'dist/server.js'], {
    cwd: join(repoRoot, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_SITE: '1',
      DATA_DIR: join(workDir, 'data'),
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: '',
      RATE_LIMITS: 'off',
      // Sign-ups come from many addresses (fixtures.ts), as they would through a proxy.
      TRUST_PROXY: '127.0.0.1',
      APP_SECRET: randomBytes(16).toString('hex'),
      PUSHER_SECRET: randomBytes(16).toString('hex'),
      // Production refuses to start without one; the bench keeps the verification codes (cashOut needs them).
      SMTP_URL: mail.url,
      POSTBACK_SECRET_DEMO: POSTBACK_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(workDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode}) before it was healthy:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not healthy within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stopAll = async () => {
    await stop();
    await mail.close();
  };
  return { url, pid: child.pid!, stop: stopAll, verificationCode: mail.codeFor };
}

/** A process and all its descendants (Linux /proc). */
function processTree(pid: number): number[] {
  const tree: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const id = pending.pop()!;
    tree.push(id);
    pending.push(
      ...readFileSync(`/proc/${id}/task/${id}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number),
    );
  }
  return tree;
}

/** Resident memory of a process and its descendants, in bytes; undefined without Linux /proc. */
export function treeRss(pid: number): number | undefined {
  try {
    return processTree(pid).reduce((sum, id) => sum + Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) * 1024, 0);
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used, in milliseconds; undefined without Linux /proc. */
export function cpuMs(pid: number): number | undefined {
  try {
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in clock ticks (100/s).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * CPU used so far by the PostgreSQL processes of this machine (its server, when the benchmark's database runs
 * here; undefined when none is seen). Backends that exit take their share with them: read it while the
 * server's pool holds its connections.
 */
export function databaseCpuMs(): number | undefined {
  let total: number | undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (command !== 'postgres') continue;
    const used = cpuMs(Number(entry));
    if (used !== undefined) total = (total ?? 0) + used;
  }
  return total;
}

/** A PostgreSQL database made for one benchmark run on the server of `adminUrl`, dropped by `drop`. */
export async function createBenchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `earnly_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/**
 * Runs one benchmark on the embedded PGlite and, when TEST_DATABASE_URL is set, on a PostgreSQL database made
 * for it and dropped afterwards; `only` limits it to one of them.
 */
export async function benchEachDatabase(
  only: string | undefined,
  bench: (name: string, databaseUrl: string | undefined) => Promise<void>,
): Promise<void> {
  if (only !== 'postgres') await bench('PGlite (embedded, the default)', undefined);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (only === 'pglite') return;
  if (!adminUrl) {
    console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL=postgres://… to measure it too)');
    return;
  }
  const database = await createBenchDatabase(adminUrl);
  try {
    await bench('PostgreSQL (TEST_DATABASE_URL)', database.url);
  } finally {
    await database.drop();
  }
}
