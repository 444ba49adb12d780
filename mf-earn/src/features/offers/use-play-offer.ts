import { useCallback } from 'react';
import type { Offer } from '@rewards/shared/contracts/offer-types';
import { useStartOfferMutation } from './offers-api';

/** The id `Offers/start` expects, as a string; none when the offer carries neither id. */
export function startOfferId(offer: Pick<Offer, 'offer_id' | 'id'>): string | null {
  if (offer.offer_id !== undefined && offer.offer_id !== null && String(offer.offer_id) !== '') return String(offer.offer_id);
  if (offer.id !== undefined && offer.id !== null) return String(offer.id);
  return null;
}

/**
 * Play and Earn (spec §2, §7): the offer's link opens in a new tab at once, inside the click, so popup
 * blockers let it through; then `Offers/start` is recorded, its failures ignored.
 */
export function usePlayOffer(): (offer: Offer) => void {
  const [startOffer] = useStartOfferMutation();
  return useCallback(
    (offer: Offer) => {
      if (offer.click_url) window.open(offer.click_url, '_blank', 'noopener,noreferrer');
      const offerId = startOfferId(offer);
      if (offerId === null) {
        console.warn('Offers/start skipped: the offer has no id', offer.name);
        return;
      }
      // The answer is not used and a failure changes nothing for the user (spec §7).
      void startOffer({ offer_id: offerId });
    },
    [startOffer],
  );
}
