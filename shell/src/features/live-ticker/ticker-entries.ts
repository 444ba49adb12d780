import type { LiveLead } from '@rewards/shared/contracts/api-types';
import { TICKER_MAX_ENTRIES } from '@rewards/shared/constants';

/** An entry on screen: the lead, and a key of its own (the same lead may come round again, under a new key). */
export type TickerEntry = LiveLead & { key: number };

export type TickerState = {
  /** At most TICKER_MAX_ENTRIES; the front first. */
  entries: TickerEntry[];
  /** The entry that just came in at the front (it slides in); null after a plain load. */
  enteringKey: number | null;
  nextKey: number;
  /** The leads the page has had lately, oldest first: one that comes again (by the socket and in a list) is not shown twice. */
  known: LiveLead[];
};

export type TickerAction =
  /**
   * The server's last entries (newest first): on load, on each return online, and after each joining of the live
   * feed (what went out before it came to nobody). Those the ticker has not had go in where they belong.
   */
  | { type: 'loaded'; leads: readonly LiveLead[] }
  /** A real-time `lead.created`: in at the front at once. */
  | { type: 'pushed'; lead: LiveLead }
  /** The 7 s clock: the oldest entry comes round to the front (the ticker cycles through what it received). */
  | { type: 'stepped' }
  /** Offline: nothing stale stays on screen. */
  | { type: 'cleared' };

// Enough to recognise every entry a list of the server's last 12 can hold, even after a burst.
const KNOWN_KEPT = 4 * TICKER_MAX_ENTRIES;

export const emptyTicker = (): TickerState => ({ entries: [], enteringKey: null, nextKey: 1, known: [] });

/** The same feed entry: by id, or (from a server that sends none) by what it says. */
const sameLead = (a: LiveLead, b: LiveLead) =>
  a.id !== undefined && b.id !== undefined ? a.id === b.id : a.name === b.name && a.amount === b.amount && a.wall === b.wall && a.offer === b.offer;
const isNewer = (entry: LiveLead, lead: LiveLead) => entry.id !== undefined && lead.id !== undefined && entry.id > lead.id;

export function tickerReducer(state: TickerState, action: TickerAction): TickerState {
  switch (action.type) {
    case 'loaded': {
      // Oldest first, each in front of what is older but behind what is newer (pushed while the list was on its
      // way), as their pushes would have come; the cap drops from the back.
      const missed = notYetKnown(state, action.leads).reverse();
      if (missed.length === 0) return state;
      let { entries, nextKey } = state;
      for (const lead of missed) {
        const firstOlder = entries.findIndex((entry) => !isNewer(entry, lead));
        const place = firstOlder < 0 ? entries.length : firstOlder;
        entries = [...entries.slice(0, place), { ...pick(lead), key: nextKey++ }, ...entries.slice(place)].slice(0, TICKER_MAX_ENTRIES);
      }
      // A new front entry slides in over those shown; into an empty ticker the list just appears.
      const front = entries[0]!;
      const entering = state.entries.length > 0 && front.key !== state.entries[0]!.key;
      return { entries, enteringKey: entering ? front.key : state.enteringKey, nextKey, known: [...state.known, ...missed].slice(-KNOWN_KEPT) };
    }
    case 'pushed': {
      const { lead } = action;
      // Without an id, two alike entries may well be two payouts: only an id says it came already.
      if (lead.id !== undefined && state.known.some((known) => sameLead(known, lead))) return state;
      return { ...atFront(state, lead, state.entries), known: [...state.known, lead].slice(-KNOWN_KEPT) };
    }
    case 'stepped': {
      const oldest = state.entries.at(-1);
      if (!oldest || state.entries.length < 2) return state;
      return atFront(state, oldest, state.entries.slice(0, -1));
    }
    case 'cleared':
      return { ...state, entries: [], enteringKey: null, known: [] };
  }
}

function notYetKnown(state: TickerState, leads: readonly LiveLead[]): LiveLead[] {
  return leads.filter((lead) => !state.known.some((known) => sameLead(known, lead)));
}

function atFront(state: TickerState, lead: LiveLead, rest: readonly TickerEntry[]): TickerState {
  const entry = { ...pick(lead), key: state.nextKey };
  return { ...state, entries: [entry, ...rest].slice(0, TICKER_MAX_ENTRIES), enteringKey: entry.key, nextKey: state.nextKey + 1 };
}

function pick({ id, name, amount, wall, offer }: LiveLead): LiveLead {
  return { id, name, amount, wall, offer };
}

const MAX_TEXT_LENGTH = 120;
const DOLLARS = /^\$\d{1,7}\.\d{2}$/;
const isShortText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TEXT_LENGTH;

/** What the feed may show: an id (from servers that send one), four short texts and a dollar amount; anything else (a bug, a forgery) is dropped. */
export function isLiveLead(data: unknown): data is LiveLead {
  if (typeof data !== 'object' || data === null) return false;
  const { id, name, amount, wall, offer } = data as Record<string, unknown>;
  const validId = id === undefined || (Number.isSafeInteger(id) && (id as number) > 0);
  return validId && isShortText(name) && typeof amount === 'string' && DOLLARS.test(amount) && isShortText(wall) && isShortText(offer);
}
