import { COINS_PER_CENT } from '@rewards/shared/constants';
import type { DeviceFilter, MyOffer, Offer, Platform } from '@rewards/shared/contracts/offer-types';
import { coinsToDollars } from '@rewards/shared/rules/money';
import type { Database } from '../../db/database';
import { NotFoundError } from '../../domain-errors';
import type { Links } from './links';
import { isEventDone } from './progress';
import { creditedEvents, eventsByOffer, findOfferByPartnerId, insertUserOffer, type OfferEventRow, type OfferRow, userOffersOf } from './repository';
import { EARN_MESSAGES } from './schemas';

/** An offer as Offers/Get sends it; `userId` may be a stand-in text (see catalog-cache.ts). */
export function toOffer(row: OfferRow, events: readonly OfferEventRow[], userId: number | string | null, links: Links): Offer {
  return {
    id: row.id,
    offer_id: row.partnerOfferId,
    name: row.name,
    title: row.title,
    image_url: links.imageUrl(row.imageUrl),
    description: row.description,
    description2: row.description2,
    description3: row.description3,
    categories: row.categories,
    rate: row.rating,
    payout: coinsToDollars(row.payoutCoins),
    click_url: links.clickUrl(row.clickUrlTemplate, userId, row.partnerOfferId),
    events: events.map((event) => ({ id: event.id, name: event.name, payout: coinsToDollars(event.payoutCoins) })),
  };
}

/** Offers/start: records the user's offer once; a second start changes nothing. */
export async function startOffer(db: Database, userId: number, partnerOfferId: string): Promise<void> {
  const offer = await findOfferByPartnerId(db, partnerOfferId);
  if (!offer) throw new NotFoundError(EARN_MESSAGES.offerNotFound, { code: 'offer_not_found' });
  await insertUserOffer(db, userId, offer.id);
}

/** One platform shows as itself; an offer for several is for All (the contract's `platform`). */
export function platformOf(platforms: readonly string[]): DeviceFilter {
  return platforms.length === 1 ? (platforms[0] as Platform) : 'All';
}

/** Offers/my-offers: the user's offers with per-event progress, the latest taken up first. */
export async function myOffers(db: Database, userId: number, links: Links): Promise<MyOffer[]> {
  const rows = await userOffersOf(db, userId);
  const events = await eventsByOffer(
    db,
    rows.map((row) => row.offer.id),
  );
  const credited = await creditedEvents(
    db,
    userId,
    rows.map((row) => row.offer.partnerOfferId),
  );
  return rows.map(({ userOffer, offer }) => {
    const done = credited.get(offer.partnerOfferId) ?? new Set<string>();
    const offerEvents = (events.get(offer.id) ?? []).map((event) => {
      const completed = isEventDone(event.partnerEventId, done);
      return { id: event.id, name: event.name, payout: coinsToDollars(event.payoutCoins), completed, status: completed ? (1 as const) : (0 as const) };
    });
    return {
      id: offer.id,
      offer_id: offer.partnerOfferId,
      name: offer.name,
      image_url: links.imageUrl(offer.imageUrl),
      description: offer.description,
      payout_cents: Math.trunc(offer.payoutCoins / COINS_PER_CENT),
      platform: platformOf(offer.platforms),
      status: userOffer.status,
      completed_steps: offerEvents.filter((event) => event.completed).map((event) => event.id),
      total_steps: offerEvents.length,
      events: offerEvents,
      click_url: links.clickUrl(offer.clickUrlTemplate, userId, offer.partnerOfferId),
    };
  });
}
