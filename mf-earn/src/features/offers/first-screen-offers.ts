import { envelopeList } from '@rewards/shared/api/envelope';
import { OFFERS_FIRST_SCREEN_ELEMENT_ID, OFFERS_FIRST_SCREEN_FRESH_MS } from '@rewards/shared/contracts/offers-first-screen';
import type { Offer } from '@rewards/shared/contracts/offer-types';
import { FIRST_DEVICE_FILTER, offersApi } from './offers-api';

/**
 * The `Offers/Get` answer for All the site server painted /Earn's first screen from, taken out of the page: the
 * first to ask gets it (the route's prefetch or the page), then the element is gone and a later visit of /Earn
 * asks the API. Undefined without one, when it is not a list of offers, or once the page has run longer than
 * `OFFERS_FIRST_SCREEN_FRESH_MS`.
 */
export function takeFirstScreenOffers(doc: Document = document, pageAgeMs: number = performance.now()): Offer[] | undefined {
  const element = doc.getElementById(OFFERS_FIRST_SCREEN_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  if (pageAgeMs > OFFERS_FIRST_SCREEN_FRESH_MS) return undefined;
  try {
    const offers = envelopeList<Offer>(JSON.parse(element.textContent ?? ''));
    return offers.length > 0 && offers.every(isOffer) ? offers : undefined;
  } catch {
    return undefined;
  }
}

function isOffer(value: unknown): value is Offer {
  const offer = value as Partial<Offer> | null;
  return typeof offer === 'object' && offer !== null && typeof offer.id === 'number' && typeof offer.name === 'string' && typeof offer.payout === 'number';
}

/** The offers into the store as the All filter's answer, fresh (a query finding them asks nothing). */
export const seedFirstOffers = (offers: Offer[]) => offersApi.util.upsertQueryEntries([{ endpointName: 'getOffers', arg: FIRST_DEVICE_FILTER, value: offers }]);

/**
 * The route's prefetch: the first screen's offers into the store as the All filter's answer, else `Offers/Get`
 * asked (unless the page took them first and put them there: a prefetch asks only for what the store lacks).
 */
export function prefetchFirstOffers(dispatch: (action: unknown) => unknown): void {
  const offers = takeFirstScreenOffers();
  if (offers) dispatch(seedFirstOffers(offers));
  else dispatch(offersApi.util.prefetch('getOffers', FIRST_DEVICE_FILTER, {}));
}
