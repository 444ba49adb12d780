import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { offerEvents, offers } from '../../db/schema';
import { findRepoRoot } from '../../repo-root';
import { useTestDatabase } from '../../test/test-database';
import { CatalogError, countOffers, DEFAULT_CLICK_URL, importCatalog, loadCatalogFile, parseCatalog, seedCatalogIfEmpty } from './catalog';
import { renderOfferArt } from './offer-art';
import { OFFER_ASSET_PREFIX, offerAssetsFolder } from './offer-images';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const root = findRepoRoot();
const SAMPLE = join(root, 'api', 'data', 'offers.sample.json');

const minimal = (overrides: Record<string, unknown> = {}) => ({
  offer_id: 'test-offer',
  name: 'Test Offer',
  title: 'Do the thing',
  image_url: '/api/assets/offers/test-offer.svg',
  rate: 4.5,
  platforms: ['PC'],
  payout: '2.00',
  ...overrides,
});

function problemsOf(data: unknown): string[] {
  try {
    parseCatalog(data);
  } catch (error) {
    if (error instanceof CatalogError) return error.problems;
    throw error;
  }
  return [];
}

describe('the sample catalog', () => {
  it('is valid: 40+ offers for PC, Android and iOS, games, surveys and apps, from $0.50 to $120 with $119.47', async () => {
    const catalog = await loadCatalogFile(SAMPLE);
    expect(catalog.length).toBeGreaterThanOrEqual(40);
    const coins = catalog.map((offer) => offer.payout);
    expect(Math.min(...coins)).toBe(500);
    expect(Math.max(...coins)).toBe(120_000);
    expect(coins).toContain(119_470);
    for (const category of ['Games', 'Surveys', 'Apps']) expect(catalog.filter((offer) => offer.categories.includes(category)).length).toBeGreaterThanOrEqual(5);
    for (const platform of ['PC', 'Android', 'iOS'] as const) expect(catalog.filter((offer) => offer.platforms.includes(platform)).length).toBeGreaterThanOrEqual(10);
    // An offer's events add up to its payout.
    for (const offer of catalog.filter((item) => item.events.length > 0)) {
      expect([offer.offer_id, offer.events.reduce((sum, event) => sum + event.payout, 0)]).toEqual([offer.offer_id, offer.payout]);
    }
  });

  it('uses our own images, each file as renderOfferArt draws it (regenerate with generate-offer-images.ts)', async () => {
    for (const offer of await loadCatalogFile(SAMPLE)) {
      expect(offer.image_url.startsWith(OFFER_ASSET_PREFIX)).toBe(true);
      const file = await readFile(join(offerAssetsFolder(root), offer.image_url.slice(OFFER_ASSET_PREFIX.length)), 'utf8');
      expect(file).toBe(renderOfferArt({ seed: offer.offer_id, name: offer.name, categories: offer.categories }));
    }
  });
});

