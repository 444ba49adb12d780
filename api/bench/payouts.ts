// `pnpm bench:payouts`: request → paid for 500 instant cashouts, on the simulated rail (its provider in the
// process, paying at once: what the machinery itself adds) and on a stand-in provider over HTTP (the
// simulated rail's protocol, src/test/payout-stand-in.ts). Prints the median and p99 of each. The real server
// (buildApp, listening, its payout worker running as in production), on PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL is set. Options: --cashouts <n> (default 500), --only <pglite|postgres>.
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { cashouts, users } from '../src/db/schema';
import { appendLedgerEntry, verifyLedger } from '../src/modules/ledger/ledger';
import { createTestDatabase } from '../src/test/test-database';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AUTH_COOKIE } from '@rewards/shared/constants';

const CASHOUTS_PER_USER = 10;
const CONCURRENT_REQUESTS = 20;
const PAID_TIMEOUT_MS = 120_000;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const total = Number(option('cashouts') ?? 500);
if (!Number.isInteger(total) || total < CASHOUTS_PER_USER) throw new Error(`--cashouts must be a whole number of at least ${CASHOUTS_PER_USER}`);
const only = option('only');
if (only !== undefined && only !== 'pglite' && only !== 'postgres') throw new Error('--only is pglite or postgres');

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function register(base: string): Promise<string> {
  const password = 'bench password 1';
  const response = await fetch(`${base}/api/user/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: `payout-${randomBytes(6).toString('hex')}@example.com`, password, password_confirmation: password }),
  });
  const cookie = response.headers.getSetCookie().find((item) => item.startsWith(`${AUTH_COOKIE}=`));
  if (response.status !== 201 || !cookie) throw new Error(`sign-up failed: ${response.status}`);
  return cookie.slice(AUTH_COOKIE.length + 1).split(';')[0]!;
}

/** Runs `total` cashouts through a server on `env`; answers each one's request → paid in milliseconds. */
async function measure(env: Record<string, string>): Promise<number[]> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', RATE_LIMITS: 'off', LIVE_FEED_SIMULATION: 'off', OFFERS_SEED_FILE: 'off', ...env });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const tokens: string[] = [];
    for (let i = 0; i < total / CASHOUTS_PER_USER; i++) tokens.push(await register(base));
    const ids = (await database.db.select({ id: users.id }).from(users)).map((row) => row.id);
    for (const id of ids) await appendLedgerEntry(database.db, { userId: id, amountCoins: 50_000, kind: 'manual_credit', note: 'bench' });
    await database.db.update(users).set({ emailVerifiedAt: sql`now()`, createdAt: sql`now() - interval '2 days'` }).where(inArray(users.id, ids));

    const jobs = tokens.flatMap((token) => Array.from({ length: CASHOUTS_PER_USER }, (_, n) => ({ token, amount: `1.0${n}` })));
    const requestedAt = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENT_REQUESTS }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          const started = Date.now();
          const response = await fetch(`${base}/api/Cashout/Store`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${job.token}` },
            body: JSON.stringify({ wallet: 'paypal', amount: job.amount, account: 'bench@example.com' }),
          });
          const body = (await response.json()) as { data?: { cashout?: { id: number; status: string } } };
          const cashout = body.data?.cashout;
          if (response.status !== 200 || cashout?.status !== 'approved') throw new Error(`cashout not instant: ${response.status} ${JSON.stringify(body)}`);
          requestedAt.set(cashout.id, started);
        }
      }),
    );
    const deadline = Date.now() + PAID_TIMEOUT_MS;
    for (;;) {
      const [left] = await database.db.select({ value: sql`count(*)`.mapWith(Number) }).from(cashouts).where(sql`${cashouts.status} <> 'paid'`);
      if (left?.value === 0) break;
      if (Date.now() > deadline) throw new Error(`${left?.value} cashouts not paid within ${PAID_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const rows = await database.db.select({ id: cashouts.id, paidAt: cashouts.paidAt }).from(cashouts).where(eq(cashouts.status, 'paid'));
    const problems = await verifyLedger(database.db);
    if (problems.length > 0) throw new Error(`the ledger does not hold: ${JSON.stringify(problems.slice(0, 3))}`);
    return rows.map((row) => row.paidAt!.getTime() - requestedAt.get(row.id)!).sort((a, b) => a - b);
  } finally {
    await app.close();
    await database.close();
  }
}

function report(rail: string, latencies: readonly number[]) {
  console.log(`  ${rail.padEnd(44)} ${String(latencies.length).padStart(4)} paid   median ${percentile(latencies, 50)} ms   p99 ${percentile(latencies, 99)} ms`);
}

/** The stand-in provider in its own process (bench/payout-stand-in-process.ts), as a provider is remote. */
async function startStandInProcess(): Promise<{ url: string; stop(): void }> {
  const script = fileURLToPath(new URL('./payout-stand-in-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the stand-in exited (${code})`)));
  });
  return { url, stop: () => void child.kill('SIGTERM') };
}

async function benchDatabase(name: string) {
  console.log(`\n${name}: request -> paid of ${total} instant $1 PayPal cashouts (${CONCURRENT_REQUESTS} requests at a time)`);
  report('simulated rail (provider in process, pays at once)', await measure({ PAYOUT_RAIL_PAYPAL: 'simulated', PAYOUT_SIMULATED_DELAY_MS: '0' }));
  const standIn = await startStandInProcess();
  try {
    report('stand-in provider over HTTP (pays at once)', await measure({ PAYOUT_RAIL_PAYPAL: 'simulated', PAYOUT_SIMULATED_BASE_URL: standIn.url }));
  } finally {
    standIn.stop();
  }
}

const adminUrl = process.env.TEST_DATABASE_URL;
if (only !== 'postgres') {
  const saved = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  await benchDatabase('PGlite (embedded, the default)');
  if (saved !== undefined) process.env.TEST_DATABASE_URL = saved;
}
if (only !== 'pglite') {
  if (adminUrl) await benchDatabase('PostgreSQL (TEST_DATABASE_URL)');
  else console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL=postgres://… to measure it too)');
}
console.log('\nThe product promise is a median of 10 minutes or less; this is what the machinery adds.');
