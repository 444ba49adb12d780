import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { cashouts, ledgerEntries, notifications, referralReviews, users } from '../../db/schema';
import { bearer, captureMailer, signUp } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { databaseKind, fundedUser, ops, stats } from '../../test/cashout-test-kit';
import { startPayoutStandIn, type PayoutStandIn } from '../../test/payout-stand-in';
import { cashOut, cashoutRow, dueNow, eligibleUser, makeEligible } from '../../test/payout-test-kit';
import { useTestDatabase } from '../../test/test-database';
import { balanceOf, verifyLedger } from '../ledger/ledger';
import { approveCashout } from '../cashout/service';
import { signSimulatedWebhook, SIMULATED_SIGNATURE_HEADER } from '../payout-rails/adapters/simulated';
import { claimSendable } from './settle';
import { SEND_LEASE_MS } from './worker';

const WEBHOOK_SECRET = 'stand-in-webhook-secret';

// Long enough for a loaded machine (a stand-in answer slower than this would fail a send); the timeout tests
// make the stand-in slower still.
const PROVIDER_TIMEOUT_MS = 2_000;

describe(`payouts through the simulated rail and a stand-in provider on ${databaseKind}`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;
  let standIn: PayoutStandIn;
  const savedEnv = { ...process.env };
  const db = () => database().db;

  beforeAll(async () => {
    standIn = await startPayoutStandIn();
    const env = {
      RATE_LIMITS: 'off',
      PAYOUT_RAIL_PAYPAL: 'simulated',
      PAYOUT_SIMULATED_BASE_URL: standIn.url,
      PAYOUT_SIMULATED_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYOUT_RETRY_LIMIT: '3',
    };
    // The ops commands read the configuration of their process, as they do beside a running server.
    Object.assign(process.env, env);
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env, payoutTools: { timeoutMs: PROVIDER_TIMEOUT_MS } });
  });
  afterAll(async () => {
    await app.close();
    await standIn.close();
    process.env = savedEnv;
  });
  afterEach(() => {
    standIn.behaviour.failPosts = undefined;
    standIn.behaviour.slowPostsMs = undefined;
    standIn.behaviour.failGets = undefined;
    standIn.behaviour.payAtOnce = undefined;
    standIn.behaviour.refusedAccounts = undefined;
  });

  const refundsOf = (id: number) =>
    db().select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'cashout_refund'), eq(ledgerEntries.reference, `cashout:${id}`)));
  const noticesOf = async (userId: number, kind: string) =>
    (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter((row) => row.kind === kind);
  const history = async (token: string) => (await app.inject({ method: 'GET', url: '/api/Cashout/history', headers: bearer(token) })).json().data.items;
  const webhook = (body: string, signature = signSimulatedWebhook(WEBHOOK_SECRET, body)) =>
    app.inject({ method: 'POST', url: '/api/payouts/webhooks/simulated', headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: signature }, payload: body });

  describe('instant cashouts', () => {
    it('sends an eligible $5 PayPal cashout without review; paid with the reference shown and cashout_paid stored', async () => {
      const { token, user } = await eligibleUser(app, db());
      const { id, status } = await cashOut(app, token, 5);
      expect(status).toBe('approved');
      expect(await cashoutRow(db(), id)).toMatchObject({ automatic: true, rail: 'simulated', reviewRule: null });
      const effects = await app.payouts.runRound();
      expect(effects.changes).toEqual([expect.objectContaining({ cashoutId: id, from: 'sending', to: 'paid' })]);
      const row = await cashoutRow(db(), id);
      expect(row).toMatchObject({ status: 'paid', attempts: 1, providerReference: expect.stringMatching(/^STAND-/), paidAt: expect.any(Date) });
      expect(standIn.posts.get(row.payoutId)).toBe(1);
      expect(standIn.paid.get(row.payoutId)).toBe(1);
      expect((await history(token))[0]).toMatchObject({ id, status: 'paid', provider_reference: row.providerReference, paid_at: expect.any(String) });
      expect(await noticesOf(user.id, 'cashout_paid')).toHaveLength(1);
      expect(await stats(app, token)).toMatchObject({ pending_count: 0, total_approved: '5.00', total_requested: '5.00' });
    });

    it.each([
      ['over AUTO_PAYOUT_MAX_DOLLARS', async () => ({ dollars: 25, setup: async () => {} }), /amount \$25\.00 is over AUTO_PAYOUT_MAX_DOLLARS \(\$20\.00\)/],
      [
        // A first cashout is refused outright (403 email_unverified); one after an earlier cashout goes to review.
        'an unverified email that cashed out before',
        async () => ({
          dollars: 5,
          setup: async (userId: number) => {
            await db().insert(cashouts).values({ userId, method: 'paypal', account: 'pat@example.com', amountCoins: 1_000, balanceAfterCoins: 0, status: 'rejected' });
            await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, userId));
          },
        }),
        /email not verified/,
      ],
      [
        'a new account',
        async () => ({ dollars: 5, setup: async (userId: number) => void (await db().update(users).set({ createdAt: sql`now()` }).where(eq(users.id, userId))) }),
        /account 0 h old, under AUTO_PAYOUT_MIN_ACCOUNT_HOURS \(24 h\)/,
      ],
      [
        'a flagged referral pending',
        async () => ({
          dollars: 5,
          setup: async (userId: number) => {
            const friend = await signUp(app);
            await db().insert(referralReviews).values({ referredUserId: friend.user.id, referrerId: userId, signals: 'same device' });
          },
        }),
        /a flagged referral is pending review/,
      ],
    ])('sends a cashout to review for %s, and cashouts:list says why', async (_name, make, rule) => {
      const { token, user } = await eligibleUser(app, db());
      const { dollars, setup } = await make();
      await setup(user.id);
      const { id, status } = await cashOut(app, token, dollars);
      expect(status).toBe('pending');
      expect((await cashoutRow(db(), id)).reviewRule).toMatch(rule);
      const listed = await ops(database(), 'cashouts:list', '--status', 'pending', '--json');
      expect(JSON.parse(listed.out).result).toContainEqual(expect.objectContaining({ id, review_rule: expect.stringMatching(rule) }));
      expect((await app.payouts.runRound()).changes.filter((change) => change.cashoutId === id)).toEqual([]);
    });

    it('counts the day: instant cashouts up to AUTO_PAYOUT_DAILY_DOLLARS, the next one reviewed', async () => {
      const { token } = await eligibleUser(app, db());
      expect((await cashOut(app, token, 20)).status).toBe('approved');
      expect((await cashOut(app, token, 20)).status).toBe('approved');
      const third = await cashOut(app, token, 15);
      expect(third.status).toBe('pending');
      expect((await cashoutRow(db(), third.id)).reviewRule).toMatch(/instant cashouts today \$55\.00 would pass AUTO_PAYOUT_DAILY_DOLLARS \(\$50\.00\)/);
      expect((await cashOut(app, token, 10)).status).toBe('approved');
      await app.payouts.runRound();
    });

    it('sends a reviewed cashout once an operator approves it (the rail is automatic)', async () => {
      const { token } = await fundedUser(app, db(), 50_000);
      const { id, status } = await cashOut(app, token, 30);
      expect(status).toBe('pending');
      const approved = await ops(database(), 'cashouts:approve', String(id), '--reason', 'checked');
      expect(approved).toMatchObject({ code: 0, out: expect.stringContaining(`Cashout ${id}: pending -> approved`) });
      await app.payouts.runRound();
      expect(await cashoutRow(db(), id)).toMatchObject({ status: 'paid', automatic: false });
    });
  });

  describe('exactly once', () => {
    it('two servers on one database running rounds at once send each cashout once', async () => {
      // Both with the rails' own timeout: this is about sending once, and a busy machine may pass the short one.
      const server = () =>
        buildTestApp({ database: database(), env: { RATE_LIMITS: 'off', PAYOUT_RAIL_PAYPAL: 'simulated', PAYOUT_SIMULATED_BASE_URL: standIn.url } });
      const [first, second] = [await server(), await server()];
      try {
        standIn.behaviour.slowPostsMs = 20;
        const ids: number[] = [];
        for (let i = 0; i < 4; i++) {
          const { token } = await eligibleUser(app, db());
          for (let n = 0; n < 5; n++) ids.push((await cashOut(app, token, `1.0${n}`)).id);
        }
        await Promise.all([first.payouts.runRound(), second.payouts.runRound(), first.payouts.runRound(), second.payouts.runRound()]);
        for (const id of ids) {
          const row = await cashoutRow(db(), id);
          expect(row).toMatchObject({ status: 'paid', attempts: 1 });
          expect(standIn.posts.get(row.payoutId)).toBe(1);
        }
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    });

    it('retries a 5xx with backoff under the same id, asking the provider first; paid once', async () => {
      const { token } = await eligibleUser(app, db());
      standIn.behaviour.failPosts = { status: 503, count: 1 };
      const { id } = await cashOut(app, token, 3);
      await app.payouts.runRound();
      const failed = await cashoutRow(db(), id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, failureReason: expect.stringContaining('HTTP 503') });
      expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
      await app.payouts.runRound();
      expect((await cashoutRow(db(), id)).status).toBe('failed');
      await dueNow(db(), id);
      await app.payouts.runRound();
      const paid = await cashoutRow(db(), id);
      expect(paid).toMatchObject({ status: 'paid', attempts: 2, payoutId: failed.payoutId });
      expect(standIn.posts.get(paid.payoutId)).toBe(2);
      expect(standIn.paid.get(paid.payoutId)).toBe(1);
    });

    it('after a timeout, learns from the provider that it was paid: no second POST', async () => {
      const { token } = await eligibleUser(app, db());
      standIn.behaviour.slowPostsMs = PROVIDER_TIMEOUT_MS + 1_500;
      const { id } = await cashOut(app, token, 2);
      await app.payouts.runRound();
      expect(await cashoutRow(db(), id)).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('did not answer') });
      standIn.behaviour.slowPostsMs = undefined;
      await dueNow(db(), id);
      await app.payouts.runRound();
      const row = await cashoutRow(db(), id);
      expect(row.status).toBe('paid');
      expect(standIn.posts.get(row.payoutId)).toBe(1);
      expect(standIn.paid.get(row.payoutId)).toBe(1);
    });

    it('reconciles a failed cashout its provider has in progress back to sending, then paid', async () => {
      const { token } = await eligibleUser(app, db());
      standIn.behaviour.payAtOnce = false;
      standIn.behaviour.slowPostsMs = PROVIDER_TIMEOUT_MS + 1_500;
      const { id } = await cashOut(app, token, 1);
      await app.payouts.runRound();
      standIn.behaviour.slowPostsMs = undefined;
      expect((await cashoutRow(db(), id)).status).toBe('failed');
      const reconciled = await ops(database(), 'payouts:reconcile');
      expect(reconciled.out).toContain(`Cashout ${id}: failed -> sending`);
      const row = await cashoutRow(db(), id);
      standIn.settle(row.payoutId, 'paid');
      expect((await ops(database(), 'payouts:reconcile')).out).toContain(`Cashout ${id}: sending -> paid`);
      expect(standIn.posts.get(row.payoutId)).toBe(1);
    });

    it('stops after PAYOUT_RETRY_LIMIT tries and waits for an operator; payouts:retry sends it again', async () => {
      const { token, email } = await eligibleUser(app, db());
      standIn.behaviour.failPosts = { status: 500, count: 3 };
      const { id } = await cashOut(app, token, 1);
      for (let attempt = 0; attempt < 3; attempt++) {
        await dueNow(db(), id);
        await app.payouts.runRound();
      }
      const waiting = await cashoutRow(db(), id);
      expect(waiting).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null, failureReason: expect.stringContaining('waiting for an operator') });
      expect((await ops(database(), 'payouts:list', '--status', 'failed', '--json')).out).toContain(`"id":${id}`);
      const retried = await ops(database(), 'payouts:retry', String(id), '--reason', 'provider back');
      expect(retried).toMatchObject({ code: 0, out: expect.stringContaining(`Cashout ${id}: failed, due again now`) });
      await app.payouts.runRound();
      expect((await cashoutRow(db(), id)).status).toBe('paid');
      const audit = await ops(database(), 'audit', '--user', email, '--json');
      expect(audit.out).toContain('payouts:retry');
    });

    it('a refusal for good waits for an operator; cashouts:reject refunds it once the provider confirms it never paid', async () => {
      const { token, user } = await eligibleUser(app, db(), 10_000);
      standIn.behaviour.refusedAccounts = ['closed@example.com'];
      const { id } = await cashOut(app, token, 4, 'closed@example.com');
      await app.payouts.runRound();
      expect(await cashoutRow(db(), id)).toMatchObject({ status: 'failed', nextAttemptAt: null, failureReason: expect.stringContaining('HTTP 422') });
      expect(await balanceOf(db(), user.id)).toBe(6_000);
      const rejected = await ops(database(), 'cashouts:reject', String(id), '--reason', 'PayPal account closed');
      expect(rejected).toMatchObject({ code: 0, out: expect.stringContaining(`Cashout ${id}: failed -> rejected; $4.00 refunded`) });
      expect(await balanceOf(db(), user.id)).toBe(10_000);
      expect(await refundsOf(id)).toHaveLength(1);
    });

    it('refuses to refund a failed cashout its provider has', async () => {
      const { token } = await eligibleUser(app, db(), 10_000);
      standIn.behaviour.slowPostsMs = PROVIDER_TIMEOUT_MS + 1_500;
      const { id } = await cashOut(app, token, 1);
      await app.payouts.runRound();
      standIn.behaviour.slowPostsMs = undefined;
      expect((await cashoutRow(db(), id)).status).toBe('failed');
      const refused = await ops(database(), 'cashouts:reject', String(id), '--reason', 'give up');
      expect(refused).toMatchObject({ code: 1, err: expect.stringContaining('the simulated provider says paid') });
      expect(await refundsOf(id)).toEqual([]);
      await ops(database(), 'payouts:reconcile');
      expect((await cashoutRow(db(), id)).status).toBe('paid');
    });

    it('reconciles a cashout whose worker died mid-send: asked, back to approved, sent once', async () => {
      const { token } = await eligibleUser(app, db());
      standIn.behaviour.payAtOnce = false;
      const { id } = await cashOut(app, token, 2);
      // The worker claimed it, then died before calling the provider.
      const claimed = await claimSendable(db(), 1_000);
      expect(claimed.map((row) => row.id)).toContain(id);
      const others = claimed.filter((row) => row.id !== id).map((row) => row.id);
      if (others.length > 0) await db().update(cashouts).set({ status: 'approved' }).where(sql`${cashouts.id} in ${others}`);
      const early = await ops(database(), 'payouts:reconcile');
      expect(early.out).not.toContain(`Cashout ${id}:`);
      await db()
        .update(cashouts)
        .set({ sendingSince: sql`now() - make_interval(secs => ${SEND_LEASE_MS / 1000 + 1})` })
        .where(eq(cashouts.id, id));
      const reconciled = await ops(database(), 'payouts:reconcile');
      expect(reconciled.out).toContain(`Cashout ${id}: sending -> approved: the provider has no payout under this id`);
      await app.payouts.runRound();
      const row = await cashoutRow(db(), id);
      expect(row).toMatchObject({ status: 'sending', providerReference: expect.stringMatching(/^STAND-/) });
      standIn.settle(row.payoutId, 'paid');
      await dueNow(db(), id);
      await app.payouts.runRound();
      expect((await cashoutRow(db(), id)).status).toBe('paid');
      expect(standIn.posts.get(row.payoutId)).toBe(1);
    });

    it('refunds a returned payout once, through the ledger, whatever repeats it', async () => {
      const { token, user } = await eligibleUser(app, db(), 10_000);
      const { id } = await cashOut(app, token, 5);
      await app.payouts.runRound();
      const row = await cashoutRow(db(), id);
      expect(row.status).toBe('paid');
      standIn.settle(row.payoutId, 'returned', 'Receiver refused the payment');
      const first = await ops(database(), 'payouts:reconcile', '--json');
      expect(JSON.parse(first.out).result.changes).toEqual([]); // paid cashouts are not asked about: webhooks tell
      const body = JSON.stringify({ events: [{ event_id: 'e1', id: row.payoutId, reference: row.providerReference, status: 'returned', reason: 'Receiver refused the payment' }] });
      expect((await webhook(body)).json()).toMatchObject({ changed: 1 });
      expect((await webhook(body)).json()).toMatchObject({ changed: 0 });
      expect(await cashoutRow(db(), id)).toMatchObject({ status: 'returned', failureReason: 'Receiver refused the payment', settledAt: expect.any(Date) });
      expect(await refundsOf(id)).toHaveLength(1);
      expect(await balanceOf(db(), user.id)).toBe(10_000);
      expect((await history(token))[0]).toMatchObject({ id, status: 'returned', rejection_reason: 'Receiver refused the payment' });
    });
  });

  describe('webhooks', () => {
    async function sentCashout() {
      standIn.behaviour.payAtOnce = false;
      const { token, user } = await eligibleUser(app, db(), 10_000);
      const { id } = await cashOut(app, token, 3);
      await app.payouts.runRound();
      const row = await cashoutRow(db(), id);
      expect(row.status).toBe('sending');
      return { row, user, token };
    }
    const eventBody = (row: { payoutId: string; providerReference: string | null }, status: string, eventId = `e-${status}`) =>
      JSON.stringify({ events: [{ event_id: eventId, id: row.payoutId, reference: row.providerReference, status }] });

    it('pays on a verified webhook; a duplicate and a late "pending" change nothing', async () => {
      const { row, user } = await sentCashout();
      expect((await webhook(eventBody(row, 'paid'))).json()).toEqual({ status: 'success', events: 1, changed: 1 });
      expect((await webhook(eventBody(row, 'paid'))).json()).toEqual({ status: 'success', events: 1, changed: 0 });
      expect((await webhook(eventBody(row, 'pending'))).json()).toMatchObject({ changed: 0 });
      expect((await webhook(eventBody(row, 'failed'))).json()).toMatchObject({ changed: 0 });
      expect(await cashoutRow(db(), row.id)).toMatchObject({ status: 'paid' });
      expect(await noticesOf(user.id, 'cashout_paid')).toHaveLength(1);
    });

    it('refuses a wrong signature (401), an unreadable body (400) and an unknown rail (404), changing nothing', async () => {
      const { row } = await sentCashout();
      const body = eventBody(row, 'paid');
      expect((await webhook(body, 'f'.repeat(64))).statusCode).toBe(401);
      expect((await webhook(body, '')).statusCode).toBe(401);
      expect((await webhook(`${body} `, signSimulatedWebhook(WEBHOOK_SECRET, body))).statusCode).toBe(401);
      expect((await webhook('not json')).statusCode).toBe(400);
      expect((await webhook('{"events":[{"id":1}]}')).statusCode).toBe(400);
      expect((await webhook('{"events":"x"}')).statusCode).toBe(400);
      for (const rail of ['manual', 'paypal', 'nope', 'SIMULATED', '..%2f']) {
        const response = await app.inject({ method: 'POST', url: `/api/payouts/webhooks/${rail}`, payload: body, headers: { 'content-type': 'application/json' } });
        expect(response.statusCode).toBe(404);
      }
      expect((await cashoutRow(db(), row.id)).status).toBe('sending');
    });

    it('never answers 5xx to hostile bodies, signed or not, and moves a cashout only forward; a body over 256 KB is 413', async () => {
      const { row } = await sentCashout();
      const event = fc.record({
        event_id: fc.oneof(fc.string(), fc.integer()),
        id: fc.oneof(fc.constant(row.payoutId), fc.string(), fc.constant(null)),
        reference: fc.oneof(fc.string(), fc.constant(null)),
        status: fc.oneof(fc.constantFrom('pending', 'paid', 'failed', 'returned', 'unclaimed', 'PAID', ''), fc.string()),
        reason: fc.oneof(fc.string({ maxLength: 2000 }), fc.integer()),
      });
      const body = fc.oneof(
        fc.string(),
        fc.json(),
        fc.array(event).map((events) => JSON.stringify({ events })),
        event.map((one) => JSON.stringify({ events: [one, one] })),
      );
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (text, signed) => {
          const response = await webhook(text, signed ? signSimulatedWebhook(WEBHOOK_SECRET, text) : 'nope');
          expect(response.statusCode).toBeLessThan(500);
          if (!signed) expect(response.statusCode).toBe(401);
        }),
        { numRuns: 150 },
      );
      const after = await cashoutRow(db(), row.id);
      // Only a signed, well-formed event of its id may have moved it, and only forward.
      expect(['sending', 'paid', 'failed', 'returned', 'unclaimed']).toContain(after.status);
      expect((await webhook('x'.repeat(300 * 1024))).statusCode).toBe(413);
      expect(await verifyLedger(db())).toEqual([]);
    });

    it('acknowledges events of payouts it does not know', async () => {
      const body = JSON.stringify({ events: [{ event_id: 'x', id: 'not-ours', reference: 'R', status: 'paid' }] });
      expect((await webhook(body)).json()).toEqual({ status: 'success', events: 1, changed: 0 });
    });
  });

  describe('pnpm ops payouts:*', () => {
    it.each([
      ['payouts:list', '--status', 'pending'],
      ['payouts:list', '--status'],
      ['payouts:list', '--limit', '0'],
      ['payouts:list', '--verbose'],
      ['payouts:retry'],
      ['payouts:retry', 'abc', '--reason', 'x'],
      ['payouts:retry', '1'],
      ['payouts:retry', '1', '2', '--reason', 'x'],
      ['payouts:reconcile', 'now'],
      ['users:verify-email', 'not-an-email', '--reason', 'x'],
      ['users:verify-email', 'a@b.co'],
    ])('exits 2 with the usage for %p', async (...argv) => {
      const result = await ops(database(), ...argv);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/Usage: pnpm ops (payouts|users):/);
    });

    it('payouts:retry refuses a cashout that is not failed, and an unknown one', async () => {
      const { token } = await eligibleUser(app, db());
      const { id } = await cashOut(app, token, 1);
      await app.payouts.runRound();
      expect(await ops(database(), 'payouts:retry', String(id), '--reason', 'x')).toMatchObject({ code: 1, err: `Cashout ${id} is paid, not failed: only a failed cashout can be retried.` });
      expect(await ops(database(), 'payouts:retry', '999999', '--reason', 'x')).toMatchObject({ code: 1, err: 'No cashout with id 999999' });
    });

    it('users:verify-email verifies an address (audited); the user answer says email_verified', async () => {
      const { token, email, user } = await fundedUser(app, db(), 0, { verified: false });
      const profile = async () => (await app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).json().data;
      expect((await profile()).email_verified).toBe(false);
      expect(await ops(database(), 'users:verify-email', email, '--reason', 'answered our email')).toMatchObject({ code: 0, out: `${email}: email verified` });
      expect((await profile()).email_verified).toBe(true);
      expect(await ops(database(), 'users:verify-email', email, '--reason', 'again')).toMatchObject({ code: 0, out: expect.stringContaining('was already verified') });
      expect(await ops(database(), 'users:verify-email', 'nobody@example.com', '--reason', 'x')).toMatchObject({ code: 1 });
      await makeEligible(db(), user.id);
    });
  });

  it('leaves the ledger consistent, and the stand-in never paid an id twice', async () => {
    expect(await verifyLedger(db())).toEqual([]);
    expect([...standIn.paid.values()].every((times) => times === 1)).toBe(true);
  });
});

