import { useEffect, useState } from 'react';
import type { Offer } from '@rewards/shared/contracts/offer-types';
import { PATHS } from '@rewards/shared/paths';
import { Link } from '@rewards/shared/router';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { showAlert } from '@rewards/shared/store/ui-slice';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { LazyOfferModal } from '../features/offers/lazy-offer-modal';
import { OfferGrid, OfferGridSkeleton } from '../features/offers/offer-grid';
import { useGetOffersQuery } from '../features/offers/offers-api';
import styles from './offers-page.module.css';

/** Spec §9: the rating shown when an offer has none. */
export const DEFAULT_OFFER_RATING = 5;

export default function OffersPage() {
  const dispatch = useAppDispatch();
  const [openOffer, setOpenOffer] = useState<Offer | null>(null);
  const { data, isLoading, isError } = useGetOffersQuery('All');
  const offers = data ?? [];

  useEffect(() => {
    if (!isError) return;
    dispatch(
      showAlert({
        type: 'warning',
        title: 'Offers unavailable',
        message: 'We could not load the offers right now. Please try again in a moment.',
      }),
    );
  }, [dispatch, isError]);

  return (
    <PageLayout title="Offers" lead="Every offer available to you, in one grid.">
      <Link to={PATHS.earn} className={styles.back}>
        <span aria-hidden="true">←</span> Back to Earn
      </Link>
      {isLoading ? (
        <OfferGridSkeleton />
      ) : offers.length > 0 ? (
        <OfferGrid offers={offers} label="All offers" onOpen={setOpenOffer} />
      ) : (
        <p className={styles.empty}>No offers available right now. Check back later!</p>
      )}
      {openOffer ? (
        <LazyOfferModal offer={openOffer} rating={openOffer.rate ?? DEFAULT_OFFER_RATING} onClose={() => setOpenOffer(null)} />
      ) : null}
    </PageLayout>
  );
}
