import type { Offer } from '@rewards/shared/contracts/offer-types';
import { OfferCard, OfferCardSkeleton } from './offer-card';
import { useT } from '../../messages';
import styles from './offer-grid.module.css';

/** Spec §9: the skeletons a grid of offers shows while it loads. */
export const GRID_SKELETONS = 12;

export function OfferGridSkeleton() {
  const t = useT();
  return (
    <div className={styles.grid} aria-busy="true" aria-label={t('offers.grid.loading')}>
      {Array.from({ length: GRID_SKELETONS }, (_, index) => (
        <OfferCardSkeleton key={index} fluid />
      ))}
    </div>
  );
}

type Props = { offers: Offer[]; label: string; onOpen: (offer: Offer) => void };

/** Offers as cards in a grid, as many to a row as fit (the offers page, search results). */
export function OfferGrid({ offers, label, onOpen }: Props) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {offers.map((offer) => (
        <li key={`${offer.id}-${offer.offer_id}`} className={styles.cell}>
          <OfferCard offer={offer} onOpen={onOpen} fluid />
        </li>
      ))}
    </ul>
  );
}
