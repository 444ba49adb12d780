import { useLayoutEffect, useState } from 'react';
import type { Offer } from '@rewards/shared/contracts/offer-types';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { seedFirstOffers, takeFirstScreenOffers } from './first-screen-offers';

/**
 * The first screen's offers for the page's first render, when the page renders before its route's prefetch took
 * them; and in the store before the page's query subscribes (a layout effect runs before it), so it finds them
 * fresh and does not ask again.
 */
export function useFirstScreenOffers(): Offer[] | undefined {
  const dispatch = useAppDispatch();
  const [offers] = useState(() => takeFirstScreenOffers());
  useLayoutEffect(() => {
    if (offers) dispatch(seedFirstOffers(offers));
  }, [dispatch, offers]);
  return offers;
}
