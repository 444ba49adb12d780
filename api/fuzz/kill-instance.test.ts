import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { IDEMPOTENCY_HEADER } from '@rewards/shared/contracts/cashout-types';
import { cashouts, ledgerEntries } from '../src/db/schema';
import { markEmailVerified } from '../src/modules/account/repository';
import { appendLedgerEntry, verifyLedger } from '../src/modules/ledger/ledger';
import { genericPostbackQuery } from '../src/modules/walls/adapters/generic';
import { conversionReference } from '../src/modules/ledger/references';
import { DEV_POSTBACK_SECRET } from '../src/modules/walls/registry';
import { uniqueEmail } from '../src/test/accounts';
import { type ServerProcess, PROCESS_TEST_TIMEOUT_MS, startServerProcess } from '../src/test/server-process';
import { useTestDatabase } from '../src/test/test-database';
import { ledgerVerify } from './session';

/**
 * Issue 11, Proof: two API processes on one PostgreSQL with Redis, one killed (SIGKILL) in the middle of
 * 1,000 concurrent cashouts and postbacks. No accepted cashout may be lost, no postback credited twice,
 * and `ledger:verify` must pass. Needs PostgreSQL and Redis: skipped without TEST_DATABASE_URL and TEST_REDIS_URL.
 */
const ready = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const USERS = 40;
const CASHOUTS = 500;
const POSTBACKS = 500;
/** The second instance dies once this many answers came back (of 1,000). */
const KILL_AFTER_ANSWERS = 250;

type Outcome = { status: number; body: unknown } | { failed: string };
type CashoutCall = { kind: 'cashout'; user: User; key: string; instance: number };
type PostbackCall = { kind: 'postback'; txid: string; query: string; instance: number };
type User = { id: number; token: string };

jest.setTimeout(120_000);

