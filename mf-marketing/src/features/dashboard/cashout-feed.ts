/**
 * The simulated live cashout dashboard of spec §4, as pure state changes: 5 entries, a new one at the top
 * labelled 'Just now' every 3 to 10 s, the oldest dropped, every other entry a minute older; the monthly
 * total grows by $500 to $2,000 per event and the transaction counter by one. All money in cents.
 */
import type { LandingContent } from '@rewards/shared/content/content-schemas';

export const FEED_SIZE = 5;
export const EVENT_MIN_MS = 3_000;
export const EVENT_MAX_MS = 10_000;
/** How long a new entry and a changed amount animate. */
export const FEED_ANIMATION_MS = 1_000;

export type Random = () => number;
type DashboardContent = LandingContent['dashboard'];

/** Spec §3 Live cashout item (display only). The avatar is drawn from the name, never fetched. */
export type CashoutItem = {
  id: number;
  username: string;
  country: string;
  countryCode: string;
  amountCents: number;
  paymentMethod: DashboardContent['methods'][number];
  /** Minutes since it happened; 0 shows 'Just now'. */
  minutesAgo: number;
};

export type FeedState = {
  items: CashoutItem[];
  monthlyTotalCents: number;
  transactions: number;
  nextId: number;
};

function pick<T>(list: readonly T[], random: Random): T {
  return list[Math.min(list.length - 1, Math.floor(random() * list.length))]!;
}

/** A whole number of cents in [min, max] dollars. */
function centsBetween([min, max]: readonly number[], random: Random): number {
  const low = Math.round(min! * 100);
  const high = Math.round(max! * 100);
  return low + Math.floor(random() * (high - low + 1));
}

function makeItem(content: DashboardContent, id: number, minutesAgo: number, random: Random): CashoutItem {
  const country = pick(content.countries, random);
  return {
    id,
    username: `${pick(content.names, random)} ${String.fromCharCode(65 + Math.floor(random() * 26))}.`,
    country: country.name,
    countryCode: country.code,
    amountCents: centsBetween(content.cashoutDollars, random),
    paymentMethod: pick(content.methods, random),
    minutesAgo,
  };
}

const STARTING_AGES = [1, 3, 4, 7, 12];

export function initialFeed(content: DashboardContent, random: Random): FeedState {
  return {
    items: STARTING_AGES.map((minutes, index) => makeItem(content, index + 1, minutes, random)),
    monthlyTotalCents: Math.round(content.startTotal * 100),
    transactions: 0,
    nextId: STARTING_AGES.length + 1,
  };
}

/** One event: a 'Just now' entry on top, the oldest gone, the others a minute older, the totals up. */
export function nextFeed(state: FeedState, content: DashboardContent, random: Random): FeedState {
  const fresh = makeItem(content, state.nextId, 0, random);
  const aged = state.items.map((item) => ({ ...item, minutesAgo: item.minutesAgo + 1 }));
  return {
    items: [fresh, ...aged].slice(0, FEED_SIZE),
    monthlyTotalCents: state.monthlyTotalCents + centsBetween(content.eventDollars, random),
    transactions: state.transactions + 1,
    nextId: state.nextId + 1,
  };
}

/** Milliseconds until the next event: 3 to 10 s. */
export function nextEventDelay(random: Random): number {
  return EVENT_MIN_MS + Math.floor(random() * (EVENT_MAX_MS - EVENT_MIN_MS + 1));
}
