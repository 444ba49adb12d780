import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import { type DatabaseHandle, openPostgres } from '../../db/database';
import { cashouts, users } from '../../db/schema';
import { findRepoRoot } from '../../repo-root';
import { uniqueEmail } from '../../test/accounts';
import { compiledEntries } from '../../test/compiled-entries';
import { startPayoutStandIn, type PayoutStandIn } from '../../test/payout-stand-in';
import { runToEnd } from '../../test/process-output';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { createScratchDatabase, dropScratchDatabase } from '../../test/test-database';
import { waitUntil } from '../../test/wait-until';
import { appendLedgerEntry, verifyLedger } from '../ledger/ledger';

// The proof of issue 32's "exactly once": 200 instant cashouts, the server SIGKILLed while it sends them;
// after a restart and `ops payouts:reconcile` each is paid exactly once or refunded, the provider paid each
// id at most once, and the ledger holds. PostgreSQL only (the server and ops share the database).
const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;
const apiDir = join(findRepoRoot(), 'api');

const USERS = 20;
const CASHOUTS_PER_USER = 10;

jest.setTimeout(300_000);

describeOnPostgres('payouts when the server is killed mid-send (PostgreSQL)', () => {
  let databaseUrl: string;
  let dataDir: string;
  let handle: DatabaseHandle;
  let standIn: PayoutStandIn;
  let server: ServerProcess | undefined;
  let serverEnv: Record<string, string>;

  beforeAll(async () => {
    databaseUrl = await createScratchDatabase(adminUrl!, 'rewards_payout_kill');
    dataDir = await mkdtemp(join(tmpdir(), 'rewards-payout-kill-'));
    // Slow enough that many payouts are in flight when the server dies.
    standIn = await startPayoutStandIn({ slowPostsMs: 40 });
    serverEnv = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      RATE_LIMITS: 'off',
      PAYOUT_RAIL_PAYPAL: 'simulated',
      PAYOUT_SIMULATED_BASE_URL: standIn.url,
    };
    server = await startServerProcess(serverEnv);
    handle = await openPostgres(databaseUrl, findRepoRoot());
  });
  afterAll(async () => {
    await server?.stop();
    await handle?.close();
    await standIn?.close();
    await rm(dataDir, { recursive: true, force: true });
    if (adminUrl && databaseUrl) await dropScratchDatabase(adminUrl, databaseUrl);
  });

  async function register(base: string): Promise<string> {
    const password = 'correct horse 1';
    const response = await fetch(`${base}/api/user/Register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kill Test', email: uniqueEmail('kill'), password, password_confirmation: password }),
    });
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const cookie = response.headers.getSetCookie().find((item) => item.startsWith(`${AUTH_COOKIE}=`));
    return cookie!.slice(AUTH_COOKIE.length + 1).split(';')[0]!;
  }

  function ops(...args: string[]) {
    return compiledEntries().then(({ opsCli }) =>
      runToEnd(process.execPath, ['--enable-source-maps', opsCli, ...args], {
        cwd: apiDir,
        env: { ...process.env, ...serverEnv, NODE_ENV: 'test', OPS_OPERATOR: 'kill-test', OPS_TOKEN: '' },
      }),
    );
  }

  it('pays each of 200 cashouts exactly once (or refunds it) across a SIGKILL and a restart', async () => {
    const base = server!.url;
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) tokens.push(await register(base));
    const userRows = await handle.db.select({ id: users.id }).from(users);
    for (const { id } of userRows) await appendLedgerEntry(handle.db, { userId: id, amountCoins: 50_000, kind: 'manual_credit', note: 'kill test' });
    await handle.db.update(users).set({ emailVerifiedAt: sql`now()`, createdAt: sql`now() - interval '2 days'` });

    // 200 cashouts of $1.00 to $1.09 at once; the server dies once the provider has seen a third of them.
    const requests = tokens.flatMap((token) =>
      Array.from({ length: CASHOUTS_PER_USER }, (_, n) =>
        fetch(`${base}/api/Cashout/Store`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'Idempotency-Key': randomBytes(8).toString('hex') },
          body: JSON.stringify({ wallet: 'paypal', amount: `1.0${n}`, account: 'kill@example.com' }),
        }).then(
          (response) => response.status,
          () => 0,
        ),
      ),
    );
    await waitUntil(() => standIn.posts.size >= 60, 'sixty sends at the provider', { timeoutMs: 60_000, everyMs: 100 });
    server!.child.kill('SIGKILL');
    await server!.exited;
    const statuses = await Promise.all(requests);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(60);
    const inFlight = await handle.db.select().from(cashouts).where(inArray(cashouts.status, ['approved', 'sending', 'failed']));
    expect(inFlight.length).toBeGreaterThan(0);
    // Usually some were claimed and with the provider when the server died (the case reconciliation is for); on a
    // slower machine the kill can land between claims, leaving only approved or failed ones: exactly once must hold
    // either way, so the count is reported, not required.
    process.stdout.write(`killed with ${statuses.filter((status) => status === 200).length} cashouts taken, ${inFlight.length} unsettled (${inFlight.filter((row) => row.status === 'sending').length} sending)\n`);

    server = await startServerProcess(serverEnv);
    // Claims of the killed server count as in flight for the send lease: after it, the restarted worker asks.
    await waitUntil(async () => (await handle.db.select().from(cashouts).where(inArray(cashouts.status, ['approved', 'sending']))).length === 0, 'no cashout left approved or sending', { timeoutMs: 150_000, everyMs: 100 });
    const reconciled = await ops('payouts:reconcile', '--reason', 'after the kill test');
    expect(reconciled).toMatchObject({ code: 0, stdout: expect.stringContaining('Nothing changed') });

    const rows = await handle.db.select().from(cashouts);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const row of rows) {
      expect(['paid', 'returned', 'unclaimed', 'rejected']).toContain(row.status);
      const paidByProvider = standIn.paid.get(row.payoutId) ?? 0;
      expect(paidByProvider).toBe(row.status === 'paid' ? 1 : 0);
    }
    for (const [id, times] of standIn.paid) {
      expect(times).toBe(1);
      expect(rows.some((row) => row.payoutId === id)).toBe(true);
    }
    // Each id reached the provider at most once: after the kill it was asked about, never sent blindly.
    expect([...standIn.posts.values()].every((count) => count === 1)).toBe(true);
    expect(await verifyLedger(handle.db)).toEqual([]);
    expect(await ops('ledger:verify')).toMatchObject({ code: 0 });
  });
});
