import { useDeferredValue, useMemo, useState } from 'react';
import type { DeviceFilter, Offer } from '@rewards/shared/contracts/offer-types';
import { PATHS } from '@rewards/shared/paths';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { Shelf } from '../ui/shelf';
import FeaturedSurveys from '../features/featured-surveys/featured-surveys';
import { offerCarouselStep } from '../features/offers/carousel-step';
import { useFirstScreenOffers } from '../features/offers/use-first-screen-offers';
import { LazyOfferModal } from '../features/offers/lazy-offer-modal';
import { FIRST_DEVICE_FILTER, useGetOffersQuery } from '../features/offers/offers-api';
import PartnerWalls from '../features/partner-walls/partner-walls';
import { useT } from '../messages';
import { EarnFirstScreen, OfferItems, Skeletons } from './earn-first-screen';
import styles from './earn-page.module.css';

export { FEATURED_SKELETONS, PRIORITY_OFFER_CARDS } from './earn-first-screen';
/** Spec §9: skeleton counts while offers load, and how many offers "Other Offers" shows. */
export const OTHER_SKELETONS = 2;
export const OTHER_OFFERS_COUNT = 2;
/** A list fetched this recently when the page arrives (the route's prefetch, with the page's code) is not asked again. */
export const OFFERS_FRESH_ON_ARRIVAL_S = 10;

/**
 * The offers of `filter` once they are in, rendered in slices: the store's answer renders at once in one task
 * (every card of both shelves, a long task on a slow phone); deferred, the cards render as a transition does,
 * while the skeletons stay. Keyed by filter, so the offers of another filter never show meanwhile.
 */
function useArrivedInSlices(filter: DeviceFilter, data: Offer[] | undefined): Offer[] | undefined {
  const arrived = useMemo(() => ({ filter, data }), [filter, data]);
  const deferred = useDeferredValue(arrived);
  return deferred.filter === filter ? deferred.data : undefined;
}

export default function EarnPage() {
  const t = useT();
  const [filter, setFilter] = useState<DeviceFilter>(FIRST_DEVICE_FILTER);
  const [filterChosen, setFilterChosen] = useState(false);
  const [openOffer, setOpenOffer] = useState<Offer | null>(null);
  // The offers the server painted the first screen from, when it did: the page starts from them, not from skeletons.
  const firstScreenOffers = useFirstScreenOffers();
  // Spec §4: a new filter always reloads; the data of another filter is never shown meanwhile.
  const { currentData, isFetching } = useGetOffersQuery(filter, { refetchOnMountOrArgChange: filterChosen || OFFERS_FRESH_ON_ARRIVAL_S });
  const arrivedData = currentData ?? (filterChosen ? undefined : firstScreenOffers);
  const shownData = useArrivedInSlices(filter, arrivedData);
  const chooseFilter = (next: DeviceFilter) => {
    setFilterChosen(true);
    setFilter(next);
  };
  const loading = shownData === undefined && (isFetching || arrivedData !== undefined);
  const offers = shownData ?? [];
  const otherOffers = offers.slice(-OTHER_OFFERS_COUNT);

  return (
    <PageLayout title={t('earn.title')} lead={t('earn.lead')}>
      <EarnFirstScreen filter={filter} onFilterChange={chooseFilter} offers={offers} loading={loading} onOpen={setOpenOffer} />
      {!loading && offers.length === 0 ? (
        <p className={styles.empty}>{filter === 'All' ? t('earn.empty.all') : t('earn.empty.device', { device: filter })}</p>
      ) : null}

      <Shelf title={t('earn.other')} viewAllTo={PATHS.offers} scrollStep={offerCarouselStep} arrowsDisabled busy={loading}>
        {loading ? <Skeletons count={OTHER_SKELETONS} /> : <OfferItems offers={otherOffers} onOpen={setOpenOffer} />}
      </Shelf>

      <PartnerWalls />
      <FeaturedSurveys />

      {openOffer ? <LazyOfferModal offer={openOffer} rating={openOffer.rate} onClose={() => setOpenOffer(null)} /> : null}
    </PageLayout>
  );
}
