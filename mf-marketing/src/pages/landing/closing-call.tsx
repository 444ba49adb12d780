import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { StartEarningButton } from './start-earning-button';
import styles from './cards.module.css';

/** The last word of the landing: one more way in. */
export function ClosingCall({ content }: { content: LandingContent['closing'] }) {
  return (
    <section className={styles.closing} aria-labelledby="closing-title">
      <h2 id="closing-title" className={styles.closingTitle}>
        {content.heading}
      </h2>
      <p className={styles.closingText}>{content.text}</p>
      <StartEarningButton label={content.cta} />
    </section>
  );
}
