import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PusherClient from 'pusher-js';
import type { LiveLead, RecentLeadsResponse } from '@rewards/shared/contracts/api-types';
import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import { LEAD_CREATED_EVENT, LEADS_CHANNEL } from '@rewards/shared/contracts/realtime';
import { liveLeads, users } from '../../db/schema';
import { captureMailer, signUp } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { injectPostback, postbackFields } from '../../test/wall-test-kit';
import { waitUntil } from '../../test/wait-until';
import { publishFeedEntry } from './feed';
import type { FeedEntry } from './repository';

const PUSHER = { PUSHER_APP_ID: 'feed-app', PUSHER_KEY: 'feed-key', PUSHER_SECRET: 'feed-secret' };
const LEAD_NAME = /^[A-Z][a-z]+ [A-Z]\.$/;
const DOLLARS = /^\$\d+\.\d{2}$/;
const WALL_NAMES: readonly string[] = PARTNER_WALLS.map((wall) => wall.name);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Publishes nowhere: for entries a test only wants stored. */
const noRealtime = { publishLead: async () => {} };

/** A pusher-js client on the feed channel of a listening app, collecting every lead it receives. */
async function listenToFeed(app: FastifyInstance) {
  const port = (app.server.address() as AddressInfo).port;
  const client = new PusherClient(PUSHER.PUSHER_KEY, { cluster: 'eu', wsHost: '127.0.0.1', wsPort: port, forceTLS: false, enabledTransports: ['ws'] });
  const leads: LiveLead[] = [];
  const frames: string[] = [];
  const channel = client.subscribe(LEADS_CHANNEL);
  await new Promise((resolve) => channel.bind('pusher:subscription_succeeded', resolve));
  channel.bind(LEAD_CREATED_EVENT, (lead: LiveLead) => leads.push(lead));
  client.connection.bind('message', (message: unknown) => frames.push(JSON.stringify(message)));
  return { leads, frames, disconnect: () => client.disconnect() };
}

async function listening(app: FastifyInstance): Promise<FastifyInstance> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

