import { formatDollars } from '@rewards/shared/rules/money';
import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { useT } from '../../messages';
import { formatRating } from '../../ui/format-rating';
import { OfferIcon, StarRow } from '../../ui/icons';
import { LandingSection } from '../../ui/landing-section';
import { StartEarningButton } from './start-earning-button';
import styles from './sample-offers.module.css';

const SHOWN_WORDS = 2;

/** Spec §2: an offer card shows the first two words of the name, with "…" when there were more. */
export function shortOfferName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.length <= SHOWN_WORDS ? words.join(' ') : `${words.slice(0, SHOWN_WORDS).join(' ')}…`;
}

/** The three sample offer cards (spec §2) and the Start earning now button that opens the sign-in modal. */
export function SampleOffers({ content }: { content: LandingContent['sampleOffers'] }) {
  const t = useT();
  return (
    <LandingSection titleId="sample-offers-title" heading={content.heading} lead={content.lead}>
      <ul className={styles.grid}>
        {content.items.map((offer) => (
          <li key={offer.name} className={styles.card}>
            <span className={`${styles.icon} ${styles[offer.icon]}`}>
              <OfferIcon name={offer.icon} size={30} />
            </span>
            <h3 className={styles.name} title={offer.name}>
              {shortOfferName(offer.name)}
            </h3>
            <p className={styles.task}>{offer.task}</p>
            <div className={styles.footer}>
              <StarRow value={offer.rating} size={16} label={t('landing.offers.rating', { rating: formatRating(offer.rating) })} />
              <span className={`${styles.price} money`}>{formatDollars(offer.reward)}</span>
            </div>
          </li>
        ))}
      </ul>
      <StartEarningButton label={content.cta} />
    </LandingSection>
  );
}
