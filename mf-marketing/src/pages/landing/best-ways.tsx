import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { LandingIcon } from '../../ui/icons';
import { LandingSection } from '../../ui/landing-section';
import styles from './cards.module.css';

/** Spec §1: the best-ways-to-earn block. */
export function BestWays({ content }: { content: LandingContent['bestWays'] }) {
  return (
    <LandingSection titleId="best-ways-title" heading={content.heading} lead={content.lead}>
      <ul className={styles.grid4}>
        {content.items.map((way) => (
          <li key={way.title} className={styles.card}>
            <span className={styles.iconBadge}>
              <LandingIcon name={way.icon} size={26} />
            </span>
            <h3 className={styles.cardTitle}>{way.title}</h3>
            <p className={styles.cardText}>{way.text}</p>
            <p className={styles.earn}>{way.earn}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
