import type { FastifyBaseLogger } from 'fastify';
import { publicName } from '@rewards/shared/rules/public-name';
import { type FeedDeps, publishFeedEntry } from './feed';
import type { FeedEntry } from './repository';

export type LeadAnnouncerDeps = FeedDeps & { log: FastifyBaseLogger };

/** A credited conversion as the public live feed shows it: never an email or an id. */
export type CreditedConversion = {
  /** The user's full name as stored; only the first name and an initial go out. */
  userName: string;
  /** Never shown: a name made from it shows as "Member" (publicName). */
  userEmail: string;
  payoutCoins: number;
  /** The wall's display title, e.g. "BitLabs". */
  wallTitle: string;
  /** The offer's title, as we or the wall name it. */
  offerTitle: string;
};

export function feedEntryOf({ userName, userEmail, payoutCoins, wallTitle, offerTitle }: CreditedConversion): FeedEntry {
  return { name: publicName({ name: userName, email: userEmail }), amountCoins: payoutCoins, wall: wallTitle, offer: offerTitle };
}

/**
 * Puts a credited conversion on the public live feed: stored for `GET /api/leads/recent` (which also tells the
 * simulator a real entry went out) and published as `lead.created` on `fake-leads`. Call it after the
 * credit committed. Never rejects: the money already moved, and a missed feed entry is nobody's loss.
 */
export async function announceLead({ log, ...feed }: LeadAnnouncerDeps, conversion: CreditedConversion): Promise<void> {
  try {
    await publishFeedEntry(feed, feedEntryOf(conversion), false);
  } catch (error) {
    log.warn({ err: error }, 'lead.created could not be published');
  }
}
