import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { postbackCallbacks } from '../../db/schema';
import { distinctAddress, signUp } from '../../test/accounts';
import { buildTestApp, useTestApp } from '../../test/build-test-app';
import { createTestDatabase, useTestDatabase } from '../../test/test-database';
import { verifyLedger } from '../ledger/ledger';
import { genericSignedMessage } from './adapters/generic';
import { pruneCallbacks } from './callback-log';
import { DEV_POSTBACK_SECRET, WALL_ADAPTERS } from './registry';
import type { WallAdapter } from './wall-adapter';
import { balanceCoins, injectPostback, injectSigned, ledgerRows, postbackFields } from '../../test/wall-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The parameter each wall carries the user's reward in. */
const AMOUNT_PARAM: Record<string, string> = {
  bitlabs: 'val',
  ayetstudios: 'currency_amount',
  cpx: 'amount_local',
  torox: 'amount',
  lootably: 'currencyReward',
  notik: 'amount',
  adgate: 'points',
  revlum: 'reward',
};
const HOSTILE_AMOUNTS = ['NaN', 'Infinity', '-Infinity', '1e308', '-1e308', '99999999999999999999', '0x10', '1,000', '+5', '--5', '5 5', '١٢٣', '\u00005', 'x'.repeat(5000)];
const HOSTILE_QUERIES = ['', 'a=%E0%A4%A', '%', '&&&', '__proto__=1&constructor=2', 'user_id[]=1&uid[]=1', `x=${'y'.repeat(20_000)}`, 'user_id=1&user_id=2', 'uid=-1&tx=%00&val=1'];

/** A signed credit of each wall, with its amount replaced (walls whose signature leaves the amount out stay "valid"). */
function withAmount(adapter: WallAdapter, userId: number, amount: string) {
  const signed = adapter.sign({ base: 'http://localhost:80', userId, txid: `h-${randomUUID()}`, coins: 500, offerId: '77', eventId: '', reverse: false }, DEV_POSTBACK_SECRET);
  const name = AMOUNT_PARAM[adapter.slug]!;
  const swap = (text: string) => {
    const params = new URLSearchParams(text);
    params.set(name, amount);
    return params.toString();
  };
  const url = new URL(signed.url);
  if (signed.body !== undefined) return { ...signed, body: swap(signed.body) };
  return { ...signed, url: `${url.origin}${url.pathname}?${swap(url.search.slice(1))}` };
}

