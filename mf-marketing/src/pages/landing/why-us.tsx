import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { LandingIcon } from '../../ui/icons';
import { LandingSection } from '../../ui/landing-section';
import styles from './cards.module.css';

/** Spec §1: the why-us banner. */
export function WhyUs({ content }: { content: LandingContent['whyUs'] }) {
  return (
    <LandingSection titleId="why-us-title" heading={content.heading} band>
      <ul className={styles.grid4}>
        {content.items.map((reason) => (
          <li key={reason.title} className={styles.plain}>
            <span className={styles.iconAmber}>
              <LandingIcon name={reason.icon} size={24} />
            </span>
            <h3 className={styles.cardTitle}>{reason.title}</h3>
            <p className={styles.cardText}>{reason.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