describe(`the in-process simulated rail and the manual one on ${databaseKind}`, () => {
  const database = useTestDatabase();
  const db = () => database().db;

  it('pays after PAYOUT_SIMULATED_DELAY_MS, asking until then', async () => {
    const app = await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off', PAYOUT_RAIL_PAYPAL: 'simulated', PAYOUT_SIMULATED_DELAY_MS: '300' } });
    try {
      const { token } = await eligibleUser(app, db());
      const { id } = await cashOut(app, token, 5);
      await app.payouts.runRound();
      expect(await cashoutRow(db(), id)).toMatchObject({ status: 'sending', providerReference: expect.stringMatching(/^SIM-/) });
      await new Promise((resolve) => setTimeout(resolve, 350));
      await dueNow(db(), id);
      await app.payouts.runRound();
      expect((await cashoutRow(db(), id)).status).toBe('paid');
    } finally {
      await app.close();
    }
  });

  it('with the manual rail (the default), every cashout waits for review and approving marks it paid', async () => {
    const app = await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off' } });
    try {
      const { token } = await eligibleUser(app, db());
      const { id, status } = await cashOut(app, token, 5);
      expect(status).toBe('pending');
      expect((await cashoutRow(db(), id)).reviewRule).toBe('the paypal rail is manual: an operator pays it');
      const { cashout } = await approveCashout(db(), id);
      expect(cashout.status).toBe('paid');
    } finally {
      await app.close();
    }
  });
});