(ready ? describe : describe.skip)('two API instances on one PostgreSQL with Redis, one killed mid-load (skipped without TEST_DATABASE_URL and TEST_REDIS_URL)', () => {
  const database = useTestDatabase();
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    const { rows } = (await database().db.execute(sql`select current_database() as name`)) as unknown as pg.QueryResult<{ name: string }>;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: `kill-test-${randomBytes(4).toString('hex')}:`,
      RATE_LIMITS: 'off',
      LIVE_FEED_SIMULATION: 'off',
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('loses no accepted cashout, credits no postback twice, and ledger:verify passes', async () => {
    const db = database().db;
    const users: User[] = [];
    for (let i = 0; i < USERS; i += 8) {
      const batch = await Promise.all(Array.from({ length: Math.min(8, USERS - i) }, (_, j) => register(servers[(i + j) % 2]!.url)));
      users.push(...batch);
    }
    for (const user of users) {
      await appendLedgerEntry(db, { userId: user.id, amountCoins: 50_000, kind: 'manual_credit', note: 'kill test' });
      // A first cashout needs a verified email.
      await markEmailVerified(db, user.id);
    }

    const run = randomBytes(3).toString('hex');
    const calls: Array<CashoutCall | PostbackCall> = [
      ...Array.from({ length: CASHOUTS }, (_, i): CashoutCall => ({ kind: 'cashout', user: users[i % USERS]!, key: `kill-${run}-${i}`, instance: i % 2 })),
      ...Array.from({ length: POSTBACKS }, (_, i): PostbackCall => {
        const txid = `kill-${run}-${i}`;
        const fields = { user_id: String(users[(i * 7) % USERS]!.id), offer_id: 'kill-test', event_id: '', txid, payout: '0.25', status: '1' as const };
        return { kind: 'postback', txid, query: genericPostbackQuery(DEV_POSTBACK_SECRET, fields), instance: (i + 1) % 2 };
      }),
    ].sort(() => Math.random() - 0.5);

    // All 1,000 at once, half to each instance; the second one is killed once a quarter of the answers are in.
    let answered = 0;
    let killedAt = -1;
    const victim = servers[1]!;
    const outcomes = await Promise.all(
      calls.map(async (call) => {
        const outcome = await send(servers[call.instance]!.url, call);
        answered += 1;
        if (answered === KILL_AFTER_ANSWERS) {
          killedAt = answered;
          victim.child.kill('SIGKILL');
        }
        return outcome;
      }),
    );
    expect(killedAt).toBe(KILL_AFTER_ANSWERS);
    expect(await victim.exited).toBe('SIGKILL');

    const survivor = servers[0]!;
    const accepted = outcomes.filter((outcome) => 'status' in outcome && outcome.status >= 200 && outcome.status < 300).length;
    const failedByKill = outcomes.filter((outcome) => 'failed' in outcome).length;
    const serverErrors = outcomes.filter((outcome) => 'status' in outcome && outcome.status >= 500).length;

    // Work the dead instance committed without answering: what the retries below must not do twice.
    const failedKeys = calls.flatMap((call, i) => (call.kind === 'cashout' && 'failed' in outcomes[i]! ? [call.key] : []));
    const committedUnanswered = failedKeys.length === 0 ? 0 : (await db.select({ id: cashouts.id }).from(cashouts).where(inArray(cashouts.idempotencyKey, failedKeys))).length;

    // The clients of the dead instance try again on the survivor: the same postbacks, the same cashouts (same keys).
    const retried = await inBatches(calls.map((call, i) => ({ call, outcome: outcomes[i]! })), 50, async ({ call, outcome }) =>
      call.kind === 'postback' || 'failed' in outcome ? send(survivor.url, call) : outcome,
    );
    expect(retried.filter((outcome) => 'failed' in outcome || outcome.status >= 500)).toEqual([]);

    // No accepted cashout is lost: each 2xx answer's cashout exists with its one debit.
    const acceptedCashouts = calls.flatMap((call, i) => {
      const outcome = outcomes[i]!;
      return call.kind === 'cashout' && 'status' in outcome && outcome.status === 200 ? [cashoutIdOf(outcome.body)] : [];
    });
    const rows = await db.select().from(cashouts).where(inArray(cashouts.id, acceptedCashouts));
    expect(rows.map((row) => row.id).sort()).toEqual([...acceptedCashouts].sort());
    const debits = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'cashout'), inArray(ledgerEntries.reference, acceptedCashouts.map((id) => `cashout:${id}`))));
    expect(debits).toHaveLength(acceptedCashouts.length);

    // One cashout per Idempotency-Key, one debit per cashout, however often a request was sent.
    const allCashouts = await db.select().from(cashouts).where(sql`${cashouts.idempotencyKey} like ${`kill-${run}-%`}`);
    expect(allCashouts).toHaveLength(CASHOUTS);
    const allDebits = await db.select({ reference: ledgerEntries.reference }).from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'cashout'), inArray(ledgerEntries.reference, allCashouts.map((row) => `cashout:${row.id}`))));
    expect(allDebits).toHaveLength(CASHOUTS);

    // No postback credited twice: every transaction id has exactly one credit, after the replay to the survivor.
    const references = calls.flatMap((call) => (call.kind === 'postback' ? [conversionReference('demo', call.txid)] : []));
    const credits = await db
      .select({ reference: ledgerEntries.reference, rows: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'offer_credit'), inArray(ledgerEntries.reference, references)))
      .groupBy(ledgerEntries.reference);
    const duplicates = credits.filter((credit) => credit.rows > 1).length;
    expect(duplicates).toBe(0);
    expect(credits).toHaveLength(POSTBACKS);

    expect(await verifyLedger(db)).toEqual([]);
    const verdict = await ledgerVerify(database());
    expect(verdict.code).toBe(0);
    expect(serverErrors).toBe(0);
    expect(survivor.isRunning()).toBe(true);
    expect(survivor.output()).not.toMatch(/uncaught exception|unhandled promise rejection/);

    console.log(
      `kill test: ${calls.length} requests sent (${CASHOUTS} cashouts, ${POSTBACKS} postbacks, half to each instance), ` +
        `instance 2 killed (SIGKILL) after ${killedAt} answers; ${accepted} accepted, ${failedByKill} failed by the kill, ${serverErrors} 5xx; ` +
        `${committedUnanswered} cashouts committed by the killed instance without an answer; ` +
        `after retrying on the survivor: ${allCashouts.length} cashouts (one per key), ${credits.length} postbacks credited, duplicates ${duplicates}; ${verdict.out}`,
    );
  });
});

async function register(base: string): Promise<User> {
  const email = uniqueEmail('kill');
  const response = await fetch(`${base}/api/user/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Kill Test', email, password: 'correct horse 1', password_confirmation: 'correct horse 1' }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { data: { user: { id: number } } };
  const token = /auth_token=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no session cookie');
  return { id: body.data.user.id, token: decodeURIComponent(token) };
}

async function send(base: string, call: CashoutCall | PostbackCall): Promise<Outcome> {
  try {
    const response =
      call.kind === 'cashout'
        ? await fetch(`${base}/api/Cashout/Store`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${call.user.token}`, [IDEMPOTENCY_HEADER]: call.key },
            body: JSON.stringify({ wallet: 'paypal', amount: '1', account: 'pat@example.com' }),
          })
        : await fetch(`${base}/api/postback/demo?${call.query}`);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Postback answers may be plain text.
    }
    return { status: response.status, body };
  } catch (error) {
    return { failed: error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error) };
  }
}

function cashoutIdOf(body: unknown): number {
  const id = (body as { data?: { cashout?: { id?: unknown } } }).data?.cashout?.id;
  if (typeof id !== 'number') throw new Error(`an accepted cashout without an id: ${JSON.stringify(body)}`);
  return id;
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}
