// `pnpm --filter @rewards/api bench:credits`: postback credits only, the part of `pnpm bench:api` that books
// money, with what it costs the database: distinct credits/s, server CPU per credit and, on PostgreSQL, the
// statements (round trips) the server sends per credit and per repeat, by statement. Then every credit again,
// twice at once (all must answer "already credited"), and every balance checked against what was sent.
// Options: --only <pglite|postgres> (PostgreSQL runs when TEST_DATABASE_URL is set), --credits <n> (default
// 3000), --cpu-prof <folder> (the server writes a V8 CPU profile there when it stops), --site <folder> (the
// server of another checkout, for a before/after), --statements (print the statements of a credit).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/db/schema';
import { verifyLedger } from '../src/modules/ledger/ledger';
import { findRepoRoot } from '../src/repo-root';
import { type BenchUser, catalogTargets, type Conversion, creditPath, newTxid, REFERRER_ADDRESS, referredOrNot, signUp, walletCoins } from './fixtures';
import { type BenchServer, benchEachDatabase, cpuMs, databaseCpuMs, startBenchServer } from './server';

const CONNECTIONS = 50;
const USERS = 100;
const WARM_UP_CREDITS = 300;
const COUNTER_MODULE = fileURLToPath(new URL('./count-statements.mjs', import.meta.url));

type Options = { only: string | undefined; credits: number; cpuProfileDir: string | undefined; site: string | undefined; statements: boolean };

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const only = value('only');
  if (only !== undefined && only !== 'pglite' && only !== 'postgres') throw new Error('--only is pglite or postgres');
  const credits = Number(value('credits') ?? 3000);
  if (!Number.isInteger(credits) || credits < 1) throw new Error('--credits must be a positive whole number');
  return { only, credits, cpuProfileDir: value('cpu-prof'), site: value('site'), statements: argv.includes('--statements') };
}

type Tally = { seconds: number; credited: number; duplicates: number; other: number; cpuMs: number | undefined; databaseCpuMs: number | undefined };

/**
 * Sends every path once, at full speed over CONNECTIONS connections; counts the answers, and the CPU the
 * server and, when `onPostgres` (a server on this machine), PostgreSQL spent on them.
 */
async function send(server: BenchServer, paths: readonly string[], onPostgres: boolean): Promise<Tally> {
  let next = 0;
  const tally: Tally = { seconds: 0, credited: 0, duplicates: 0, other: 0, cpuMs: undefined, databaseCpuMs: undefined };
  const cpuBefore = cpuMs(server.pid);
  const databaseCpuBefore = onPostgres ? databaseCpuMs() : undefined;
  // autocannon resolves on its next one-second tick after the last answer: the time runs to that answer.
  const started = process.hrtime.bigint();
  let lastAnswerAt = started;
  await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    amount: paths.length,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
        onResponse: (status, body) => {
          lastAnswerAt = process.hrtime.bigint();
          if (status === 200 && body.includes('Conversion credited.')) tally.credited += 1;
          else if (status === 200 && body.includes('Conversion already credited.')) tally.duplicates += 1;
          else tally.other += 1;
        },
      },
    ],
  });
  tally.seconds = Number(lastAnswerAt - started) / 1e9;
  const cpuAfter = cpuMs(server.pid);
  tally.cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  const databaseCpuAfter = databaseCpuBefore === undefined ? undefined : databaseCpuMs();
  tally.databaseCpuMs = databaseCpuBefore === undefined || databaseCpuAfter === undefined ? undefined : databaseCpuAfter - databaseCpuBefore;
  return tally;
}

type StatementCounts = Record<string, number>;

/** The server's running statement counts (count-statements.mjs writes them twice a second). */
async function statementCounts(file: string | undefined): Promise<StatementCounts | undefined> {
  if (!file) return undefined;
  await new Promise((resolve) => setTimeout(resolve, 1200));
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StatementCounts;
  } catch {
    return undefined;
  }
}

function countsBetween(before: StatementCounts | undefined, after: StatementCounts | undefined): StatementCounts | undefined {
  if (!before || !after) return undefined;
  const difference: StatementCounts = {};
  for (const [text, count] of Object.entries(after)) if (count - (before[text] ?? 0) > 0) difference[text] = count - (before[text] ?? 0);
  return difference;
}

const total = (counts: StatementCounts) => Object.values(counts).reduce((sum, count) => sum + count, 0);

function printStatements(label: string, counts: StatementCounts | undefined, per: number, all: boolean) {
  if (!counts) return;
  console.log(`  ${label}: ${(total(counts) / per).toFixed(2)} statements (round trips to PostgreSQL) each`);
  if (!all) return;
  for (const [text, count] of Object.entries(counts).sort((a, b) => b[1] - a[1])) console.log(`    ${(count / per).toFixed(2)}  ${text}`);
}

