import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedBatchInsert } from '../../db/batch-insert';
import { coalescedStatement } from '../../db/coalesced';
import { liveLeads, offerEvents, offers } from '../../db/schema';

/** A feed entry as stored: what the ticker shows, the amount in coins. */
export type FeedEntry = { name: string; amountCoins: number; wall: string; offer: string };

/** The feed is a window, not a record: rows this far behind the newest are deleted now and then. */
const ROWS_KEPT = 200;

type StoredFeedEntry = FeedEntry & { simulated: boolean };

const insertFeedRows = preparedBatchInsert<StoredFeedEntry>('insert_live_leads', liveLeads, {
  name: liveLeads.name,
  amountCoins: liveLeads.amountCoins,
  wall: liveLeads.wall,
  offer: liveLeads.offer,
  simulated: liveLeads.simulated,
});

// A burst of credits is a burst of feed entries: stored a statement at a time, not a round trip each.
const insertFeedRow = coalescedStatement(insertFeedRows);

export function insertFeedEntry(db: Executor, entry: FeedEntry, simulated: boolean): Promise<number> {
  return insertFeedRow(db, { ...entry, simulated });
}

/** A feed entry as read back: with its id, the feed's order. */
export type NumberedFeedEntry = FeedEntry & { id: number };

/** Newest first. */
export async function recentFeedEntries(db: Executor, limit: number): Promise<NumberedFeedEntry[]> {
  return db
    .select({ id: liveLeads.id, name: liveLeads.name, amountCoins: liveLeads.amountCoins, wall: liveLeads.wall, offer: liveLeads.offer })
    .from(liveLeads)
    .orderBy(desc(liveLeads.id))
    .limit(limit);
}

/**
 * How long the feed has been quiet: milliseconds since the newest entry (real or simulated) went out, by the
 * database's clock so that instances with skewed clocks agree; Infinity for an empty feed.
 */
export async function quietForMs(db: Executor): Promise<number> {
  const [row] = await db
    .select({ quietMs: sql<number>`(extract(epoch from (now() - ${liveLeads.publishedAt})) * 1000)::float8` })
    .from(liveLeads)
    .orderBy(desc(liveLeads.id))
    .limit(1);
  return row ? Math.max(0, Number(row.quietMs)) : Number.POSITIVE_INFINITY;
}

export async function pruneFeed(db: Executor, newestId: number): Promise<void> {
  await db.delete(liveLeads).where(lt(liveLeads.id, newestId - ROWS_KEPT));
}

/** Offer titles with the amounts a conversion of them can pay: each step's payout, or the offer's for one without steps. */
export async function catalogPayouts(db: Executor): Promise<Array<{ offer: string; amountCoins: number }>> {
  const rows = await db
    .select({ offer: offers.name, offerCoins: offers.payoutCoins, eventCoins: offerEvents.payoutCoins })
    .from(offers)
    .leftJoin(offerEvents, eq(offerEvents.offerId, offers.id));
  return rows
    .map((row) => ({ offer: row.offer, amountCoins: row.eventCoins ?? row.offerCoins }))
    .filter((payout) => payout.amountCoins > 0);
}