describe(`the postback route under attack on ${kind}`, () => {
  const { db, app } = useTestApp();

  it('answers malformed queries on every wall without a 5xx, and books nothing', async () => {
    const user = (await signUp(app(), {}, { from: distinctAddress() })).user;
    for (const wall of ['demo', ...WALL_ADAPTERS.map((adapter) => adapter.slug)]) {
      for (const query of HOSTILE_QUERIES) {
        for (const method of ['GET', 'POST'] as const) {
          const response = await app().inject({ method, url: `/api/postback/${wall}?${query}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: method === 'POST' ? query : undefined });
          expect([wall, query.slice(0, 40), response.statusCode < 500]).toEqual([wall, query.slice(0, 40), true]);
          expect(response.statusCode).not.toBe(200);
        }
      }
    }
    expect(await ledgerRows(db(), user.id)).toEqual([]);
  });

  it('refuses huge, negative-as-text and non-numbers as amounts on every provider, even when the signature leaves the amount out', async () => {
    const user = (await signUp(app(), {}, { from: distinctAddress() })).user;
    for (const adapter of WALL_ADAPTERS) {
      for (const amount of HOSTILE_AMOUNTS) {
        const response = await injectSigned(app(), withAmount(adapter, user.id, amount));
        expect([adapter.slug, amount.slice(0, 20), response.statusCode]).toEqual([adapter.slug, amount.slice(0, 20), expect.any(Number)]);
        expect([adapter.slug, amount.slice(0, 20), [403, 422].includes(response.statusCode)]).toEqual([adapter.slug, amount.slice(0, 20), true]);
      }
    }
    expect(await ledgerRows(db(), user.id)).toEqual([]);
  });

  it('403 without a signature and with one made by another key, on every provider', async () => {
    const user = (await signUp(app(), {}, { from: distinctAddress() })).user;
    for (const adapter of WALL_ADAPTERS) {
      const example = { base: 'http://localhost:80', userId: user.id, txid: `s-${randomUUID()}`, coins: 500, offerId: '77', eventId: '', reverse: false };
      const wrongKey = await injectSigned(app(), adapter.sign(example, 'someone-elses-key'));
      expect([adapter.slug, wrongKey.statusCode]).toEqual([adapter.slug, 403]);
      const good = adapter.sign(example, DEV_POSTBACK_SECRET);
      const unsigned = (text: string) => text.replace(/(^|[?&])(hash|sig|signature)=[^&]*/g, '$1');
      const headers = Object.fromEntries(Object.entries(good.headers).filter(([name]) => name === 'content-type'));
      const bare = { ...good, headers, url: unsigned(good.url), body: good.body === undefined ? undefined : unsigned(good.body) };
      if (adapter.secretInPath) bare.url = bare.url.replace(`/${DEV_POSTBACK_SECRET}`, '');
      expect([adapter.slug, (await injectSigned(app(), bare)).statusCode]).toEqual([adapter.slug, 403]);
    }
    expect(await ledgerRows(db(), user.id)).toEqual([]);
  });

  it("every adapter's sign() (what postback:simulate sends) is accepted: credit, repeat, reversal", async () => {
    const user = (await signUp(app(), {}, { from: distinctAddress() })).user;
    for (const adapter of WALL_ADAPTERS) {
      const example = { base: 'http://localhost:80', userId: user.id, txid: `sim-${adapter.slug}-${user.id}`, coins: 300, offerId: '77', eventId: '', reverse: false };
      const credit = adapter.sign(example, DEV_POSTBACK_SECRET);
      expect([adapter.slug, (await injectSigned(app(), credit)).statusCode, (await injectSigned(app(), credit)).statusCode]).toEqual([adapter.slug, 200, 200]);
      expect([adapter.slug, (await injectSigned(app(), adapter.sign({ ...example, reverse: true }, DEV_POSTBACK_SECRET))).statusCode]).toEqual([adapter.slug, 200]);
    }
    expect(await balanceCoins(db(), user.id)).toBe(0);
    expect((await ledgerRows(db(), user.id, 'offer_reversal')).length).toBe(WALL_ADAPTERS.length);
  });

  it('404 for unknown walls and extra path segments, and stores them too', async () => {
    for (const wall of ['nosuchwall', 'Demo', '..', '%2e%2e', 'a'.repeat(40), '__proto__', 'constructor', '%00']) {
      const response = await app().inject({ method: 'GET', url: `/api/postback/${wall}?user_id=1` });
      expect([wall, response.statusCode]).toEqual([wall, 404]);
    }
    expect((await app().inject({ method: 'GET', url: '/api/postback/demo/extra?user_id=1' })).statusCode).toBe(404);
    const [last] = await db().select().from(postbackCallbacks).orderBy(desc(postbackCallbacks.id)).limit(1);
    expect(last).toMatchObject({ wall: 'demo', outcome: 'refused', statusCode: 404, path: '/api/postback/demo/{token}' });
  });

  it('refuses ids holding the generic format\'s separator: one signed text could be read two ways', async () => {
    const user = (await signUp(app(), {}, { from: distinctAddress() })).user;
    const honest = postbackFields({ user_id: String(user.id), offer_id: 'a:b', event_id: '' });
    const forged = { ...honest, offer_id: 'a', event_id: 'b:' };
    expect(genericSignedMessage(honest)).toBe(genericSignedMessage(forged));
    for (const fields of [honest, forged, postbackFields({ user_id: String(user.id), txid: 'tx:1' })]) {
      expect((await injectPostback(app(), fields)).statusCode).toBe(422);
    }
    expect(await ledgerRows(db(), user.id)).toEqual([]);
  });

  it('stores every callback raw with its outcome and reason; a path secret never', async () => {
    const user = (await signUp(app(), {}, { from: distinctAddress() })).user;
    const fields = postbackFields({ user_id: String(user.id), payout: '0.40' });
    await injectPostback(app(), fields);
    await injectPostback(app(), fields);
    await injectPostback(app(), fields, { secret: 'wrong' });
    await injectPostback(app(), { ...fields, payout: 'lots' });
    const adgate = WALL_ADAPTERS.find((adapter) => adapter.slug === 'adgate')!;
    await injectSigned(app(), adgate.sign({ base: 'http://localhost:80', userId: user.id, txid: `ag-${user.id}`, coins: 100, offerId: '1', eventId: '', reverse: false }, DEV_POSTBACK_SECRET));
    const rows = await db().select().from(postbackCallbacks).where(eq(postbackCallbacks.userId, user.id)).orderBy(postbackCallbacks.id);
    expect(rows.map((row) => [row.wall, row.outcome, row.statusCode, row.reason])).toEqual([
      ['demo', 'credited', 200, 'Conversion credited.'],
      ['demo', 'duplicate', 200, 'Conversion already credited.'],
      ['demo', 'refused', 403, 'Invalid signature.'],
      ['adgate', 'credited', 200, 'Conversion credited.'],
    ]);
    expect(rows[0]).toMatchObject({ method: 'GET', path: '/api/postback/demo', txid: fields.txid, coins: 400, sourceIp: '127.0.0.1' });
    expect(rows[0]!.query).toContain(`txid=${fields.txid}`);
    expect(rows[3]!.path).toBe('/api/postback/adgate/{token}');
    expect(JSON.stringify(rows)).not.toContain(DEV_POSTBACK_SECRET);
    const malformed = await db().select().from(postbackCallbacks).where(eq(postbackCallbacks.outcome, 'malformed'));
    expect(malformed.some((row) => row.query.includes('payout=lots'))).toBe(true);
  });

  it("stores a callback whose raw text holds NUL bytes, which PostgreSQL's text cannot: each kept as U+FFFD", async () => {
    const body = `user_id=1&txid=nul-${randomUUID()}&payout=1.00\u0000\u0000&note=a\u0000b`;
    for (const wall of ['demo', 'lootably', 'nosuchwall']) {
      const response = await app().inject({ method: 'POST', url: `/api/postback/${wall}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
      expect(response.statusCode).toBeLessThan(500);
      const [stored] = await db().select().from(postbackCallbacks).where(eq(postbackCallbacks.body, body.replaceAll('\u0000', '\uFFFD')));
      expect(stored).toMatchObject({ wall, method: 'POST', statusCode: response.statusCode });
      await db().delete(postbackCallbacks).where(eq(postbackCallbacks.id, stored!.id));
    }
  });

  it('prunes stored callbacks older than the configured days', async () => {
    const [old] = await db()
      .insert(postbackCallbacks)
      .values({ wall: 'demo', method: 'GET', path: '/api/postback/demo', query: 'old', body: '', headers: '{}', sourceIp: '127.0.0.1', outcome: 'refused', statusCode: 403, reason: 'x', receivedAt: sql`now() - interval '91 days'` })
      .returning({ id: postbackCallbacks.id });
    const before = (await db().select().from(postbackCallbacks)).length;
    expect(await pruneCallbacks(db(), 90)).toBe(1);
    expect((await db().select().from(postbackCallbacks)).length).toBe(before - 1);
    expect(await db().select().from(postbackCallbacks).where(eq(postbackCallbacks.id, old!.id))).toEqual([]);
  });

  it('keeps the ledger invariant after all of it', async () => {
    expect(await verifyLedger(db())).toEqual([]);
  });
});

describe(`IP allowlists on ${kind}`, () => {
  const database = useTestDatabase();
  const CPX = 'cpx-key';
  const cpx = WALL_ADAPTERS.find((adapter) => adapter.slug === 'cpx')!;
  const lootably = WALL_ADAPTERS.find((adapter) => adapter.slug === 'lootably')!;
  const credit = (userId: number, secret = CPX) =>
    cpx.sign({ base: 'http://localhost:80', userId, txid: `ip-${randomUUID()}`, coins: 100, offerId: '1', eventId: '', reverse: false }, secret);

  async function withApp(env: Record<string, string>, work: (app: FastifyInstance, userId: number) => Promise<void>) {
    const app = await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off', POSTBACK_SECRET_CPX: CPX, ...env } });
    try {
      const { user } = await signUp(app, {}, { from: distinctAddress() });
      await work(app, user.id);
    } finally {
      await app.close();
    }
  }

  it('without TRUST_PROXY, forwarded headers cannot borrow an allowed address', async () => {
    await withApp({ POSTBACK_IPS_CPX: '188.40.3.73' }, async (app, userId) => {
      const attempts: Array<Record<string, string>> = [{ 'x-forwarded-for': '188.40.3.73' }, { 'x-real-ip': '188.40.3.73' }, { forwarded: 'for=188.40.3.73' }, { 'x-forwarded-for': '203.0.113.5, 188.40.3.73' }];
      for (const headers of attempts) {
        const response = await injectSigned(app, credit(userId), { from: '203.0.113.5', headers });
        expect([headers, response.statusCode, response.json().message]).toEqual([headers, 403, 'Callbacks of this wall are not accepted from this address.']);
      }
      expect((await injectSigned(app, credit(userId), { from: '188.40.3.73' })).statusCode).toBe(200);
      expect((await injectSigned(app, credit(userId), { from: '::ffff:188.40.3.73' })).statusCode).toBe(200);
      expect(await balanceCoins(database().db, userId)).toBe(200);
    });
  });

  it('behind a trusted proxy, the forwarded address is the one checked; ranges work', async () => {
    await withApp({ POSTBACK_IPS_CPX: '188.40.3.0/24, 2a01:4f8::/32', TRUST_PROXY: '1' }, async (app, userId) => {
      expect((await injectSigned(app, credit(userId), { from: '10.0.0.2', headers: { 'x-forwarded-for': '188.40.3.99' } })).statusCode).toBe(200);
      expect((await injectSigned(app, credit(userId), { from: '10.0.0.2', headers: { 'x-forwarded-for': '2a01:4f8:d0a:30ff::2' } })).statusCode).toBe(200);
      expect((await injectSigned(app, credit(userId), { from: '188.40.3.99', headers: { 'x-forwarded-for': '203.0.113.5' } })).statusCode).toBe(403);
    });
  });

  it("in production a wall's documented addresses apply by default, and a wall without any is refused until configured", async () => {
    await withApp({ NODE_ENV: 'production', APP_SECRET: 'prod-secret', POSTBACK_SECRET_LOOTABLY: 'lk' }, async (app, userId) => {
      expect((await injectSigned(app, credit(userId), { from: '203.0.113.5' })).statusCode).toBe(403);
      expect((await injectSigned(app, credit(userId), { from: '157.90.97.92' })).statusCode).toBe(200);
      const loot = lootably.sign({ base: 'http://localhost:80', userId, txid: `l-${randomUUID()}`, coins: 100, offerId: '1', eventId: '', reverse: false }, 'lk');
      const refused = await injectSigned(app, loot, { from: '203.0.113.5' });
      expect([refused.statusCode, refused.body]).toEqual([403, 'ERROR: Postbacks of this wall are not configured. (POSTBACK_IPS_LOOTABLY)']);
    });
  });

  it('reads POSTBACK_IPS_<WALL> strictly', () => {
    expect(() => buildTestApp({ database: database(), env: { POSTBACK_IPS_CPX: '188.40.3.73, not-an-ip' } })).toThrow('POSTBACK_IPS_CPX: "not-an-ip" is not an IP address');
  });
});

describe('a transient failure', () => {
  it('answers 503 (the wall retries) when the database is down', async () => {
    const handle = await createTestDatabase();
    const app = await buildTestApp({ database: handle, env: { RATE_LIMITS: 'off' } });
    try {
      await handle.close();
      const response = await injectPostback(app, postbackFields({ user_id: '1' }));
      expect([response.statusCode, response.json()]).toEqual([503, { status: 'error', code: 'service_unavailable', message: 'Temporarily unavailable; please retry.' }]);
      const torox = WALL_ADAPTERS.find((adapter) => adapter.slug === 'torox')!;
      const text = await injectSigned(app, torox.sign({ base: 'http://localhost:80', userId: 1, txid: 't', coins: 5, offerId: '1', eventId: '', reverse: false }, DEV_POSTBACK_SECRET));
      expect([text.statusCode, text.body]).toEqual([503, 'ERROR: Temporarily unavailable; please retry.']);
    } finally {
      await app.close();
    }
  });
});