/** Credits of 1 to 50 cents, and one in ten of $10.00 or more: held by EARNING_HOLDS' default, so the bench books holds too. */
const coinsOf = (index: number) => (index % 10 === 9 ? 10_000 + 10 * (index % 50) : 10 * (1 + (index % 50)));

const conversionsFor = (users: readonly BenchUser[], targets: ReadonlyArray<{ offerId: string; eventId: string }>, count: number): Conversion[] =>
  Array.from({ length: count }, (_, index) => ({ userId: users[index % users.length]!.id, txid: newTxid(), coins: coinsOf(index), ...targets[index % targets.length]! }));

async function benchDatabase(name: string, repoRoot: string, databaseUrl: string | undefined, options: Options): Promise<void> {
  console.log(`\n${name}`);
  const countDir = databaseUrl ? await mkdtemp(join(tmpdir(), 'earnly-bench-statements-')) : undefined;
  const countFile = countDir ? join(countDir, 'counts.json') : undefined;
  const nodeArgs = [
    ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(options.cpuProfileDir)}`] : []),
    ...(countFile ? ['--import', COUNTER_MODULE] : []),
  ];
  if (countFile) process.env.BENCH_STATEMENT_COUNT_FILE = countFile;
  const server = await startBenchServer(repoRoot, databaseUrl, nodeArgs);
  try {
    const referrer = await signUp(server.url, undefined, REFERRER_ADDRESS);
    const users: BenchUser[] = [];
    for (let index = 0; index < USERS; index++) users.push(await signUp(server.url, ...referredOrNot(index, referrer)));
    const targets = await catalogTargets(server.url);
    const expected = new Map<number, number>();
    const warmUp = conversionsFor(users, targets, WARM_UP_CREDITS);
    const onPostgres = databaseUrl !== undefined;
    await send(server, warmUp.map(creditPath), onPostgres);

    const conversions = conversionsFor(users, targets, options.credits);
    const paths = conversions.map(creditPath);
    const beforeCredits = await statementCounts(countFile);
    const first = await send(server, paths, onPostgres);
    const afterCredits = await statementCounts(countFile);
    const repeats = await send(
      server,
      paths.flatMap((path) => [path, path]),
      onPostgres,
    );
    const afterRepeats = await statementCounts(countFile);

    for (const conversion of [...warmUp, ...conversions]) expected.set(conversion.userId, (expected.get(conversion.userId) ?? 0) + conversion.coins);
    let wrong = 0;
    for (const user of users) if ((await walletCoins(server.url, user)) !== (expected.get(user.id) ?? 0)) wrong += 1;

    const cpu = first.cpuMs === undefined ? 'n/a' : `${(first.cpuMs / first.credited).toFixed(2)} ms`;
    const databaseCpu = first.databaseCpuMs === undefined ? '' : ` + ${(first.databaseCpuMs / first.credited).toFixed(2)} ms PostgreSQL`;
    const repeatCpu = repeats.cpuMs === undefined ? 'n/a' : `${(repeats.cpuMs / (paths.length * 2)).toFixed(2)} ms`;
    console.log(`  ${(first.credited / first.seconds).toFixed(0)} distinct credits/s, ${cpu} server${databaseCpu} CPU each (${first.credited} of ${options.credits} credited, ${first.duplicates + first.other} other answers)`);
    console.log(`  each again, twice at once: ${repeats.duplicates} of ${paths.length * 2} answered "already credited" (${repeats.credited} credited, ${repeats.other} other), ${repeatCpu} server CPU each`);
    console.log(`  exactly once: ${wrong === 0 && repeats.credited === 0 ? 'yes' : 'NO'} (${wrong} of ${users.length} balances differ from their credits)`);
    if (databaseUrl) console.log(`  ledger verify: ${await ledgerMismatches(databaseUrl)} users whose balance differs from the sum of their ledger rows`);
    printStatements('per credit', countsBetween(beforeCredits, afterCredits), first.credited + first.duplicates + first.other, options.statements);
    printStatements('per repeat', countsBetween(afterCredits, afterRepeats), paths.length * 2, options.statements);
  } finally {
    await server.stop();
    if (countDir) await rm(countDir, { recursive: true, force: true });
  }
}

/** `pnpm ops ledger:verify` on the bench database: how many balances differ from their ledger rows (must be 0). */
async function ledgerMismatches(databaseUrl: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    return (await verifyLedger(drizzle({ client: pool, schema }))).length;
  } finally {
    await pool.end();
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const repoRoot = options.site ? resolve(options.site) : findRepoRoot();
  console.log(`Earnly postback credits: ${options.credits} distinct credits over ${USERS} users, ${CONNECTIONS} connections; server, load and database share ${availableParallelism()} cores.`);
  await benchEachDatabase(options.only, (name, databaseUrl) => benchDatabase(name, repoRoot, databaseUrl, options));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
