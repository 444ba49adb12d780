import type { LiveLead } from '@rewards/shared/contracts/api-types';
import { TICKER_MAX_ENTRIES } from '@rewards/shared/constants';

/** An entry on screen: the lead, and an id of its own (the same lead may come round again). */
export type TickerEntry = LiveLead & { id: number };

export type TickerState = {
  /** Newest first, at most TICKER_MAX_ENTRIES. */
  entries: TickerEntry[];
  /** The entry that just came in at the front (it slides in); null after a plain load. */
  enteringId: number | null;
  nextId: number;
};

export type TickerAction =
  /** The server's last entries (newest first), on load and on each return online. */
  | { type: 'loaded'; leads: readonly LiveLead[] }
  /** A real-time `lead.created`: in at the front at once. */
  | { type: 'pushed'; lead: LiveLead }
  /** The 7 s clock: the oldest entry comes round to the front (the ticker cycles through what it received). */
  | { type: 'stepped' }
  /** Offline: nothing stale stays on screen. */
  | { type: 'cleared' };

export const emptyTicker = (): TickerState => ({ entries: [], enteringId: null, nextId: 1 });

const sameLead = (a: LiveLead, b: LiveLead) => a.name === b.name && a.amount === b.amount && a.wall === b.wall && a.offer === b.offer;

export function tickerReducer(state: TickerState, action: TickerAction): TickerState {
  switch (action.type) {
    case 'loaded': {
      // Pushes that came while the list was on its way stay in front; the server's copy of them is skipped.
      const older = action.leads.filter((lead) => !state.entries.some((entry) => sameLead(entry, lead)));
      const room = Math.max(0, TICKER_MAX_ENTRIES - state.entries.length);
      const added = older.slice(0, room).map((lead, index) => ({ ...pick(lead), id: state.nextId + index }));
      return { ...state, entries: [...state.entries, ...added], nextId: state.nextId + added.length };
    }
    case 'pushed':
      return atFront(state, action.lead, state.entries);
    case 'stepped': {
      const oldest = state.entries.at(-1);
      if (!oldest || state.entries.length < 2) return state;
      return atFront(state, oldest, state.entries.slice(0, -1));
    }
    case 'cleared':
      return { ...state, entries: [], enteringId: null };
  }
}

function atFront(state: TickerState, lead: LiveLead, rest: readonly TickerEntry[]): TickerState {
  const entry = { ...pick(lead), id: state.nextId };
  return { entries: [entry, ...rest].slice(0, TICKER_MAX_ENTRIES), enteringId: entry.id, nextId: state.nextId + 1 };
}

function pick({ name, amount, wall, offer }: LiveLead): LiveLead {
  return { name, amount, wall, offer };
}

const MAX_TEXT_LENGTH = 120;
const DOLLARS = /^\$\d{1,7}\.\d{2}$/;
const isShortText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TEXT_LENGTH;

/** What the feed may show: four short texts and a dollar amount; anything else (a bug, a forgery) is dropped. */
export function isLiveLead(data: unknown): data is LiveLead {
  if (typeof data !== 'object' || data === null) return false;
  const { name, amount, wall, offer } = data as Record<string, unknown>;
  return isShortText(name) && typeof amount === 'string' && DOLLARS.test(amount) && isShortText(wall) && isShortText(offer);
}
