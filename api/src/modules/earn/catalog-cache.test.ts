import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Offer } from '@rewards/shared/contracts/offer-types';
import { appMeta, offers } from '../../db/schema';
import { bearer, signUp } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { waitUntil } from '../../test/wait-until';
import { importCatalog, parseCatalog } from './catalog';
import { CATALOG_VERSION_KEY } from './catalog-cache';
import { publishCatalogChange } from './catalog-events';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

function getOffers(app: FastifyInstance, headers: Record<string, string> = {}, payload: object = {}) {
  return app.inject({ method: 'POST', url: '/api/Offers/Get', payload, headers });
}

async function offerName(app: FastifyInstance, offerId: string): Promise<string | undefined> {
  const list = (await getOffers(app)).json().data as Offer[];
  return list.find((offer) => offer.offer_id === offerId)?.name;
}

/** Changes an offer the way another process would: nothing in this process hears of it. */
async function renameBehindTheServersBack(db: ReturnType<ReturnType<typeof useTestDatabase>>['db'], offerId: string, name: string, bumpVersion: boolean) {
  await db.update(offers).set({ name }).where(eq(offers.partnerOfferId, offerId));
  if (bumpVersion) {
    await db
      .insert(appMeta)
      .values({ key: CATALOG_VERSION_KEY, value: '1' })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`(${appMeta.value}::bigint + 1)::text` } });
  }
}

describe(`Offers/Get from memory on ${kind}`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => app.close());

  it('tags each answer (per user) and answers 304 without a body when the client has it', async () => {
    const { token } = await signUp(app);
    const first = await getOffers(app, bearer(token));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect((await getOffers(app, bearer(token))).headers.etag).toBe(etag);

    const notModified = await getOffers(app, { ...bearer(token), 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await getOffers(app, { ...bearer(token), 'if-none-match': `"other", ${etag.replace('W/', '')}` })).statusCode).toBe(304);

    // Another user's links carry another id; a visitor's none: neither may be answered 304 with this tag.
    const other = await signUp(app);
    expect((await getOffers(app, { ...bearer(other.token), 'if-none-match': etag })).statusCode).toBe(200);
    const visitor = await getOffers(app, { 'if-none-match': etag });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers.etag).not.toBe(etag);
    // Each device filter is its own answer.
    expect((await getOffers(app, { ...bearer(token), 'if-none-match': etag }, { device: 'iOS' })).statusCode).toBe(200);
  });

  it('sends brotli or gzip as the client accepts, the same JSON as plain', async () => {
    const { token } = await signUp(app);
    const plain = await getOffers(app, bearer(token));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const brotli = await getOffers(app, { ...bearer(token), 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await getOffers(app, { ...bearer(token), 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // From the cache the second time: the very same bytes.
    const again = await getOffers(app, { ...bearer(token), 'accept-encoding': 'gzip' });
    expect(again.rawPayload.equals(gzip.rawPayload)).toBe(true);
  });

  it('shows an import in this process at once, under a new tag', async () => {
    const before = await getOffers(app);
    const [offer] = before.json().data as Offer[];
    await importCatalog(
      database().db,
      parseCatalog({ offers: [{ offer_id: offer!.offer_id, name: 'Renamed By Import', title: offer!.title, image_url: '/x.svg', rate: 3, platforms: ['PC'], payout: 1 }] }),
    );
    const after = await getOffers(app, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect((after.json().data as Offer[]).find((item) => item.offer_id === offer!.offer_id)?.name).toBe('Renamed By Import');
    expect((await getOffers(app, {}, { device: 'Android' })).json().data.some((item: Offer) => item.offer_id === offer!.offer_id)).toBe(false);
  });

  it("notices another process's import (the catalog version) without being told", async () => {
    const [offer] = (await getOffers(app)).json().data as Offer[];
    await renameBehindTheServersBack(database().db, offer!.offer_id, 'Renamed Elsewhere', true);
    await waitUntil(async () => (await offerName(app, offer!.offer_id)) === 'Renamed Elsewhere', 'the rename from another process');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const describeWithRedis = redisUrl ? describe : describe.skip;

// Runs when TEST_REDIS_URL is set: two instances, one Redis (shared with other runs: a channel of our own).
describeWithRedis(`Offers/Get of several instances, told through Redis, on ${kind}`, () => {
  const database = useTestDatabase();
  const redis = { url: redisUrl!, prefix: `test-${randomBytes(6).toString('hex')}:` };
  const instances: FastifyInstance[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) instances.push(await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off', REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix } }));
  });
  afterAll(() => Promise.all(instances.map((app) => app.close())));

  it('drops every instance’s cached catalog when an import is announced', async () => {
    const [offer] = (await getOffers(instances[0]!)).json().data as Offer[];
    for (const app of instances) expect(await offerName(app, offer!.offer_id)).toBe(offer!.name);
    // No version change: only the announcement can make them read the catalog again.
    await renameBehindTheServersBack(database().db, offer!.offer_id, 'Renamed And Announced', false);
    expect(await offerName(instances[0]!, offer!.offer_id)).toBe(offer!.name);
    await publishCatalogChange(redis);
    for (const app of instances) await waitUntil(async () => (await offerName(app, offer!.offer_id)) === 'Renamed And Announced', 'the announced rename');
  });
});
