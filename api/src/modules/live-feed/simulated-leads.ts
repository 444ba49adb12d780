import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import { publicName } from '@rewards/shared/rules/public-name';
import type { FeedEntry } from './repository';

/** A number in [0, 1), like Math.random (tests pass their own). */
export type Random = () => number;

export type CatalogPayout = { offer: string; amountCoins: number };

// Invented people: a first name and an initial, as real entries show (publicName).
const FIRST_NAMES = [
  'Ada', 'Aiden', 'Amara', 'Ana', 'Ben', 'Bianca', 'Carlos', 'Chloe', 'Daniel', 'Dmitri', 'Elena', 'Emma', 'Ethan',
  'Fatima', 'Felix', 'Grace', 'Hana', 'Hugo', 'Ines', 'Isaac', 'Jada', 'James', 'Jonas', 'Julia', 'Kai', 'Kenji',
  'Layla', 'Leo', 'Lucas', 'Maya', 'Mateo', 'Mia', 'Nadia', 'Noah', 'Olivia', 'Omar', 'Priya', 'Quinn', 'Rafael',
  'Rosa', 'Sam', 'Sara', 'Sofia', 'Tariq', 'Theo', 'Uma', 'Victor', 'Wei', 'Yara', 'Yusuf', 'Zoe',
];
const INITIALS = 'ABCDEFGHIJKLMNOPRSTVWZ';

const OFFER_WALLS = PARTNER_WALLS.filter((wall) => wall.kind === 'offer').map((wall) => wall.name);
const SURVEY_WALLS = PARTNER_WALLS.filter((wall) => wall.kind === 'survey').map((wall) => wall.name);
const SURVEY_TITLES = ['Shopping habits survey', 'Quick opinion poll', 'Travel plans survey', 'Gaming survey', 'Daily survey', 'Product feedback'];
/** Survey rewards in coins: $0.30 to $2.50, in steps of 5 cents. */
const SURVEY_COINS = { min: 300, max: 2500, step: 50 };
/** Most conversions are surveys and early steps; the catalog's big final steps come now and then. */
const SURVEY_SHARE = 0.35;
const SMALL_PAYOUT_COINS = 10_000;
const BIG_PAYOUT_SHARE = 0.15;

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}

function surveyCoins(random: Random): number {
  const steps = (SURVEY_COINS.max - SURVEY_COINS.min) / SURVEY_COINS.step;
  return SURVEY_COINS.min + Math.round(random() * steps) * SURVEY_COINS.step;
}

/**
 * A plausible feed entry: an invented person, and a step of a real catalog offer on one of our offer walls or
 * a survey on one of our survey walls. Never a real user's name.
 */
export function simulatedFeedEntry(catalog: readonly CatalogPayout[], random: Random = Math.random): FeedEntry {
  const name = publicName({ name: `${pick(FIRST_NAMES, random)} ${pick(Array.from(INITIALS), random)}`, email: '' });
  if (catalog.length === 0 || random() < SURVEY_SHARE) {
    return { name, amountCoins: surveyCoins(random), wall: pick(SURVEY_WALLS, random), offer: pick(SURVEY_TITLES, random) };
  }
  const small = catalog.filter((payout) => payout.amountCoins <= SMALL_PAYOUT_COINS);
  const payout = pick(small.length > 0 && random() >= BIG_PAYOUT_SHARE ? small : catalog, random);
  return { name, amountCoins: payout.amountCoins, wall: pick(OFFER_WALLS, random), offer: payout.offer };
}

/** A random wait in [min, max]. */
export function randomGapMs({ min, max }: { min: number; max: number }, random: Random = Math.random): number {
  return Math.round(min + random() * (max - min));
}
