import type { Offer } from '@rewards/shared/contracts/offer-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { preloadOfferModal } from './lazy-offer-modal';
import { shortenOfferName } from './offer-name';
import { RatingStars } from './rating-stars';
import offerIconUrl from './offer-icon.svg';
import styles from './offer-card.module.css';

/** Spec §2: every offer card shows the same fixed rating. */
export const OFFER_CARD_RATING = 4;

type Props = {
  offer: Offer;
  onOpen: (offer: Offer) => void;
  /** Fills its grid cell instead of the carousel's fixed card width. */
  fluid?: boolean;
  /**
   * A card likely in the first screen: its image is fetched as soon as the card is created and before others,
   * not once layout has found it near the viewport (it is the page's largest paint).
   */
  priority?: boolean;
};

/** The task line: the offer's first category, else its title. */
export function offerTask(offer: Pick<Offer, 'categories' | 'title'>): string {
  return offer.categories?.[0] || offer.title || '';
}

export function OfferCard({ offer, onOpen, fluid = false, priority = false }: Props) {
  return (
    <button
      type="button"
      className={fluid ? `${styles.card} ${styles.fluid}` : styles.card}
      onClick={() => onOpen(offer)}
      onPointerEnter={preloadOfferModal}
      onFocus={preloadOfferModal}
      title={offer.name}
    >
      <span className={styles.media}>
        <img
          className={styles.image}
          src={offer.image_url || offerIconUrl}
          alt=""
          width={145}
          height={145}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          draggable={false}
        />
      </span>
      <span className={styles.body}>
        <span className={styles.name}>{shortenOfferName(offer.name)}</span>
        <span className={styles.task}>{offerTask(offer)}</span>
        <span className={styles.footer}>
          <span className={styles.price}>{formatDollars(offer.payout)}</span>
          <RatingStars rating={OFFER_CARD_RATING} size="small" />
        </span>
      </span>
    </button>
  );
}

/** A grey stand-in card while offers load. */
export function OfferCardSkeleton({ fluid = false }: { fluid?: boolean }) {
  return (
    <div
      className={`${styles.card} ${styles.skeleton}${fluid ? ` ${styles.fluid}` : ''}`}
      data-testid="offer-skeleton"
      aria-hidden="true"
    >
      <span className={`${styles.media} ${styles.shimmer}`} />
      <span className={styles.body}>
        <span className={`${styles.line} ${styles.shimmer}`} />
        <span className={`${styles.line} ${styles.short} ${styles.shimmer}`} />
        <span className={`${styles.line} ${styles.shimmer}`} />
      </span>
    </div>
  );
}
