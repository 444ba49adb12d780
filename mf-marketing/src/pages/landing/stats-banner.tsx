import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import styles from './landing-page.module.css';

/** Spec §1 stats banner: time to first cashout, yesterday's average, all-time earnings. */
export function StatsBanner({ content }: { content: LandingContent['stats'] }) {
  return (
    <section className={styles.stats} aria-labelledby="stats-title">
      <h2 id="stats-title" className={visuallyHidden}>
        {content.heading}
      </h2>
      <dl className={styles.statsList}>
        {content.items.map(({ value, label }) => (
          <div key={label} className={styles.stat}>
            <dt className={styles.statLabel}>{label}</dt>
            <dd className={styles.statValue}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
