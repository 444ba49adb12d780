import { useT } from '../../messages';
import { formatNumber } from '../../ui/formats';
import { starParts } from './rating';
import styles from './rating-stars.module.css';

type Props = {
  rating: number;
  /** Show the number next to the stars. */
  showValue?: boolean;
  size?: 'small' | 'normal';
};

/** Five stars for a 0–5 rating (spec §2); the number is for everyone, the stars are decoration. */
export function RatingStars({ rating, showValue = false, size = 'normal' }: Props) {
  const t = useT();
  const { full, half, empty } = starParts(rating);
  const value = formatNumber(rating, 'rating');
  return (
    <span className={size === 'small' ? `${styles.rating} ${styles.small}` : styles.rating} role="img" aria-label={t('offer.rating.label', { rating: value })}>
      <span className={styles.stars} aria-hidden="true" data-full={full} data-half={half}>
        {Array.from({ length: full }, (_, index) => (
          <span key={`full-${index}`} className={styles.full}>
            ★
          </span>
        ))}
        {half ? <span className={styles.half}>★</span> : null}
        {Array.from({ length: empty }, (_, index) => (
          <span key={`empty-${index}`} className={styles.empty}>
            ★
          </span>
        ))}
      </span>
      {showValue ? (
        <span className={styles.value} aria-hidden="true">
          {value}
        </span>
      ) : null}
    </span>
  );
}
