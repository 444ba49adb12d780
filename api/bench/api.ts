// `pnpm bench:api`: starts the whole site on PGlite (and, when TEST_DATABASE_URL is set, on PostgreSQL) and
// prints its memory at rest; for the hot API calls, latency and server CPU per request at steady rates (paced,
// open loop: see paced-load.ts) and the most req/s the server answers (closed loop); and the rate of distinct
// postback credits (each booked exactly once).
// Options: --runs <n> (median of n, default 3), --duration <s> (seconds per measurement, default 10),
// --only <pglite|postgres>, --credits <n> (distinct credits per run, default 3000), --cpu-prof <folder> (the
// server writes a V8 CPU profile there when it stops: open it in Chrome DevTools or speedscope), --site <folder>
// (measure the server of another checkout, e.g. an older commit unpacked with `git archive`, for a before/after).
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { findRepoRoot } from '../src/repo-root';
import { BROWSER_HEADERS, type BenchUser, cashOut, catalogTargets, type Conversion, creditPath, newTxid, postback, REFERRER_ADDRESS, referredOrNot, signUp, verifyEmail, walletCoins } from './fixtures';
import { pacedLoad, type PacedRequest } from './paced-load';
import { type BenchServer, benchEachDatabase, cpuMs, startBenchServer, treeRss } from './server';

const CONNECTIONS = 50;
const RATES = [500, 1000];
const LOADS: Load[] = [...RATES, 'max'];
/** Paced requests in flight at most (~5 s of the highest rate): a request due beyond that is not sent and counts as failed. */
const MAX_IN_FLIGHT = 5000;
const TIMEOUT_MS = 10_000;
const USERS = 100;
const REST_MS = 5000;

