import { and, eq } from 'drizzle-orm';
import type { MyOffer, Offer } from '@rewards/shared/contracts/offer-types';
import { userOffers } from '../../db/schema';
import { bearer, signUp } from '../../test/accounts';
import { buildTestApp, useTestApp } from '../../test/build-test-app';
import { injectPostback, postbackFields } from '../../test/wall-test-kit';
import { loadCatalogFile } from './catalog';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

// Only what the frontend reads: the platforms of an offer are the server's filter, not shown anywhere.
const OFFER_KEYS = ['categories', 'click_url', 'description', 'description2', 'description3', 'events', 'id', 'image_url', 'name', 'offer_id', 'payout', 'rate', 'title'];
const MY_OFFER_KEYS = ['click_url', 'completed_steps', 'description', 'events', 'id', 'image_url', 'name', 'offer_id', 'payout_cents', 'platform', 'status', 'total_steps'];

describe(`offers calls on ${kind}`, () => {
  const { database, app } = useTestApp();
  let catalogSize: number;
  let platformsOf: Map<string, readonly string[]>;

  beforeAll(async () => {
    const catalog = await loadCatalogFile(`${process.cwd()}/data/offers.sample.json`);
    catalogSize = catalog.length;
    platformsOf = new Map(catalog.map((offer) => [offer.offer_id, offer.platforms]));
  });
  const runsOn = (offer: Offer, platform: string) => platformsOf.get(offer.offer_id)?.includes(platform as never) ?? false;

  const getOffers = async (payload?: object, token?: string) => {
    const response = await app().inject({ method: 'POST', url: '/api/Offers/Get', payload, headers: token ? bearer(token) : {} });
    return { statusCode: response.statusCode, body: response.json() };
  };
  const myOffers = async (token: string): Promise<MyOffer[]> => {
    const response = await app().inject({ method: 'GET', url: '/api/Offers/my-offers', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const start = (token: string, offerId: unknown) =>
    app().inject({ method: 'POST', url: '/api/Offers/start', payload: { offer_id: offerId }, headers: bearer(token) });
  const offerById = async (offerId: string): Promise<Offer> => (await getOffers({})).body.data.find((offer: Offer) => offer.offer_id === offerId);

  describe('POST /api/Offers/Get', () => {
    it('lists the seeded catalog (40+ offers) in exactly the Offer shape, dollars as numbers', async () => {
      const { statusCode, body } = await getOffers({ country_code: '', ip: '', device_os: 'windows', device_type: 'desktop', user_agent: 'jest', device_name: 'other' });
      expect(statusCode).toBe(200);
      expect(body.status).toBe('success');
      const offers: Offer[] = body.data;
      expect(offers.length).toBe(catalogSize);
      expect(offers.length).toBeGreaterThanOrEqual(40);
      for (const offer of offers) {
        expect(Object.keys(offer).sort()).toEqual(OFFER_KEYS);
        expect(typeof offer.offer_id).toBe('string');
        expect(typeof offer.payout).toBe('number');
        expect(offer.rate).toBeGreaterThanOrEqual(0);
        expect(offer.rate).toBeLessThanOrEqual(5);
        expect(offer.image_url).toMatch(/^\/api\/assets\/offers\/[a-z0-9-]+\.svg\?v=[0-9a-f]{12}$/);
        for (const event of offer.events) expect(Object.keys(event).sort()).toEqual(['id', 'name', 'payout']);
      }
      const payouts = offers.map((offer) => offer.payout);
      expect(Math.min(...payouts)).toBe(0.5);
      expect(Math.max(...payouts)).toBe(120);
      expect(payouts).toContain(119.47);
      for (const platform of ['PC', 'Android', 'iOS']) expect(offers.some((offer) => runsOn(offer, platform))).toBe(true);
    });

    it("gives a visitor click links without a user, and a signed-in user links carrying their id", async () => {
      const visitor = await getOffers({});
      const dragon: Offer = visitor.body.data.find((offer: Offer) => offer.offer_id === 'dragon-forge-legends');
      expect(dragon.click_url).toBe('/api/walls/demo?user_id=&offer_id=dragon-forge-legends');
      expect(dragon.payout).toBe(119.47);
      expect(dragon.events.map((event) => event.payout)).toEqual([0.5, 4.97, 24, 90]);

      const { token, user } = await signUp(app());
      const signedIn = await getOffers({}, token);
      const mine: Offer = signedIn.body.data.find((offer: Offer) => offer.offer_id === 'dragon-forge-legends');
      expect(mine.click_url).toBe(`/api/walls/demo?user_id=${user.id}&offer_id=dragon-forge-legends`);
    });

    it('filters by device: PC, Android, iOS (any case); absent, empty or All lists everything', async () => {
      const all = (await getOffers({})).body.data as Offer[];
      for (const device of ['PC', 'Android', 'iOS']) {
        const { statusCode, body } = await getOffers({ device });
        expect(statusCode).toBe(200);
        const list = body.data as Offer[];
        expect(list.length).toBe(all.filter((offer) => runsOn(offer, device)).length);
        expect(list.every((offer) => runsOn(offer, device))).toBe(true);
        expect(list.length).toBeLessThan(all.length);
      }
      expect((await getOffers({ device: 'ios' })).body.data.length).toBe((await getOffers({ device: 'iOS' })).body.data.length);
      expect((await getOffers({ device: 'All' })).body.data.length).toBe(all.length);
      expect((await getOffers({ device: '' })).body.data.length).toBe(all.length);
      expect((await app().inject({ method: 'POST', url: '/api/Offers/Get' })).json().data.length).toBe(all.length);
    });

    it('answers 422 for an unknown device or a body that is not an object', async () => {
      const bad = await getOffers({ device: 'Windows' });
      expect(bad.statusCode).toBe(422);
      expect(bad.body).toEqual({ status: 'error', code: 'validation_failed', message: 'The device must be one of PC, Android, iOS.', errors: { device: ['The device must be one of PC, Android, iOS.'] }, field_codes: { device: [{ code: 'invalid_value' }] } });
      expect((await getOffers({ user_agent: 'x'.repeat(600) })).statusCode).toBe(422);
      const array = await app().inject({ method: 'POST', url: '/api/Offers/Get', payload: [1, 2], headers: { 'content-type': 'application/json' } });
      expect(array.statusCode).toBe(422);
    });

    it('makes our own paths absolute when PUBLIC_URL is set', async () => {
      const other = await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off', PUBLIC_URL: 'https://earnly.example/' } });
      try {
        const [offer] = (await other.inject({ method: 'POST', url: '/api/Offers/Get', payload: {} })).json().data as Offer[];
        expect(offer!.image_url).toMatch(/^https:\/\/earnly\.example\/api\/assets\/offers\/.+\.svg\?v=/);
        expect(offer!.click_url).toMatch(/^https:\/\/earnly\.example\/api\/walls\/demo\?user_id=&offer_id=/);
      } finally {
        await other.close();
      }
    });
  });

  describe('POST /api/Offers/start', () => {
    it('needs a session', async () => {
      const response = await app().inject({ method: 'POST', url: '/api/Offers/start', payload: { offer_id: 'puzzle-harbor' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'error', code: 'unauthenticated', message: 'Unauthenticated.' });
    });

    it('records the offer once: a second start changes nothing and answers success', async () => {
      const { token, user } = await signUp(app());
      for (let i = 0; i < 2; i++) {
        const response = await start(token, 'puzzle-harbor');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'success', message: 'Offer started.' });
      }
      const rows = await database().db.select().from(userOffers).where(eq(userOffers.userId, user.id));
      expect(rows).toHaveLength(1);
    });

    it('answers 404 for an unknown offer and 422 for a bad body', async () => {
      const { token } = await signUp(app());
      const unknown = await start(token, 'no-such-offer');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ status: 'error', code: 'offer_not_found', message: 'Offer not found.' });
      for (const offerId of [undefined, '', '   ', 42, 'x'.repeat(101)]) {
        const response = await start(token, offerId);
        expect(response.statusCode).toBe(422);
        expect(response.json().errors.offer_id).toBeDefined();
      }
    });
  });

  describe('GET /api/Offers/my-offers', () => {
    it('needs a session, and is empty before any start', async () => {
      expect((await app().inject({ method: 'GET', url: '/api/Offers/my-offers' })).statusCode).toBe(401);
      const { token } = await signUp(app());
      expect(await myOffers(token)).toEqual([]);
    });

    it('shows a started offer in exactly the MyOffer shape, with no step done', async () => {
      const { token, user } = await signUp(app());
      await start(token, 'star-miner-idle');
      const [mine] = await myOffers(token);
      const offer = await offerById('star-miner-idle');
      expect(Object.keys(mine!).sort()).toEqual(MY_OFFER_KEYS);
      expect(mine).toEqual({
        id: offer.id,
        offer_id: 'star-miner-idle',
        name: 'Star Miner Idle',
        image_url: offer.image_url,
        description: offer.description,
        payout_cents: 1840,
        platform: 'All',
        status: 'active',
        completed_steps: [],
        total_steps: 3,
        events: offer.events.map((event) => ({ ...event, completed: false, status: 0 })),
        click_url: `/api/walls/demo?user_id=${user.id}&offer_id=star-miner-idle`,
      });
    });

    it('tracks progress per event from postbacks, completes the offer once, and the profile follows', async () => {
      const { token, user } = await signUp(app());
      await start(token, 'star-miner-idle');
      const offer = await offerById('star-miner-idle');
      const [tutorial, planet2, planet3] = offer.events;

      await injectPostback(app(), postbackFields({ user_id: String(user.id), offer_id: 'star-miner-idle', event_id: 'tutorial', payout: '0.40' }));
      let [mine] = await myOffers(token);
      expect(mine!.completed_steps).toEqual([tutorial!.id]);
      expect(mine!.events.map((event) => event.status)).toEqual([1, 0, 0]);
      expect(mine!.status).toBe('active');

      await injectPostback(app(), postbackFields({ user_id: String(user.id), offer_id: 'star-miner-idle', event_id: 'planet-2', payout: '6.00' }));
      await injectPostback(app(), postbackFields({ user_id: String(user.id), offer_id: 'star-miner-idle', event_id: 'planet-3', payout: '12.00' }));
      [mine] = await myOffers(token);
      expect(mine!.completed_steps).toEqual([tutorial!.id, planet2!.id, planet3!.id]);
      expect(mine!.events.every((event) => event.completed && event.status === 1)).toBe(true);
      expect(mine!.status).toBe('completed');

      // Another credit on a completed offer (a new txid) counts the money, not a second completion.
      await injectPostback(app(), postbackFields({ user_id: String(user.id), offer_id: 'star-miner-idle', event_id: 'planet-3', payout: '1.00' }));
      const profile = (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).json().data;
      // The $12.00 credit is held (a single credit of $10.00 or more), so it is pending, not available.
      expect(profile).toMatchObject({
        wallet: '7.40',
        pending_wallet: '12.00',
        total_earnings: '19.40',
        earnings_last_30_days: '19.40',
        completed_offers: 1,
      });
    });

    it('a whole-offer credit (no event) completes every event; an offer without events completes with its one credit', async () => {
      const { token, user } = await signUp(app());
      await injectPostback(app(), postbackFields({ user_id: String(user.id), offer_id: 'puzzle-harbor', event_id: '', payout: '6.25' }));
      await injectPostback(app(), postbackFields({ user_id: String(user.id), offer_id: 'solitaire-voyage', event_id: '', payout: '2.40' }));
      const mine = await myOffers(token);
      // Neither was started: a credit creates the user's offer.
      expect(mine.map((offer) => offer.offer_id).sort()).toEqual(['puzzle-harbor', 'solitaire-voyage']);
      const puzzle = mine.find((offer) => offer.offer_id === 'puzzle-harbor')!;
      expect(puzzle).toMatchObject({ status: 'completed', total_steps: 2, platform: 'All', payout_cents: 625 });
      expect(puzzle.completed_steps).toHaveLength(2);
      const solitaire = mine.find((offer) => offer.offer_id === 'solitaire-voyage')!;
      expect(solitaire).toMatchObject({ status: 'completed', total_steps: 0, completed_steps: [], events: [], platform: 'Android', payout_cents: 240 });
      const profile = (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).json().data;
      expect(profile).toMatchObject({ wallet: '8.65', completed_offers: 2 });
    });

    it('a reversal takes the step and the completion back', async () => {
      const { token, user } = await signUp(app());
      const fields = postbackFields({ user_id: String(user.id), offer_id: 'word-garden', event_id: 'level-100', payout: '3.20' });
      await injectPostback(app(), fields);
      expect((await myOffers(token))[0]).toMatchObject({ status: 'completed' });
      expect((await injectPostback(app(), { ...fields, status: '2' })).statusCode).toBe(200);
      const [mine] = await myOffers(token);
      expect(mine).toMatchObject({ status: 'active', completed_steps: [] });
      const profile = (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).json().data;
      expect(profile).toMatchObject({ wallet: '0.00', total_earnings: '0.00', completed_offers: 0 });
      const rows = await database()
        .db.select()
        .from(userOffers)
        .where(and(eq(userOffers.userId, user.id), eq(userOffers.status, 'active')));
      expect(rows).toHaveLength(1);
    });
  });

  describe('offer images', () => {
    it('serves our SVGs: revalidated without a version, cached forever with the current one, 304 on a match', async () => {
      const [offer] = (await getOffers({})).body.data as Offer[];
      const [path, version] = offer!.image_url.split('?v=') as [string, string];
      const plain = await app().inject({ method: 'GET', url: path });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.headers['content-security-policy']).toContain("default-src 'none'");
      expect(plain.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      const versioned = await app().inject({ method: 'GET', url: `${path}?v=${version}` });
      expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const again = await app().inject({ method: 'GET', url: path, headers: { 'if-none-match': String(plain.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });

    it('answers 404 for anything else', async () => {
      for (const url of ['/api/assets/offers/nope.svg', '/api/assets/offers/..%2f..%2fpackage.json', '/api/assets/offers/%2e%2e']) {
        expect((await app().inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    });
  });
});
