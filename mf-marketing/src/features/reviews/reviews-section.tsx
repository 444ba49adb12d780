import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { useT } from '../../pages/messages';
import { formatRating } from '../../ui/format-rating';
import { StarRow } from '../../ui/icons';
import { LandingSection } from '../../ui/landing-section';
import { ReviewSlider } from './review-slider';
import styles from './reviews-section.module.css';

/** Spec §1: the 5-star review widget and the review slider. */
export function ReviewsSection({ content }: { content: LandingContent['reviews'] }) {
  const t = useT();
  const rating = formatRating(content.rating, { fixed: true });
  return (
    <LandingSection titleId="reviews-title" heading={content.heading}>
      <div className={styles.widget}>
        <span className={styles.score}>{rating}</span>
        <div className={styles.widgetText}>
          <StarRow value={5} size={26} label={t('reviews.rating', { rating })} />
          <span className={styles.count}>
            {content.count} · {content.source}
          </span>
        </div>
      </div>
      <ReviewSlider reviews={content.items} />
    </LandingSection>
  );
}