type Options = { runs: number; durationS: number; only: string | undefined; credits: number; cpuProfileDir: string | undefined; site: string | undefined };

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const positive = (name: string, fallback: number) => {
    const given = value(name);
    const parsed = given === undefined ? fallback : Number(given);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive whole number`);
    return parsed;
  };
  const only = value('only');
  if (only !== undefined && only !== 'pglite' && only !== 'postgres') throw new Error('--only is pglite or postgres');
  return { runs: positive('runs', 3), durationS: positive('duration', 10), only, credits: positive('credits', 3000), cpuProfileDir: value('cpu-prof'), site: value('site') };
}

type Endpoint = { label: string; method: 'GET' | 'POST'; path: string; body?: string };

// As the frontend calls them (Offers/Get with the device info of spec §3, the All chip), as signed-in users.
const ENDPOINTS: Endpoint[] = [
  { label: 'POST /api/user/Profile', method: 'POST', path: '/api/user/Profile' },
  {
    label: 'POST /api/Offers/Get',
    method: 'POST',
    path: '/api/Offers/Get',
    body: JSON.stringify({ country_code: '', ip: '', device_os: 'windows', device_type: 'desktop', user_agent: 'Mozilla/5.0 (bench)', device_name: 'other' }),
  },
  { label: 'GET /api/Cashout/stats', method: 'GET', path: '/api/Cashout/stats' },
];

/** The server's CPU time per request over `work`, in ms: steadier than latency on a shared machine. */
async function withCpu<Result>(pid: number, work: () => Promise<{ result: Result; requests: number }>): Promise<{ result: Result; cpuPerRequest: number | undefined }> {
  const before = cpuMs(pid);
  const { result, requests } = await work();
  const after = cpuMs(pid);
  return { result, cpuPerRequest: before === undefined || after === undefined || requests === 0 ? undefined : (after - before) / requests };
}

type Sample = { rps: number; p50: number; p99: number; max: number; failures: number; bytes: number; cpuPerRequest: number | undefined };

/** A load: a steady rate in req/s, or 'max' (closed loop: each connection sends its next request once answered). */
type Load = number | 'max';

/** Request `index` as the frontend sends it, as another signed-in user each time (round robin). */
function signedInRequest(endpoint: Endpoint, users: readonly BenchUser[], index: number): PacedRequest {
  return {
    method: endpoint.method,
    path: endpoint.path,
    headers: { ...BROWSER_HEADERS, authorization: `Bearer ${users[index % users.length]!.token}`, ...(endpoint.body ? { 'content-type': 'application/json' } : {}) },
    ...(endpoint.body ? { body: endpoint.body } : {}),
  };
}

/** One endpoint at a steady rate: requests evenly spaced, latency counted from when each was due. */
async function atRate(server: BenchServer, endpoint: Endpoint, users: readonly BenchUser[], rate: number, durationS: number): Promise<Sample> {
  const { result, cpuPerRequest } = await withCpu(server.pid, async () => {
    const result = await pacedLoad({
      url: server.url,
      rate,
      durationS,
      connections: CONNECTIONS,
      maxInFlight: MAX_IN_FLIGHT,
      timeoutMs: TIMEOUT_MS,
      request: (index) => signedInRequest(endpoint, users, index),
    });
    return { result, requests: result.answered };
  });
  return { rps: result.rps, p50: result.p50, p99: result.p99, max: result.max, failures: result.failures, bytes: result.bytesPerAnswer, cpuPerRequest };
}

/** One endpoint as fast as the server answers: CONNECTIONS connections, each sending its next request once answered. */
async function atMost(server: BenchServer, endpoint: Endpoint, users: readonly BenchUser[], durationS: number): Promise<Sample> {
  let next = 0;
  const setupRequest = (request: autocannon.Request) => ({ ...request, ...signedInRequest(endpoint, users, next++) });
  const { result, cpuPerRequest } = await withCpu(server.pid, async () => {
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: durationS,
      timeout: TIMEOUT_MS / 1000,
      requests: [{ method: endpoint.method, path: endpoint.path, setupRequest }],
    });
    return { result, requests: result.requests.total };
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failures: result.errors + result.timeouts + result.non2xx,
    bytes: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    cpuPerRequest,
  };
}

function measure(server: BenchServer, endpoint: Endpoint, users: readonly BenchUser[], load: Load, durationS: number): Promise<Sample> {
  return load === 'max' ? atMost(server, endpoint, users, durationS) : atRate(server, endpoint, users, load, durationS);
}

type PostbackTally = { seconds: number; credited: number; duplicates: number; failures: number };

/** Sends every path once, at full speed over CONNECTIONS connections; counts the answers. */
async function sendPostbacks(server: BenchServer, paths: readonly string[]): Promise<PostbackTally & { cpuPerRequest: number | undefined }> {
  let next = 0;
  const tally: PostbackTally = { seconds: 0, credited: 0, duplicates: 0, failures: 0 };
  // autocannon resolves on its next one-second tick after the last answer: the time runs to that answer.
  const started = process.hrtime.bigint();
  let lastAnswerAt = started;
  const { cpuPerRequest } = await withCpu(server.pid, async () => {
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      amount: paths.length,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
          onResponse: (status, body) => {
            lastAnswerAt = process.hrtime.bigint();
            if (status !== 200) tally.failures += 1;
            else if (body.includes('Conversion credited.')) tally.credited += 1;
            else if (body.includes('Conversion already credited.')) tally.duplicates += 1;
            else tally.failures += 1;
          },
        },
      ],
    });
    return { result, requests: result.requests.total };
  });
  tally.seconds = Number(lastAnswerAt - started) / 1e9;
  return { ...tally, cpuPerRequest };
}

type CreditRun = { perSecond: number; cpuPerCredit: number | undefined; repeatsAnswered: number; unexpected: number };

/**
 * `count` distinct credits spread over the users (on catalog offers and without one), at full speed; then
 * every one of them again, twice at the same time, which must all answer "already credited". Adds what each
 * user must have been paid to `expected`.
 */
async function creditRun(server: BenchServer, users: readonly BenchUser[], targets: ReadonlyArray<{ offerId: string; eventId: string }>, count: number, expected: Map<number, number>): Promise<CreditRun> {
  const conversions: Conversion[] = Array.from({ length: count }, (_, index) => ({
    userId: users[index % users.length]!.id,
    txid: newTxid(),
    coins: 10 * (1 + (index % 50)),
    ...targets[index % targets.length]!,
  }));
  const paths = conversions.map(creditPath);
  const first = await sendPostbacks(server, paths);
  const repeats = await sendPostbacks(
    server,
    paths.flatMap((path) => [path, path]),
  );
  for (const conversion of conversions) expected.set(conversion.userId, (expected.get(conversion.userId) ?? 0) + conversion.coins);
  return {
    perSecond: first.credited / first.seconds,
    cpuPerCredit: first.cpuPerRequest,
    repeatsAnswered: repeats.duplicates,
    unexpected: first.failures + first.duplicates + (count - first.credited) + repeats.failures + repeats.credited,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianOf(values: ReadonlyArray<number | undefined>): number | undefined {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length > 0 ? median(known) : undefined;
}

const mb = (bytes: number | undefined) => (bytes === undefined ? 'n/a (needs Linux /proc)' : `${Math.round(bytes / 1048576)} MB`);
const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? 'n/a' : `${value.toFixed(value < 10 ? 2 : 0)} ms`);

/** Users with a history: a referrer with friends, credits on catalog offers, cashouts. */
async function makeUsers(server: BenchServer, expected: Map<number, number>) {
  const referrer = await signUp(server.url, undefined, REFERRER_ADDRESS);
  const users: BenchUser[] = [];
  for (let index = 0; index < USERS; index++) users.push(await signUp(server.url, ...referredOrNot(index, referrer)));
  const targets = await catalogTargets(server.url);
  for (const user of users.slice(0, 10)) {
    for (let index = 0; index < 20; index++) await postback(server.url, { userId: user.id, txid: newTxid(), coins: 1000, ...targets[index % targets.length]! });
    await verifyEmail(server.url, user, await server.verificationCode(user.email));
    await cashOut(server.url, user, 1);
    await cashOut(server.url, user, 2);
    expected.set(user.id, 20 * 1000 - 3000);
  }
  return { users, targets };
}

async function benchDatabase(name: string, repoRoot: string, databaseUrl: string | undefined, options: Options): Promise<void> {
  console.log(`\n${name}`);
  const server = await startBenchServer(repoRoot, databaseUrl, options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(options.cpuProfileDir)}`] : []);
  try {
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    console.log(`  memory at rest after start: ${mb(treeRss(server.pid))} (the server process and its children)`);

    const expected = new Map<number, number>();
    const { users, targets } = await makeUsers(server, expected);
    for (const endpoint of ENDPOINTS) await atRate(server, endpoint, users, 200, 3); // warm-up
    const samples = new Map<string, Sample[]>();
    const credits: CreditRun[] = [];
    for (let run = 0; run < options.runs; run++) {
      credits.push(await creditRun(server, users, targets, options.credits, expected));
      for (const endpoint of ENDPOINTS) {
        for (const load of LOADS) {
          const key = `${endpoint.label}@${load}`;
          samples.set(key, [...(samples.get(key) ?? []), await measure(server, endpoint, users, load, options.durationS)]);
        }
      }
    }

    const columns = ['endpoint'.padEnd(24), 'load'.padStart(7), 'req/s'.padStart(7), 'p50'.padStart(8), 'p99'.padStart(8), 'max'.padStart(8), 'CPU/req'.padStart(9), 'failed'.padStart(7), 'bytes'.padStart(6)];
    console.log(`  ${columns.join(' ')}`);
    for (const endpoint of ENDPOINTS) {
      for (const load of LOADS) {
        const runs = samples.get(`${endpoint.label}@${load}`) ?? [];
        const cells = [
          endpoint.label.padEnd(24),
          (load === 'max' ? 'max' : `${load}/s`).padStart(7),
          median(runs.map((sample) => sample.rps)).toFixed(0).padStart(7),
          ms(median(runs.map((sample) => sample.p50))).padStart(8),
          ms(median(runs.map((sample) => sample.p99))).padStart(8),
          ms(median(runs.map((sample) => sample.max))).padStart(8),
          ms(medianOf(runs.map((sample) => sample.cpuPerRequest))).padStart(9),
          String(runs.reduce((sum, sample) => sum + sample.failures, 0)).padStart(7),
          String(Math.round(median(runs.map((sample) => sample.bytes)))).padStart(6),
        ];
        console.log(`  ${cells.join(' ')}`);
      }
    }

    // Exactly once: every user holds what their distinct credits paid, less their cashouts.
    let wrong = 0;
    for (const user of users) if ((await walletCoins(server.url, user)) !== (expected.get(user.id) ?? 0)) wrong += 1;
    const unexpected = credits.reduce((sum, run) => sum + run.unexpected, 0);
    console.log(
      `  postback credits: ${median(credits.map((run) => run.perSecond)).toFixed(0)} distinct credits/s, ${ms(medianOf(credits.map((run) => run.cpuPerCredit)))} server CPU each ` +
        `(${options.credits} per run over ${USERS} users, ${CONNECTIONS} connections); then each sent twice at once: ` +
        `${credits.reduce((sum, run) => sum + run.repeatsAnswered, 0)} answered "already credited"`,
    );
    console.log(
      `  exactly once: ${wrong === 0 ? 'yes' : 'NO'} (${wrong} of ${users.length} balances differ from their credits); ` +
        `${unexpected} answers other than "credited" for a first copy and "already credited" for a repeat (errors, time-outs)`,
    );
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    console.log(`  memory at rest after the load: ${mb(treeRss(server.pid))}`);
  } finally {
    await server.stop();
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const repoRoot = options.site ? resolve(options.site) : findRepoRoot();
  console.log(
    `Earnly API benchmark: ${options.durationS} s per row, median of ${options.runs} run(s)${options.site ? `, the server of ${repoRoot}` : ''}. ` +
      `Rows ${RATES.map((rate) => `${rate}/s`).join(' and ')}: open loop, requests evenly spaced at that rate over ${CONNECTIONS} keep-alive connections ` +
      `whatever the server does, latency from when each request was due (its wait for a connection included). ` +
      `Row max: closed loop, ${CONNECTIONS} connections each sending its next request once answered (autocannon): the most req/s the server answers, and latency at that saturation. ` +
      `The server, the load generator and the database share this machine's ${availableParallelism()} cores.`,
  );
  await benchEachDatabase(options.only, (name, databaseUrl) => benchDatabase(name, repoRoot, databaseUrl, options));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