describe('the live feed', () => {
  const database = useTestDatabase();
  const db = () => database().db;
  const apps: FastifyInstance[] = [];
  const build = async (env: Record<string, string | undefined> = {}) => {
    const app = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'off', ...PUSHER, ...env } });
    apps.push(app);
    return app;
  };

  beforeEach(async () => {
    await db().delete(liveLeads);
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  const recent = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/leads/recent' })).json<RecentLeadsResponse>().data;
  const simulatedRows = () => db().select().from(liveLeads).where(eq(liveLeads.simulated, true)).orderBy(asc(liveLeads.id));

  describe('a credited conversion', () => {
    it('goes out as the entry’s id, name ("Grace H."), amount, wall and offer only: never the email, the user id or the transaction', async () => {
      const app = await listening(await build());
      const feed = await listenToFeed(app);
      try {
        const { user, email } = await signUp(app, { name: 'Grace Brewster Hopper' });
        const txid = `tx-private-${randomUUID()}`;
        const answer = await injectPostback(app, postbackFields({ user_id: String(user.id), offer_id: 'dragon-forge-legends', payout: '2.40', txid }));
        expect(answer.json().message).toBe('Conversion credited.');
        await waitUntil(() => feed.leads.length > 0, 'the entry on the socket');

        const [stored] = await db().select().from(liveLeads);
        expect(Object.keys(stored!).sort()).toEqual(['amountCoins', 'id', 'name', 'offer', 'publishedAt', 'simulated', 'wall']);
        expect(stored).toMatchObject({ name: 'Grace H.', amountCoins: 2400, simulated: false });
        // The id is the feed entry's own (its row), the one thing that tells two alike entries apart.
        expect(feed.leads).toEqual([{ id: stored!.id, name: 'Grace H.', amount: '$2.40', wall: 'Demo Wall', offer: 'Dragon Forge Legends' }]);
        const leadFrame = feed.frames.find((frame) => frame.includes(LEAD_CREATED_EVENT))!;
        for (const secret of [email, email.split('@')[0]!, txid, 'Hopper', 'Brewster', `"user_id"`, `"txid"`]) expect(leadFrame).not.toContain(secret);

        const [fromServer] = await recent(app);
        expect(fromServer).toEqual(feed.leads[0]);
      } finally {
        feed.disconnect();
      }
    });

    it('shows a name holding an email, a name made from the address and no name as "Member"', async () => {
      const app = await build();
      const typed = await signUp(app, { name: 'grace.hopper@example.com' });
      // As the landing hero and Google sign-in without a display name name an account.
      const heroEmail = `hero.${randomUUID().slice(0, 8)}@example.com`;
      const hero = await signUp(app, { name: heroEmail.split('@')[0]!, email: heroEmail });
      const nameless = await signUp(app, { name: 'Soon Nameless' });
      await db().update(users).set({ name: '' }).where(eq(users.id, nameless.user.id));
      for (const { user } of [typed, hero, nameless]) {
        expect((await injectPostback(app, postbackFields({ user_id: String(user.id), payout: '1.25' }))).json().message).toBe('Conversion credited.');
      }
      await waitUntil(async () => (await recent(app)).length >= 3, 'three entries');
      const entries = await recent(app);
      expect(entries.map((entry) => entry.name)).toEqual(['Member', 'Member', 'Member']);
      for (const secret of ['@', 'grace', 'hopper', 'hero', 'Nameless']) expect(JSON.stringify(entries).toLowerCase()).not.toContain(secret.toLowerCase());
    });

    it('is not announced again when the wall repeats the postback', async () => {
      const app = await build();
      const { user } = await signUp(app, { name: 'Alan Turing' });
      const fields = postbackFields({ user_id: String(user.id), payout: '1.00' });
      await injectPostback(app, fields);
      await injectPostback(app, fields);
      await waitUntil(async () => (await recent(app)).length > 0, 'the entry');
      await sleep(1_100);
      expect(await recent(app)).toHaveLength(1);
    });
  });

  describe('GET /api/leads/recent', () => {
    it('answers an empty list for an empty feed, to visitors', async () => {
      const app = await build();
      const response = await app.inject({ method: 'GET', url: '/api/leads/recent' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success', data: [] });
    });

    it('answers the last 12 entries, real and simulated, newest first, cacheable for 2 s', async () => {
      const app = await build();
      for (let i = 1; i <= 15; i++) {
        const entry: FeedEntry = { name: `Person${i} Q.`, amountCoins: i * 100, wall: 'Notik', offer: `Offer ${i}` };
        await publishFeedEntry({ db: db(), realtime: noRealtime }, entry, i % 2 === 0);
      }
      const response = await app.inject({ method: 'GET', url: '/api/leads/recent' });
      expect(response.headers['cache-control']).toBe('public, max-age=2');
      const leads = response.json<RecentLeadsResponse>().data;
      expect(leads.map((lead) => lead.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Person${15 - i} Q.`));
      expect(leads[0]).toEqual({ id: expect.any(Number), name: 'Person15 Q.', amount: '$1.50', wall: 'Notik', offer: 'Offer 15' });
      const ids = leads.map((lead) => lead.id);
      expect(ids).toEqual(ids.toSorted((a, b) => b - a));
      expect(new Set(ids).size).toBe(12);
    });
  });

  describe('simulation', () => {
    const fast = { LIVE_FEED_SIMULATION: 'on', LIVE_FEED_SIMULATION_GAP: '150ms-250ms' };

    it('publishes plausible entries from the catalog and the walls while the feed is quiet', async () => {
      const app = await listening(await build(fast));
      const feed = await listenToFeed(app);
      const listeningSince = Date.now();
      try {
        // Three entries, however busy the machine; and never more than the shortest gap allows in the time it took.
        await waitUntil(() => feed.leads.length >= 3, 'three entries on the socket');
        const received = feed.leads.length;
        const elapsedMs = Date.now() - listeningSince;
        expect(received).toBeGreaterThanOrEqual(3);
        expect(received).toBeLessThanOrEqual(Math.floor(elapsedMs / 150) + 1);
        for (const lead of feed.leads) {
          expect(Object.keys(lead).sort()).toEqual(['amount', 'id', 'name', 'offer', 'wall']);
          expect(lead.name).toMatch(LEAD_NAME);
          expect(lead.amount).toMatch(DOLLARS);
          expect(WALL_NAMES).toContain(lead.wall);
          expect(lead.offer.length).toBeGreaterThan(0);
        }
        expect((await simulatedRows()).length).toBeGreaterThanOrEqual(feed.leads.length);
        // The simulation goes on meanwhile: the newest stored entry may still be on its way to the socket.
        const newest = (await recent(app))[0];
        const delivered = () => feed.leads.some((lead) => lead.id === newest?.id);
        await waitUntil(delivered, 'the newest stored entry on the socket');
      } finally {
        feed.disconnect();
      }
    });

    it('waits while real conversions keep the feed moving, and starts again once they stop', async () => {
      const gapMinMs = 400;
      await listening(await build({ LIVE_FEED_SIMULATION: 'on', LIVE_FEED_SIMULATION_GAP: `${gapMinMs}ms-500ms` }));
      const real: FeedEntry = { name: 'Real P.', amountCoins: 500, wall: 'Demo Wall', offer: 'Real offer' };
      for (let i = 0; i < 14; i++) {
        await publishFeedEntry({ db: db(), realtime: noRealtime }, real, false);
        await sleep(100);
      }
      // By the stored times, not the clock of a loaded machine: a simulated entry needs a quiet spell of the gap
      // between two real ones (a slow insert makes one), and real entries closer than that leave it none.
      const rows = await db().select().from(liveLeads).orderBy(asc(liveLeads.publishedAt), asc(liveLeads.id));
      const realTimes = rows.filter((row) => !row.simulated).map((row) => row.publishedAt.getTime());
      const [firstReal, lastReal] = [realTimes[0]!, realTimes.at(-1)!];
      const quietSpells = realTimes.slice(1).filter((time, index) => time - realTimes[index]! >= gapMinMs).length;
      // Before the first real entry the feed was empty, so quiet: a simulated one may come first on a slow start.
      const simulatedAmongReal = rows.filter((row) => row.simulated && row.publishedAt.getTime() > firstReal && row.publishedAt.getTime() < lastReal);
      expect(simulatedAmongReal.length).toBeLessThanOrEqual(quietSpells);
      // Once they stop, the feed is quiet: the simulation takes over within a gap (more on a loaded machine).
      const simulatedAfter = async () => (await simulatedRows()).filter((row) => row.publishedAt.getTime() > lastReal);
      await waitUntil(async () => (await simulatedAfter()).length > 0, 'a simulated entry after the real ones');
      const [first] = await simulatedAfter();
      expect(first!.publishedAt.getTime() - lastReal).toBeGreaterThanOrEqual(gapMinMs);
    });

    it('publishes nothing with LIVE_FEED_SIMULATION=off', async () => {
      const app = await listening(await build({ LIVE_FEED_SIMULATION: 'off', LIVE_FEED_SIMULATION_GAP: '100ms-150ms' }));
      await sleep(800);
      expect(await recent(app)).toEqual([]);
    });
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? describe : describe.skip)('several instances behind one Redis', () => {
    it('only one simulates (the rate does not double), and another takes over when it stops', async () => {
      const env = {
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `test-${randomUUID()}:`,
        LIVE_FEED_SIMULATION: 'on',
        LIVE_FEED_SIMULATION_GAP: '250ms-300ms',
      };
      // Counts what each instance publishes itself (its simulator calls its own app.realtime).
      const countPublished = (app: FastifyInstance) => {
        const counter = { published: 0 };
        const publishLead = app.realtime.publishLead.bind(app.realtime);
        app.realtime.publishLead = async (lead) => {
          counter.published += 1;
          await publishLead(lead);
        };
        return counter;
      };
      const firstApp = await build(env);
      const firstCount = countPublished(firstApp);
      const first = await listening(firstApp);
      const secondApp = await build(env);
      const secondCount = countPublished(secondApp);
      const second = await listening(secondApp);
      await waitUntil(() => firstCount.published >= 6, 'six entries from the first instance');

      expect(secondCount.published).toBe(0);
      // Every stored entry is the first's: the ones it published, and perhaps one stored but not yet published.
      const rows = await simulatedRows();
      expect(rows.length - firstCount.published).toBeGreaterThanOrEqual(0);
      expect(rows.length - firstCount.published).toBeLessThanOrEqual(1);
      const gaps = rows.slice(1).map((row, i) => row.publishedAt.getTime() - rows[i]!.publishedAt.getTime());
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(200);

      await first.close();
      await db().delete(liveLeads);
      await waitUntil(() => secondCount.published >= 2, 'the second instance to take over');
      expect((await simulatedRows()).length - secondCount.published).toBeLessThanOrEqual(1);
      expect(second.server.listening).toBe(true);
    });
  });
});
