import { randomBytes } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { postbackCallbacks } from '../../db/schema';
import { captureMailer, signUp } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { postbackFields, postbackPath } from '../../test/wall-test-kit';
import { cutToBytes, MAX_REFUSED_STORED_BYTES } from './callback-log';
import { TOO_MANY_REFUSED } from './postback-pipeline';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const LIMIT = 5;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('cutToBytes', () => {
  it('keeps short text, and cuts long text at a character boundary within the bytes', () => {
    expect(cutToBytes('abc', 2048)).toBe('abc');
    expect(cutToBytes('a'.repeat(3000), 2048)).toHaveLength(2048);
    const cut = cutToBytes('é'.repeat(2000), 2049);
    expect(bytes(cut)).toBe(2048);
    expect(cut).toBe('é'.repeat(1024));
    expect(cutToBytes('😀'.repeat(1000), 2047)).toBe('😀'.repeat(511));
    expect(cutToBytes('x\uD800'.repeat(1000), 2048).length).toBeGreaterThan(0);
  });
});

/** Each store the limit can count in: this process, and Redis when TEST_REDIS_URL is set. */
const stores: Array<[string, Record<string, string>]> = [
  ['in memory', {}],
  ...(process.env.TEST_REDIS_URL ? [['in Redis', { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:` }] as [string, Record<string, string>]] : []),
];

describe.each(stores)(`refused postback callbacks on ${kind}, counted %s`, (_store, storeEnv) => {
  const database = useTestDatabase();
  const db = () => database().db;
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env: { ...storeEnv, RATE_LIMITS: `postback_refused=${LIMIT}/1m,register_ip=1000/1m` } });
  });
  afterAll(() => app.close());

  let next = 0;
  /** A fresh sender address per test: the counters of one test do not reach the next. */
  const freshAddress = () => `203.0.113.${++next}`;
  const stored = async () => (await db().select({ value: count() }).from(postbackCallbacks))[0]?.value ?? 0;
  const latest = async () => (await db().select().from(postbackCallbacks).orderBy(desc(postbackCallbacks.id)).limit(1))[0]!;
  const get = (url: string, from: string) => app.inject({ method: 'GET', url, remoteAddress: from });

  it(`stores ${LIMIT} refused callbacks from one address a minute, then answers 429 and stores nothing`, async () => {
    const from = freshAddress();
    const before = await stored();
    for (let n = 0; n < LIMIT; n++) expect((await get(`/api/postback/no-such-wall?n=${n}`, from)).statusCode).toBe(404);
    expect(await stored()).toBe(before + LIMIT);

    // Unknown wall, bad signature, malformed: each past the limit now.
    for (const url of ['/api/postback/no-such-wall', '/api/postback/demo?user_id=1&txid=x&payout=1&status=1&sig=wrong', '/api/postback/demo?user_id=abc']) {
      const response = await get(url, from);
      expect([url, response.statusCode]).toEqual([url, 429]);
      expect(response.json()).toEqual({ status: 'error', code: 'too_many_refused_callbacks', message: TOO_MANY_REFUSED });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // A wall that answers text answers in text.
    const text = await get('/api/postback/torox?oid=1', from);
    expect(text.statusCode).toBe(429);
    expect(text.body).toBe(`ERROR: ${TOO_MANY_REFUSED}`);
    expect(await stored()).toBe(before + LIMIT);

    // Another address is counted on its own.
    expect((await get('/api/postback/no-such-wall', freshAddress())).statusCode).toBe(404);
    expect(await stored()).toBe(before + LIMIT + 1);
  });

  it('never holds an accepted callback, even from an address past the limit', async () => {
    const from = freshAddress();
    const { user } = await signUp(app);
    for (let n = 0; n <= LIMIT; n++) await get('/api/postback/no-such-wall', from);
    expect((await get('/api/postback/no-such-wall', from)).statusCode).toBe(429);

    const fields = postbackFields({ user_id: String(user.id) });
    const credited = await get(postbackPath(fields), from);
    expect(credited.statusCode).toBe(200);
    expect(await latest()).toMatchObject({ outcome: 'credited', sourceIp: from, truncated: false });
    // A repeat is accepted too (a duplicate): answered and stored.
    expect((await get(postbackPath(fields), from)).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ outcome: 'duplicate', sourceIp: from });
  });

  it('keeps 2 KB of each part of a refused callback and says it was cut; an accepted one whole', async () => {
    const from = freshAddress();
    const long = 'q'.repeat(6000);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/postback/${'w'.repeat(90)}?${long}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-padding': 'h'.repeat(6000) },
      payload: `a=${'é'.repeat(4000)}`,
      remoteAddress: from,
    });
    expect(refused.statusCode).toBe(404);
    const row = await latest();
    expect(row.outcome).toBe('refused');
    expect(row.truncated).toBe(true);
    for (const part of [row.path, row.query, row.body, row.headers]) expect(bytes(part)).toBeLessThanOrEqual(MAX_REFUSED_STORED_BYTES);
    expect(row.query).toBe('q'.repeat(MAX_REFUSED_STORED_BYTES));
    expect(row.body).toBe(`a=${'é'.repeat((MAX_REFUSED_STORED_BYTES - 2) / 2)}`);

    // Malformed and badly signed callbacks of a known wall alike.
    for (const query of [`user_id=abc&pad=${long}`, `user_id=1&txid=t&payout=1&status=1&sig=wrong&pad=${long}`]) {
      const response = await get(`/api/postback/demo?${query}`, from);
      expect([422, 403]).toContain(response.statusCode);
      expect(await latest()).toMatchObject({ outcome: response.statusCode === 422 ? 'malformed' : 'refused', truncated: true, query: query.slice(0, MAX_REFUSED_STORED_BYTES) });
    }

    const small = await get('/api/postback/no-such-wall?x=1', from);
    expect(small.statusCode).toBe(404);
    expect(await latest()).toMatchObject({ query: 'x=1', truncated: false });

    const { user } = await signUp(app);
    // A parameter the wall adds beyond what it signs, as walls do.
    const url = `${postbackPath(postbackFields({ user_id: String(user.id) }))}&click_note=${'n'.repeat(3000)}`;
    const accepted = await get(url, from);
    expect(accepted.statusCode).toBe(200);
    const kept = await latest();
    expect(kept).toMatchObject({ outcome: 'credited', truncated: false });
    expect(kept.query).toBe(url.split('?')[1]);
    expect(bytes(kept.query)).toBeGreaterThan(3000);
  });

  it('does not count accepted callbacks toward the limit', async () => {
    const from = freshAddress();
    const { user } = await signUp(app);
    for (let n = 0; n < LIMIT * 3; n++) expect((await get(postbackPath(postbackFields({ user_id: String(user.id) })), from)).statusCode).toBe(200);
    for (let n = 0; n < LIMIT; n++) expect((await get('/api/postback/no-such-wall', from)).statusCode).toBe(404);
    expect((await get('/api/postback/no-such-wall', from)).statusCode).toBe(429);
    expect(await db().select({ value: count() }).from(postbackCallbacks).where(eq(postbackCallbacks.sourceIp, from))).toEqual([{ value: LIMIT * 4 }]);
  });
});