describe('catalog validation', () => {
  it('accepts a minimal offer and fills in the defaults', () => {
    expect(parseCatalog({ offers: [minimal()] })).toEqual([
      expect.objectContaining({ description: '', description2: null, description3: null, categories: [], events: [], click_url: DEFAULT_CLICK_URL, payout: 2000, rate: 4.5 }),
    ]);
  });

  it('names every problem with its place', () => {
    expect(problemsOf({ offers: [minimal({ payout: '1.2345', platforms: ['Windows'], rate: 7 }), minimal({ image_url: 'javascript:alert(1)' })] })).toEqual([
      'offers[0].rate: rate must be from 0 to 5',
      'offers[0].platforms[0]: a platform is one of PC, Android, iOS',
      'offers[0].payout: payout must be more than 0 and at most 10000 dollars, with at most 3 decimals; got "1.2345"',
      'offers[1].image_url: image_url must start with / or http(s)://',
    ]);
    expect(problemsOf({ offers: [minimal(), minimal()] })).toEqual(['offers[1].offer_id: offer_id "test-offer" is already used by offers[0]']);
    expect(problemsOf({ offers: [minimal({ events: [{ id: 'a', name: 'A', payout: 0 }] })] })).toEqual([
      'offers[0].events[0].payout: event payout must be more than 0 and at most 10000 dollars, with at most 3 decimals; got 0',
    ]);
    expect(problemsOf({ offers: [minimal({ events: [{ id: 'a', name: 'A', payout: 1 }, { id: 'a', name: 'B', payout: '1' }] })] })).toEqual([
      'offers[0].events: event ids are unique within an offer',
    ]);
    expect(problemsOf({ offers: [minimal({ surprise: true })] })).toEqual([expect.stringContaining('surprise')]);
    expect(problemsOf([])).toEqual(['a catalog is a JSON object with an "offers" list']);
    expect(problemsOf({ offers: [] })).toEqual(['offers: the catalog lists at least one offer']);
  });

  it('reports an unreadable or non-JSON file', async () => {
    await expect(loadCatalogFile('/nonexistent/offers.json')).rejects.toThrow('cannot read the file: ENOENT');
    await expect(loadCatalogFile(join(root, 'api', 'package.json'))).rejects.toThrow('is not a valid offers catalog');
  });
});

describe(`catalog import on ${kind}`, () => {
  const database = useTestDatabase();

  it('seeds an empty table once, and never again', async () => {
    const { db } = database();
    const first = await seedCatalogIfEmpty(db, SAMPLE);
    expect(first).toMatchObject({ created: (await loadCatalogFile(SAMPLE)).length, updated: 0 });
    expect(await seedCatalogIfEmpty(db, SAMPLE)).toBe('not-empty');
  });

  it('upserts by offer_id: changes fields, keeps ids, replaces events (kept ones keep their ids)', async () => {
    const { db } = database();
    const created = await importCatalog(
      db,
      parseCatalog({ offers: [minimal({ events: [{ id: 'one', name: 'One', payout: '1' }, { id: 'two', name: 'Two', payout: '1' }] })] }),
    );
    expect(created).toEqual({ created: 1, updated: 0, events: 2 });
    const [before] = await db.select().from(offers).where(eq(offers.partnerOfferId, 'test-offer'));
    const eventsBefore = await db.select().from(offerEvents).where(eq(offerEvents.offerId, before!.id));

    const updated = await importCatalog(
      db,
      parseCatalog({
        offers: [minimal({ name: 'Renamed', payout: 3, events: [{ id: 'two', name: 'Two again', payout: '2' }, { id: 3, name: 'Three', payout: '1' }] })],
      }),
    );
    expect(updated).toEqual({ created: 0, updated: 1, events: 2 });
    const [after] = await db.select().from(offers).where(eq(offers.partnerOfferId, 'test-offer'));
    expect(after).toMatchObject({ id: before!.id, name: 'Renamed', payoutCoins: 3000 });
    const eventsAfter = await db.select().from(offerEvents).where(eq(offerEvents.offerId, before!.id));
    expect(eventsAfter.map((event) => [event.partnerEventId, event.name, event.payoutCoins, event.position]).sort()).toEqual([
      ['3', 'Three', 1000, 1],
      ['two', 'Two again', 2000, 0],
    ]);
    expect(eventsAfter.find((event) => event.partnerEventId === 'two')?.id).toBe(eventsBefore.find((event) => event.partnerEventId === 'two')?.id);
  });

  it('loads a catalog whole or not at all', async () => {
    const { db } = database();
    const before = await countOffers(db);
    const catalog = parseCatalog({ offers: [minimal({ offer_id: 'whole-1' }), minimal({ offer_id: 'whole-2' })] });
    // A value the database refuses (rating above its precision) in the second offer rolls the first back too.
    catalog[1]!.rate = 50;
    await expect(importCatalog(db, catalog)).rejects.toThrow();
    expect(await countOffers(db)).toBe(before);
  });
});
