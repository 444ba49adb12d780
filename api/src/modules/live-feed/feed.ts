import type { NumberedLiveLead } from '@rewards/shared/contracts/api-types';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import type { Executor } from '../../db/executor';
import type { RealtimePublisher } from '../realtime/publisher';
import { type FeedEntry, insertFeedEntry, type NumberedFeedEntry, pruneFeed } from './repository';

export type FeedDeps = { db: Executor; realtime: Pick<RealtimePublisher, 'publishLead'> };

/** How many entries `GET /api/leads/recent` answers: what the ticker holds (spec §9). */
export const RECENT_LEADS_COUNT = 12;
const PRUNE_EVERY_ROWS = 50;
const MAX_WALL_LENGTH = 40;
const MAX_OFFER_LENGTH = 80;

/** The `lead.created` payload: the entry's id, name, amount in dollars ("$1.50"), wall, offer (spec §3 live lead). */
export function liveLeadOf({ id, name, amountCoins, wall, offer }: NumberedFeedEntry): NumberedLiveLead {
  return { id, name, amount: `$${coinsToDollarString(amountCoins)}`, wall, offer };
}

function clipped(text: string, length: number): string {
  const chars = Array.from(text.trim().replace(/\s+/g, ' '));
  return chars.length <= length ? chars.join('') : `${chars.slice(0, length - 1).join('')}…`;
}

/**
 * Puts an entry on the public feed: stored first (the ticker of a page opened later, and the simulator's
 * "when did the feed last move", read it), then sent to every open page as `lead.created` on `fake-leads`.
 */
export async function publishFeedEntry({ db, realtime }: FeedDeps, entry: FeedEntry, simulated: boolean): Promise<NumberedLiveLead> {
  const stored = { ...entry, wall: clipped(entry.wall, MAX_WALL_LENGTH), offer: clipped(entry.offer, MAX_OFFER_LENGTH) };
  const id = await insertFeedEntry(db, stored, simulated);
  if (id % PRUNE_EVERY_ROWS === 0) await pruneFeed(db, id);
  const lead = liveLeadOf({ ...stored, id });
  await realtime.publishLead(lead);
  return lead;
}
