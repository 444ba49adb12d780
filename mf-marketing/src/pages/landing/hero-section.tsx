import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { HeroForm } from '../../features/hero/hero-form';
import styles from './landing-page.module.css';

/** Headline, figures and the sign-up form (spec §1, §2 Home page). */
export function HeroSection({ content }: { content: LandingContent['hero'] }) {
  return (
    <section className={styles.hero} aria-labelledby="landing-title">
      <div className={styles.heroInner}>
        <div className={styles.heroCopy}>
          <h1 id="landing-title" className={styles.title}>
            {content.titleBefore} <span className={styles.accent}>{content.highlight}</span> {content.titleAfter}
          </h1>
          <p className={styles.subtitle}>{content.subtitle}</p>
        </div>
        <div className={styles.heroForm}>
          <HeroForm content={content} />
        </div>
        <dl className={styles.figures}>
            {content.figures.map(({ value, label }) => (
              <div key={label} className={styles.figure}>
                <dt className={styles.figureLabel}>{label}</dt>
                <dd className={styles.figureValue}>{value}</dd>
              </div>
            ))}
        </dl>
      </div>
    </section>
  );
}
