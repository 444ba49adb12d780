import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import { randomGapMs, simulatedFeedEntry } from './simulated-leads';

/** A repeatable stand-in for Math.random. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const catalog = [
  { offer: 'Dragon Forge Legends', amountCoins: 500 },
  { offer: 'Dragon Forge Legends', amountCoins: 90_000 },
  { offer: 'Puzzle Harbor', amountCoins: 1_250 },
];
const wallNames: readonly string[] = PARTNER_WALLS.map((wall) => wall.name);

describe('simulated feed entries', () => {
  const entries = Array.from({ length: 500 }, (_, i) => simulatedFeedEntry(catalog, seeded(i + 1)));

  it('name an invented person as the feed names people: a first name and an initial', () => {
    for (const entry of entries) expect(entry.name).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
  });

  it('pay what a step of a catalog offer pays, on an offer wall, or a survey on a survey wall', () => {
    const offerWalls = PARTNER_WALLS.filter((wall) => wall.kind === 'offer').map((wall) => wall.name);
    const surveyWalls = PARTNER_WALLS.filter((wall) => wall.kind === 'survey').map((wall) => wall.name);
    for (const entry of entries) {
      expect(wallNames).toContain(entry.wall);
      const fromCatalog = catalog.some((payout) => payout.offer === entry.offer && payout.amountCoins === entry.amountCoins);
      if (fromCatalog) expect(offerWalls).toContain(entry.wall);
      else {
        expect(surveyWalls).toContain(entry.wall);
        expect(entry.amountCoins).toBeGreaterThanOrEqual(300);
        expect(entry.amountCoins).toBeLessThanOrEqual(2500);
      }
    }
    expect(entries.filter((entry) => entry.offer === 'Puzzle Harbor').length).toBeGreaterThan(50);
  });

  it('make big payouts rare', () => {
    const big = entries.filter((entry) => entry.amountCoins === 90_000).length;
    expect(big).toBeGreaterThan(0);
    expect(big).toBeLessThan(entries.length * 0.2);
  });

  it('fall back to surveys while the catalog is empty', () => {
    const entry = simulatedFeedEntry([], seeded(7));
    expect(PARTNER_WALLS.find((wall) => wall.name === entry.wall)?.kind).toBe('survey');
  });

  it('wait a random gap within the configured range', () => {
    const random = seeded(3);
    for (let i = 0; i < 100; i++) {
      const gap = randomGapMs({ min: 4000, max: 9000 }, random);
      expect(gap).toBeGreaterThanOrEqual(4000);
      expect(gap).toBeLessThanOrEqual(9000);
    }
  });
});
