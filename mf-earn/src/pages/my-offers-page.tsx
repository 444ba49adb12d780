import { useEffect, useRef, useState } from 'react';
import { PATHS } from '@rewards/shared/paths';
import { Link } from '@rewards/shared/router';
import { preloadMessageFormatter } from '@rewards/shared/translate/messages';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { MyOfferDetail } from '../features/my-offers/my-offer-detail';
import { MyOfferList, MyOfferListSkeleton, myOfferKey } from '../features/my-offers/my-offer-list';
import { useGetMyOffersQuery } from '../features/my-offers/my-offers-api';
import { useT } from '../messages';
import { scrollBehavior } from '../ui/drag-scroll';
import styles from '../features/my-offers/my-offers.module.css';

// This page's words include plurals and links (ICU), which the message formatter renders: it loads with the
// page rather than when one first shows (mf-earn's messages load it on demand: the Earn page shows none).
void preloadMessageFormatter();

export default function MyOffersPage() {
  const t = useT();
  // Spec §8: a failure is only logged; the page shows the empty list.
  const { data, isLoading, error } = useGetMyOffersQuery();
  useEffect(() => {
    if (error) console.warn('Offers/my-offers failed', error);
  }, [error]);
  const offers = data ?? [];
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const selected = offers.find((offer) => myOfferKey(offer) === chosenKey) ?? offers[0];
  const detailRef = useRef<HTMLDivElement>(null);

  // In the one-column layout the detail sits below the list: bring the chosen offer into view.
  useEffect(() => {
    const detail = detailRef.current;
    if (chosenKey === null || !detail || typeof detail.scrollIntoView !== 'function') return;
    if (detail.getBoundingClientRect().top > window.innerHeight * 0.6) {
      detail.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    }
  }, [chosenKey]);

  return (
    <PageLayout title={t('myOffers.title')} lead={t('myOffers.lead')}>
      {isLoading ? (
        <MyOfferListSkeleton />
      ) : selected ? (
        <div className={styles.layout}>
          <MyOfferList offers={offers} selectedKey={myOfferKey(selected)} onSelect={setChosenKey} />
          <div ref={detailRef} className={styles.detailSlot}>
            <MyOfferDetail offer={selected} />
          </div>
        </div>
      ) : (
        <div className={styles.empty}>
          <p className={styles.emptyText}>{t('myOffers.empty')}</p>
          <Link to={PATHS.earn} className={`pill-button ${styles.emptyAction}`}>
            {t('myOffers.findOffer')}
          </Link>
        </div>
      )}
    </PageLayout>
  );
}
