import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { offerEvents } from '../../db/schema';
import { isOfferComplete } from '../earn/progress';
import { creditedEvents } from '../earn/repository';
import type { CreditedOffer } from './credit-types';

/** Whether a credit of this event finishes its offer by itself, whatever else the user was credited for (the booking statements ask completesAloneCondition). */
export function completesAlone(eventIds: readonly string[], partnerEventId: string): boolean {
  return isOfferComplete(eventIds, new Set([partnerEventId]));
}

/**
 * Whether the user's offer is done now that this credit is booked. A whole-offer credit, or any credit of an
 * offer without events, completes it by itself (no need to read the user's other credits).
 */
export async function creditCompletesOffer(
  tx: Executor,
  userId: number,
  offer: CreditedOffer,
  eventIds: readonly string[],
  partnerEventId: string,
): Promise<boolean> {
  if (completesAlone(eventIds, partnerEventId)) return true;
  return offerIsComplete(tx, userId, offer, eventIds);
}

/** Whether the user's credits finish the offer. */
export async function offerIsComplete(tx: Executor, userId: number, offer: CreditedOffer, eventIds: readonly string[]): Promise<boolean> {
  const credited = await creditedEvents(tx, userId, [offer.partnerOfferId]);
  return isOfferComplete(eventIds, credited.get(offer.partnerOfferId) ?? new Set());
}

/** The partner event ids of an offer, in order (for a reversal, which reads them inside its transaction). */
export async function eventIdsOf(tx: Executor, offerId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: offerEvents.partnerEventId })
    .from(offerEvents)
    .where(eq(offerEvents.offerId, offerId))
    .orderBy(asc(offerEvents.position), asc(offerEvents.id));
  return rows.map((row) => row.id);
}
