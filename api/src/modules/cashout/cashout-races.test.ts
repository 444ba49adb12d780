import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@rewards/shared/contracts/cashout-types';
import type { DatabaseHandle } from '../../db/database';
import { cashouts, ledgerEntries } from '../../db/schema';
import { bearer, captureMailer } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { openExtraPool } from '../../test/extra-pool';
import { useTestDatabase } from '../../test/test-database';
import { balanceOf, verifyLedger } from '../ledger/ledger';
import type { Executor } from '../../db/executor';
import { databaseKind, fundedUser, onPostgres, paypal, store } from '../../test/cashout-test-kit';
import { CashoutNotPendingError, rejectCashout } from './service';

type Answer = { status: number; body: { status: string; message: string; data?: { new_balance: string; cashout: { id: number } } } };

/**
 * What the races must leave behind: `accepted` answers of 200, every other one the refusal `refusedWith`,
 * the balance as expected, and each accepted cashout with exactly one ledger debit.
 */
async function expectOutcome(db: Executor, userId: number, answers: Answer[], expected: { accepted: number; refusedWith: string; balanceCoins: number }) {
  const accepted = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status !== 200);
  expect(accepted).toHaveLength(expected.accepted);
  for (const answer of refused) expect(answer).toMatchObject({ status: 422, body: { status: 'error', message: expect.stringContaining(expected.refusedWith) } });
  expect(await balanceOf(db, userId)).toBe(expected.balanceCoins);

  const rows = await db.select().from(cashouts).where(eq(cashouts.userId, userId));
  expect(rows.map((row) => row.id).sort()).toEqual(accepted.map((answer) => answer.body.data?.cashout.id).sort());
  const debits = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'cashout')));
  expect(debits.map((debit) => debit.reference).sort()).toEqual(rows.map((row) => `cashout:${row.id}`).sort());
  for (const row of rows) expect(debits.find((debit) => debit.reference === `cashout:${row.id}`)?.amountCoins).toBe(-row.amountCoins);
  // Each accepted answer saw its own step down: no two cashouts were taken from the same balance.
  expect(new Set(accepted.map((answer) => answer.body.data?.new_balance)).size).toBe(accepted.length);
  expect(await verifyLedger(db)).toEqual([]);
}

const injected = async (app: FastifyInstance, token: string, body: object, key?: string): Promise<Answer> => {
  const response = await store(app, token, body as Record<string, unknown>, key);
  return { status: response.statusCode, body: response.json() };
};

describe(`concurrent cashouts on ${databaseKind} (in-process requests)`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'off', CASHOUT_DAILY_LIMIT_DOLLARS: '5' } });
  });
  afterAll(() => app.close());
  const db = () => database().db;

  it('40 concurrent cashouts of $1 against $4 accept exactly 4 and leave $0', async () => {
    const { token, user } = await fundedUser(app, db(), 4_000);
    const answers = await Promise.all(Array.from({ length: 40 }, () => injected(app, token, paypal(1))));
    await expectOutcome(db(), user.id, answers, { accepted: 4, refusedWith: 'Insufficient balance.', balanceCoins: 0 });
  });

  it('40 concurrent cashouts of $1 with $20 and a $5 daily limit accept exactly 5', async () => {
    const { token, user } = await fundedUser(app, db(), 20_000);
    const answers = await Promise.all(Array.from({ length: 40 }, () => injected(app, token, paypal(1))));
    await expectOutcome(db(), user.id, answers, { accepted: 5, refusedWith: 'Daily withdrawal limit of $5.00 reached.', balanceCoins: 15_000 });
  });

  it('20 concurrent requests with one Idempotency-Key make one cashout, one debit, and equal answers', async () => {
    const { token, user } = await fundedUser(app, db(), 4_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => injected(app, token, paypal(1), 'one-key-in-process')));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 200, body: { data: { new_balance: '3.00' } } });
    await expectOutcome(db(), user.id, answers.slice(0, 1), { accepted: 1, refusedWith: '', balanceCoins: 3_000 });
  });
});

