import { useId } from 'react';
import { formatDollars } from '@rewards/shared/rules/money';
import { useT } from '../../messages';
import { LockIcon } from '../../ui/lock-icon';
import styles from './featured-surveys.module.css';

/** Locked samples only: nothing here is a real survey, so nothing is clickable. */
const SAMPLE_SURVEYS = [
  { topic: 'surveys.topic.shopping', minutes: 6, payout: 0.85 },
  { topic: 'surveys.topic.games', minutes: 9, payout: 1.2 },
  { topic: 'surveys.topic.travel', minutes: 12, payout: 1.75 },
  { topic: 'surveys.topic.streaming', minutes: 5, payout: 0.6 },
  { topic: 'surveys.topic.food', minutes: 8, payout: 1.05 },
  { topic: 'surveys.topic.finance', minutes: 15, payout: 2.4 },
] as const;

/**
 * Spec §2: the Featured Surveys teaser, locked samples behind a note on how to unlock them.
 * Exposed as `mf_earn/featured-surveys` for the home page.
 */
export default function FeaturedSurveys() {
  const t = useT();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('surveys.title')}
      </h2>
      <div className={styles.stage}>
        <ul className={styles.samples} aria-hidden="true">
          {SAMPLE_SURVEYS.map((survey) => (
            <li key={survey.topic} className={styles.sample}>
              <span className={styles.topic}>{t(survey.topic)}</span>
              <span className={styles.meta}>{t('surveys.minutes', { minutes: survey.minutes })}</span>
              <span className={styles.payout}>{formatDollars(survey.payout)}</span>
            </li>
          ))}
        </ul>
        <div className={styles.lock}>
          <LockIcon className={styles.lockIcon} size={28} />
          {/* Spec §2: the teaser's copy, as the spec words it. */}
          <p className={styles.lockTitle}>{t('surveys.locked')}</p>
          <p className={styles.lockHint}>{t('surveys.unlockHint')}</p>
        </div>
      </div>
    </section>
  );
}
