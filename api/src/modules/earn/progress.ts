import { type SQL, sql } from 'drizzle-orm';

/** The partner event id of a conversion that completes a whole offer (the wall sent no event). */
export const WHOLE_OFFER = '';

/**
 * Whether an offer is done from the partner event ids a user was credited for: a whole-offer credit
 * completes it; an offer with events needs every one; an offer without events needs any credit.
 */
export function isOfferComplete(eventIds: readonly string[], creditedEventIds: ReadonlySet<string>): boolean {
  if (creditedEventIds.has(WHOLE_OFFER)) return true;
  if (eventIds.length === 0) return creditedEventIds.size > 0;
  return eventIds.every((id) => creditedEventIds.has(id));
}

/** Whether one event counts as done: credited itself, or the whole offer was. */
export function isEventDone(eventId: string, creditedEventIds: ReadonlySet<string>): boolean {
  return creditedEventIds.has(WHOLE_OFFER) || creditedEventIds.has(eventId);
}

/**
 * isOfferComplete for a credit of one event alone, as a condition of a booking statement: a whole-offer credit,
 * no catalog offer (`offerId` null), an offer without events (`eventIds` null), or the offer's only event.
 */
export function completesAloneCondition({ offerId, eventId, eventIds }: { offerId: SQL; eventId: SQL; eventIds: SQL }): SQL {
  return sql`(${offerId} is null or ${eventId} = ${sql.raw(`'${WHOLE_OFFER}'`)} or ${eventIds} is null or ${eventId} = all(${eventIds}))`;
}