/** Two apps on one database, listening on real ports, each with its own pool (what two instances have). */
async function listeningInstances(database: DatabaseHandle, count: number, poolSize: number, env: Record<string, string>) {
  const instances: Array<{ app: FastifyInstance; pool: DatabaseHandle; base: string }> = [];
  for (let i = 0; i < count; i++) {
    const pool = await openExtraPool(database, poolSize);
    const app = await buildTestApp({ database: pool, mailer: captureMailer(), env: { RATE_LIMITS: 'off', ...env } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    instances.push({ app, pool, base: `http://127.0.0.1:${port}` });
  }
  return {
    instances,
    async close() {
      for (const { app, pool } of instances) {
        await app.close();
        await pool.close();
      }
    },
  };
}

async function overHttp(base: string, token: string, body: object, key?: string): Promise<Answer> {
  const headers: Record<string, string> = { ...bearer(token), 'content-type': 'application/json' };
  if (key) headers[IDEMPOTENCY_HEADER] = key;
  const response = await fetch(`${base}/api/Cashout/Store`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

// On PGlite transactions run one at a time, so these races could not fail there: they need PostgreSQL.
(onPostgres ? describe : describe.skip)('PostgreSQL-only money races over real HTTP (skipped without TEST_DATABASE_URL)', () => {
  const database = useTestDatabase();
  const db = () => database().db;

  describe('one listening API instance with a 40-connection pool', () => {
    let servers: Awaited<ReturnType<typeof listeningInstances>>;
    beforeAll(async () => {
      servers = await listeningInstances(database(), 1, 40, {});
    });
    afterAll(() => servers.close());

    it('200 concurrent cashouts of $1 against $10 accept exactly 10 and leave $0', async () => {
      const [server] = servers.instances;
      const { token, user } = await fundedUser(server!.app, db(), 10_000);
      const answers = await Promise.all(Array.from({ length: 200 }, () => overHttp(server!.base, token, paypal(1))));
      await expectOutcome(db(), user.id, answers, { accepted: 10, refusedWith: 'Insufficient balance.', balanceCoins: 0 });
    });

    it('20 concurrent requests with one Idempotency-Key make one cashout with equal answers', async () => {
      const [server] = servers.instances;
      const { token, user } = await fundedUser(server!.app, db(), 10_000);
      const answers = await Promise.all(Array.from({ length: 20 }, () => overHttp(server!.base, token, paypal(2), 'one-key-one-instance')));
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      await expectOutcome(db(), user.id, answers.slice(0, 1), { accepted: 1, refusedWith: '', balanceCoins: 8_000 });
    });
  });

  describe('two API instances on one PostgreSQL, each with its own 25-connection pool, daily limit $25', () => {
    let servers: Awaited<ReturnType<typeof listeningInstances>>;
    beforeAll(async () => {
      servers = await listeningInstances(database(), 2, 25, { CASHOUT_DAILY_LIMIT_DOLLARS: '25' });
    });
    afterAll(() => servers.close());
    const baseFor = (i: number) => servers.instances[i % servers.instances.length]!.base;

    it('200 concurrent cashouts of $1 against $10, split between them, accept exactly 10 and leave $0', async () => {
      const { token, user } = await fundedUser(servers.instances[0]!.app, db(), 10_000);
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => overHttp(baseFor(i), token, paypal(1))));
      await expectOutcome(db(), user.id, answers, { accepted: 10, refusedWith: 'Insufficient balance.', balanceCoins: 0 });
    });

    it('200 concurrent cashouts of $1 with $100, split between them, stop exactly at the $25 daily limit', async () => {
      const { token, user } = await fundedUser(servers.instances[0]!.app, db(), 100_000);
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => overHttp(baseFor(i), token, paypal(1))));
      await expectOutcome(db(), user.id, answers, { accepted: 25, refusedWith: 'Daily withdrawal limit of $25.00 reached.', balanceCoins: 75_000 });
    });

    it('20 concurrent requests with one Idempotency-Key, split between them, make one cashout with equal answers', async () => {
      const { token, user } = await fundedUser(servers.instances[0]!.app, db(), 10_000);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => overHttp(baseFor(i), token, paypal(3), 'one-key-two-instances')));
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]).toMatchObject({ status: 200, body: { data: { new_balance: '7.00' } } });
      await expectOutcome(db(), user.id, answers.slice(0, 1), { accepted: 1, refusedWith: '', balanceCoins: 7_000 });
    });

    it('20 concurrent rejects of one cashout through both pools refund it once', async () => {
      const { token, user } = await fundedUser(servers.instances[0]!.app, db(), 10_000);
      const id = (await overHttp(baseFor(0), token, paypal(4))).body.data!.cashout.id;
      const pools = servers.instances.map((instance) => instance.pool.db);
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => rejectCashout(pools[i % pools.length]!, id, 'wrong account')));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(CashoutNotPendingError);
      const refunds = await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'cashout_refund'), eq(ledgerEntries.reference, `cashout:${id}`)));
      expect(refunds).toHaveLength(1);
      expect(await balanceOf(db(), user.id)).toBe(10_000);
      expect(await verifyLedger(db())).toEqual([]);
    });

    it('cashouts and rejects racing together keep the balance and the ledger right', async () => {
      const { token, user } = await fundedUser(servers.instances[0]!.app, db(), 10_000);
      const first = await Promise.all(Array.from({ length: 5 }, (_, i) => overHttp(baseFor(i), token, paypal(1))));
      const ids = first.map((answer) => answer.body.data!.cashout.id);
      const pools = servers.instances.map((instance) => instance.pool.db);
      // Refunds of $5 land while 100 more $1 requests race for the $5 left and the $5 refunded.
      await Promise.all([
        ...ids.map((id, i) => rejectCashout(pools[i % pools.length]!, id, 'batch rejected')),
        ...Array.from({ length: 100 }, (_, i) => overHttp(baseFor(i), token, paypal(1))),
      ]);
      const rows = await db().select().from(cashouts).where(eq(cashouts.userId, user.id));
      const live = rows.filter((row) => row.status !== 'rejected');
      expect(await balanceOf(db(), user.id)).toBe(10_000 - live.reduce((sum, row) => sum + row.amountCoins, 0));
      expect(await balanceOf(db(), user.id)).toBeGreaterThanOrEqual(0);
      expect(live.length).toBeLessThanOrEqual(10);
      expect(await verifyLedger(db())).toEqual([]);
    });
  });
});
