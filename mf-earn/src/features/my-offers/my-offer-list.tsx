import type { MyOffer } from '@rewards/shared/contracts/offer-types';
import { formatCents } from '@rewards/shared/rules/money';
import { offerProgress } from '@rewards/shared/rules/offer-progress';
import { offerIconUrl } from '../offers';
import { useT } from '../../messages';
import { ProgressBar } from './progress-bar';
import styles from './my-offers.module.css';

const SKELETON_ROWS = 3;

export function myOfferKey(offer: Pick<MyOffer, 'id' | 'offer_id'>): string {
  return String(offer.id ?? offer.offer_id);
}

type Props = {
  offers: MyOffer[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
};

/** The user's offers, each with its progress; the chosen one is shown in detail beside it. */
export function MyOfferList({ offers, selectedKey, onSelect }: Props) {
  const t = useT();
  return (
    <ul className={styles.list} aria-label={t('myOffers.list.label')}>
      {offers.map((offer) => {
        const key = myOfferKey(offer);
        const progress = offerProgress(offer);
        const selected = key === selectedKey;
        return (
          <li key={key}>
            <button
              type="button"
              className={selected ? `${styles.item} ${styles.selected}` : styles.item}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(key)}
            >
              <img className={styles.thumb} src={offer.image_url || offerIconUrl} alt="" width={56} height={56} />
              <span className={styles.itemBody}>
                <span className={styles.itemName}>{offer.name}</span>
                <ProgressBar value={progress} label={t('myOffers.progress', { name: offer.name })} />
              </span>
              <span className={styles.itemPayout}>{formatCents(offer.payout_cents)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function MyOfferListSkeleton() {
  return (
    <ul className={styles.list} aria-hidden="true">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <li key={index} className={`${styles.item} ${styles.skeletonItem}`} data-testid="my-offer-skeleton">
          <span className={`${styles.thumb} ${styles.shimmer}`} />
          <span className={styles.itemBody}>
            <span className={`${styles.skeletonLine} ${styles.shimmer}`} />
            <span className={`${styles.skeletonLine} ${styles.shimmer}`} />
          </span>
        </li>
      ))}
    </ul>
  );
}
