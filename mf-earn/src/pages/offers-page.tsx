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
import { t as translate, useT } from '../messages';
import styles from './offers-page.module.css';

/** Spec §9: the rating shown when an offer has none. */
export const DEFAULT_OFFER_RATING = 5;

export default function OffersPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const [openOffer, setOpenOffer] = useState<Offer | null>(null);
  const { data, isLoading, isError } = useGetOffersQuery('All');
  const offers = data ?? [];

  useEffect(() => {
    if (!isError) return;
    dispatch(
      showAlert({
        type: 'warning',
        // The words of the page's language as the alert opens; the alert keeps them.
        title: translate('offers.unavailable.title'),
        message: translate('offers.unavailable.message'),
      }),
    );
  }, [dispatch, isError]);

  return (
    <PageLayout title={t('offers.title')} lead={t('offers.lead')}>
      <Link to={PATHS.earn} className={styles.back}>
        <span aria-hidden="true">←</span> {t('offers.back')}
      </Link>
      {isLoading ? (
        <OfferGridSkeleton />
      ) : offers.length > 0 ? (
        <OfferGrid offers={offers} label={t('offers.grid.label')} onOpen={setOpenOffer} />
      ) : (
        <p className={styles.empty}>{t('offers.empty')}</p>
      )}
      {openOffer ? (
        <LazyOfferModal offer={openOffer} rating={openOffer.rate ?? DEFAULT_OFFER_RATING} onClose={() => setOpenOffer(null)} />
      ) : null}
    </PageLayout>
  );
}
