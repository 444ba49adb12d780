import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PusherClient from 'pusher-js';
import type { LiveLead } from '@rewards/shared/contracts/api-types';
import { LEAD_CREATED_EVENT, LEADS_CHANNEL } from '@rewards/shared/contracts/realtime';
import type { DatabaseHandle } from '../../db/database';
import { conversions, ledgerEntries, users } from '../../db/schema';
import { captureMailer, distinctAddress, signUp } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { openExtraPool } from '../../test/extra-pool';
import { useTestDatabase } from '../../test/test-database';
import { appendLedgerEntry, InsufficientBalanceError, verifyLedger } from '../ledger/ledger';
import { signGenericPostback } from '../walls/adapters/generic';
import { balanceCoins, heldCoins, injectPostback, ledgerRows, postbackFields, postbackPath } from '../../test/wall-test-kit';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const kind = onPostgres ? 'PostgreSQL' : 'PGlite';
const PUSHER = { PUSHER_APP_ID: 'test-app', PUSHER_KEY: 'test-key', PUSHER_SECRET: 'test-secret' };

describe(`postbacks on ${kind}`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;
  const db = () => database().db;

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'off', ...PUSHER } });
  });
  afterAll(() => app.close());

  const newUser = async (overrides = {}) => (await signUp(app, overrides, { from: distinctAddress() })).user;

  describe('crediting', () => {
    it('credits a signed postback once; every repeat answers 200 and changes nothing', async () => {
      const user = await newUser();
      const fields = postbackFields({ user_id: String(user.id), payout: '1.50' });
      const first = await injectPostback(app, fields);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ status: 'success', message: 'Conversion credited.' });
      for (let i = 0; i < 3; i++) {
        const again = await injectPostback(app, fields);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual({ status: 'success', message: 'Conversion already credited.' });
      }
      expect(await balanceCoins(db(), user.id)).toBe(1500);
      const rows = await ledgerRows(db(), user.id);
      expect(rows).toEqual([expect.objectContaining({ kind: 'offer_credit', amountCoins: 1500, reference: `demo:${fields.txid}` })]);
      expect(rows[0]?.note).toContain('Dragon Forge Legends');
    });

    it('the same txid on another wall is another conversion', async () => {
      const user = await newUser();
      const fields = postbackFields({ user_id: String(user.id), payout: '0.75' });
      expect((await injectPostback(app, fields)).statusCode).toBe(200);
      expect((await injectPostback(app, fields, { wall: 'offery' })).json().message).toBe('Conversion credited.');
      expect(await balanceCoins(db(), user.id)).toBe(1500);
    });

    it('100 concurrent copies of one postback credit once', async () => {
      const user = await newUser();
      const fields = postbackFields({ user_id: String(user.id), payout: '2.25' });
      const answers = await Promise.all(Array.from({ length: 100 }, () => injectPostback(app, fields)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(100).fill(200));
      expect(answers.filter((answer) => answer.json().message === 'Conversion credited.')).toHaveLength(1);
      expect(await balanceCoins(db(), user.id)).toBe(2250);
      expect(await ledgerRows(db(), user.id)).toHaveLength(1);
      expect(await db().select().from(conversions).where(eq(conversions.txid, fields.txid))).toHaveLength(1);
    });

    it('100 concurrent copies over real HTTP, split between two API instances with their own pools, credit once', async () => {
      const extra: DatabaseHandle = onPostgres ? await openExtraPool(database(), 40) : database();
      const second = await buildTestApp({ database: extra, env: { RATE_LIMITS: 'off', ...PUSHER } });
      try {
        const ports: number[] = [];
        for (const instance of [app, second]) {
          await instance.listen({ host: '127.0.0.1', port: 0 });
          ports.push((instance.server.address() as AddressInfo).port);
        }
        const user = await newUser();
        const referrer = await newUser();
        await db().update(users).set({ referredBy: referrer.id }).where(eq(users.id, user.id));
        const fields = postbackFields({ user_id: String(user.id), offer_id: 'kingdom-clash-tactics', event_id: 'hq-20', payout: '100.00' });
        const path = postbackPath(fields);
        const answers = await Promise.all(
          Array.from({ length: 100 }, async (_, i) => {
            const response = await fetch(`http://127.0.0.1:${ports[i % 2]}${path}`);
            return { status: response.status, body: (await response.json()) as { message: string } };
          }),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(200));
        expect(answers.filter((answer) => answer.body.message === 'Conversion credited.')).toHaveLength(1);
        // A credit of $10.00 or more is held (EARNING_HOLDS' default): in the held balance, once.
        expect(await heldCoins(db(), user.id)).toBe(100_000);
        expect(await balanceCoins(db(), user.id)).toBe(0);
        expect(await balanceCoins(db(), referrer.id)).toBe(5_000);
        expect(await ledgerRows(db(), user.id)).toHaveLength(1);
        expect(await ledgerRows(db(), referrer.id, 'referral_bonus')).toHaveLength(1);
        expect(await verifyLedger(db())).toEqual([]);
      } finally {
        await second.close();
        if (onPostgres) await extra.close();
      }
    });

    it('two last events arriving together complete the offer exactly once', async () => {
      const user = await newUser();
      const offer = 'ocean-merge-saga';
      const answers = await Promise.all(
        ['merge-8', 'island-2'].flatMap((event) => Array.from({ length: 10 }, () => postbackFields({ user_id: String(user.id), offer_id: offer, event_id: event, payout: '1.00' }))).map((fields) => injectPostback(app, fields)),
      );
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      const [row] = await db().select({ completedOffers: users.completedOffers }).from(users).where(eq(users.id, user.id));
      expect(row?.completedOffers).toBe(1);
    });
  });

  describe('reversals', () => {
    it('status 2 with the txid of the credit debits what it credited, once', async () => {
      const user = await newUser();
      const credit = postbackFields({ user_id: String(user.id), payout: '3.00' });
      await injectPostback(app, credit);
      // The reversal's own payout is not what is debited: the credit's amount is.
      const reversal = { ...credit, status: '2' as const, payout: '0.01' };
      const first = await injectPostback(app, reversal);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ status: 'success', message: 'Conversion reversed.' });
      const again = await injectPostback(app, reversal);
      expect(again.json()).toEqual({ status: 'success', message: 'Conversion already reversed.' });
      expect(await balanceCoins(db(), user.id)).toBe(0);
      expect(await ledgerRows(db(), user.id, 'offer_reversal')).toEqual([expect.objectContaining({ amountCoins: -3000, reference: `demo:${credit.txid}` })]);
      // A credit repeated after its reversal stays booked once: nothing comes back.
      expect((await injectPostback(app, credit)).json().message).toBe('Conversion already credited.');
      expect(await balanceCoins(db(), user.id)).toBe(0);
    });

    it('50 concurrent copies of a reversal debit once', async () => {
      const user = await newUser();
      const credit = postbackFields({ user_id: String(user.id), payout: '4.00' });
      await injectPostback(app, credit);
      const answers = await Promise.all(Array.from({ length: 50 }, () => injectPostback(app, { ...credit, status: '2' })));
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      expect(answers.filter((answer) => answer.json().message === 'Conversion reversed.')).toHaveLength(1);
      expect(await balanceCoins(db(), user.id)).toBe(0);
    });

    it('a reversal of a credit we never booked (or of another user) is 404 and changes nothing', async () => {
      const user = await newUser();
      const other = await newUser();
      const unknown = await injectPostback(app, postbackFields({ user_id: String(user.id), status: '2' }));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ status: 'error', code: 'unknown_transaction', message: 'Unknown transaction: nothing to reverse.' });
      const credit = postbackFields({ user_id: String(user.id), payout: '1.00' });
      await injectPostback(app, credit);
      expect((await injectPostback(app, { ...credit, user_id: String(other.id), status: '2' })).statusCode).toBe(404);
      expect(await balanceCoins(db(), user.id)).toBe(1000);
      expect(await ledgerRows(db(), other.id)).toEqual([]);
    });

    it('may take a balance below zero (a chargeback of spent money); debits stay refused, credits pay it back', async () => {
      const user = await newUser();
      const credit = postbackFields({ user_id: String(user.id), payout: '1.50' });
      await injectPostback(app, credit);
      await appendLedgerEntry(db(), { userId: user.id, amountCoins: -1500, kind: 'cashout', reference: `cashout:test-${user.id}` });
      expect((await injectPostback(app, { ...credit, status: '2' })).statusCode).toBe(200);
      expect(await balanceCoins(db(), user.id)).toBe(-1500);
      await expect(appendLedgerEntry(db(), { userId: user.id, amountCoins: -1, kind: 'cashout', reference: `cashout:test2-${user.id}` })).rejects.toBeInstanceOf(
        InsufficientBalanceError,
      );
      await injectPostback(app, postbackFields({ user_id: String(user.id), payout: '2.00' }));
      expect(await balanceCoins(db(), user.id)).toBe(500);
    });
  });

  describe('referrals (spec §9: 5 %)', () => {
    it('credits the referrer 5 % rounded down in its own row, and reverses it with the credit', async () => {
      const referrer = await signUp(app, {}, { from: distinctAddress() });
      const friend = await newUser({ referral_code: referrer.user.referral_code });
      const credit = postbackFields({ user_id: String(friend.id), payout: '1.239' });
      await injectPostback(app, credit);
      expect(await balanceCoins(db(), friend.id)).toBe(1239);
      // 5 % of 1239 coins is 61.95: 61.
      expect(await ledgerRows(db(), referrer.user.id)).toEqual([
        expect.objectContaining({ kind: 'referral_bonus', amountCoins: 61, reference: `demo:${credit.txid}`, note: `5% of user ${friend.id}'s demo:${credit.txid}` }),
      ]);
      const [booked] = await db().select().from(conversions).where(and(eq(conversions.wall, 'demo'), eq(conversions.txid, credit.txid)));
      expect(booked).toMatchObject({ userId: friend.id, payoutCoins: 1239, referrerId: referrer.user.id, referralCoins: 61, referralHeldCoins: 0, status: 'credited' });
      await injectPostback(app, { ...credit, status: '2' });
      expect(await ledgerRows(db(), referrer.user.id, 'referral_reversal')).toEqual([expect.objectContaining({ amountCoins: -61, reference: `demo:${credit.txid}` })]);
      expect(await balanceCoins(db(), referrer.user.id)).toBe(0);
    });

    it('books no referral row when 5 % is less than a coin', async () => {
      const referrer = await signUp(app, {}, { from: distinctAddress() });
      const friend = await newUser({ referral_code: referrer.user.referral_code });
      await injectPostback(app, postbackFields({ user_id: String(friend.id), payout: '0.019' }));
      expect(await ledgerRows(db(), referrer.user.id)).toEqual([]);
    });
  });

  describe('refusals change nothing', () => {
    it('403 for a bad signature', async () => {
      const user = await newUser();
      const fields = postbackFields({ user_id: String(user.id), payout: '5.00' });
      const good = signGenericPostback('dev-postback-secret', fields);
      const cases = [
        postbackPath(fields, { secret: 'wrong-secret' }),
        postbackPath(fields).replace('payout=5.00', 'payout=50.00'),
        postbackPath(fields).replace(`user_id=${user.id}`, `user_id=${user.id + 1}`),
        postbackPath(fields).replace(/&sig=[0-9a-f]+/, ''),
        postbackPath(fields).replace(/&sig=[0-9a-f]+/, `&sig=${good.slice(0, 40)}`),
        postbackPath(fields).replace(/&sig=[0-9a-f]+/, `&sig=${'z'.repeat(64)}`),
      ];
      for (const url of cases) {
        const response = await app.inject({ method: 'GET', url });
        expect([response.statusCode, response.json()]).toEqual([403, { status: 'error', code: 'invalid_signature', message: 'Invalid signature.' }]);
      }
      expect(await ledgerRows(db(), user.id)).toEqual([]);
      expect(await db().select().from(conversions).where(eq(conversions.txid, fields.txid))).toEqual([]);
    });

    it('422 for a malformed postback', async () => {
      const user = await newUser();
      const base = postbackFields({ user_id: String(user.id) });
      const malformed = [
        { ...base, user_id: 'abc' },
        { ...base, user_id: '0' },
        { ...base, txid: '' },
        { ...base, txid: 'has space' },
        { ...base, payout: '1.2345' },
        { ...base, payout: '-1' },
        { ...base, payout: '' },
        { ...base, status: '3' as never },
        { ...base, payout: '0' },
        { ...base, payout: '10000.001' },
      ];
      for (const fields of malformed) {
        const response = await injectPostback(app, fields);
        expect([fields, response.statusCode]).toEqual([fields, 422]);
        expect(response.json()).toMatchObject({ status: 'error', errors: expect.any(Object) });
      }
      for (const repeated of [`${postbackPath(base)}&txid=other`, `${postbackPath(base)}&sig=0`]) {
        expect((await app.inject({ method: 'GET', url: repeated })).statusCode).toBe(422);
      }
      expect(await ledgerRows(db(), user.id)).toEqual([]);
    });

    it('404 for an unknown wall, an unknown or deleted user', async () => {
      const user = await newUser();
      const unknownWall = await injectPostback(app, postbackFields({ user_id: String(user.id) }), { wall: 'nosuchwall' });
      expect([unknownWall.statusCode, unknownWall.json()]).toEqual([404, { status: 'error', code: 'unknown_wall', message: 'Unknown wall.' }]);
      expect((await app.inject({ method: 'GET', url: '/api/postback/Demo?x=1' })).statusCode).toBe(404);
      const unknownUser = await injectPostback(app, postbackFields({ user_id: '999999999' }));
      expect([unknownUser.statusCode, unknownUser.json()]).toEqual([404, { status: 'error', code: 'unknown_user', message: 'Unknown user.' }]);
      await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
      expect((await injectPostback(app, postbackFields({ user_id: String(user.id) }))).statusCode).toBe(404);
      expect(await ledgerRows(db(), user.id)).toEqual([]);
    });

    it('in production, a wall without a configured secret is refused (403) and configured keys are the only ones', async () => {
      const production = await buildTestApp({
        database: database(),
        env: { NODE_ENV: 'production', RATE_LIMITS: 'off', APP_SECRET: 'prod-app-secret', POSTBACK_SECRETS: 'demo:demo-key, acme:acme-key', POSTBACK_SECRET_OFFERY: 'offery-key' },
      });
      try {
        const user = await newUser();
        const fields = () => postbackFields({ user_id: String(user.id), payout: '1.00' });
        const refused = await production.inject({ method: 'GET', url: postbackPath(fields(), { wall: 'bloomtask' }) });
        expect([refused.statusCode, refused.json()]).toEqual([403, { status: 'error', code: 'wall_not_configured', message: 'Postbacks of this wall are not configured.' }]);
        expect((await production.inject({ method: 'GET', url: postbackPath(fields()) })).statusCode).toBe(403);
        expect((await production.inject({ method: 'GET', url: postbackPath(fields(), { secret: 'demo-key' }) })).statusCode).toBe(200);
        expect((await production.inject({ method: 'GET', url: postbackPath(fields(), { wall: 'offery', secret: 'offery-key' }) })).statusCode).toBe(200);
        expect((await production.inject({ method: 'GET', url: postbackPath(fields(), { wall: 'acme', secret: 'acme-key' }) })).statusCode).toBe(200);
        expect(await balanceCoins(db(), user.id)).toBe(3000);
        // The demo wall, which credits anyone, is off in production unless DEMO_WALLS=1.
        expect((await production.inject({ method: 'GET', url: `/api/walls/demo?user_id=${user.id}` })).statusCode).toBe(404);
      } finally {
        await production.close();
      }
    });
  });

  describe('live leads', () => {
    it('publishes lead.created after a credit ("Ada L.", dollars, wall, offer), not after a repeat', async () => {
      const listening = await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off', ...PUSHER } });
      await listening.listen({ host: '127.0.0.1', port: 0 });
      const port = (listening.server.address() as AddressInfo).port;
      const client = new PusherClient('test-key', { cluster: 'eu', wsHost: '127.0.0.1', wsPort: port, forceTLS: false, enabledTransports: ['ws'] });
      try {
        const channel = client.subscribe(LEADS_CHANNEL);
        await new Promise((resolve) => channel.bind('pusher:subscription_succeeded', resolve));
        const leads: LiveLead[] = [];
        channel.bind(LEAD_CREATED_EVENT, (lead: LiveLead) => leads.push(lead));
        const user = (await signUp(listening, { name: 'Ada   Lovelace' })).user;
        const fields = postbackFields({ user_id: String(user.id), offer_id: 'puzzle-harbor', payout: '1.50' });
        await injectPostback(listening, fields);
        await injectPostback(listening, fields);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(leads).toEqual([{ id: expect.any(Number), name: 'Ada L.', amount: '$1.50', wall: 'Demo Wall', offer: 'Puzzle Harbor' }]);
      } finally {
        client.disconnect();
        await listening.close();
      }
    });

    it('a publishing failure does not fail the postback', async () => {
      const unreachable = await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off', ...PUSHER, PUSHER_HOST: '127.0.0.1', PUSHER_PORT: '9' } });
      try {
        const user = await newUser();
        const response = await injectPostback(unreachable, postbackFields({ user_id: String(user.id), payout: '1.00' }));
        expect([response.statusCode, response.json().message]).toEqual([200, 'Conversion credited.']);
        expect(await balanceCoins(db(), user.id)).toBe(1000);
      } finally {
        await unreachable.close();
      }
    });
  });

  describe('after all of it', () => {
    it('leaves every balance equal to the sum of its ledger rows, every credit booked once', async () => {
      expect(await verifyLedger(db())).toEqual([]);
      const credits = await db().select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'offer_credit'));
      const booked = await db().select().from(conversions);
      expect(credits.length).toBe(booked.length);
      for (const conversion of booked.filter((row) => row.status === 'reversed')) {
        const reversal = await db()
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.kind, 'offer_reversal'), eq(ledgerEntries.reference, `${conversion.wall}:${conversion.txid}`)));
        expect(reversal.map((row) => row.amountCoins)).toEqual([-conversion.payoutCoins]);
      }
    });
  });
});
