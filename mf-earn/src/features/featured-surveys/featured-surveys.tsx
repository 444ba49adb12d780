import { useId } from 'react';
import { formatDollars } from '@rewards/shared/rules/money';
import { LockIcon } from '../../ui/lock-icon';
import styles from './featured-surveys.module.css';

/** Spec §2: the teaser's copy, as the spec words it. */
export const LOCKED_SURVEYS_TITLE = '20 Surveys are locked';
export const LOCKED_SURVEYS_HINT = 'complete your 1 available Surveys, to unlock all Surveys';

/** Locked samples only: nothing here is a real survey, so nothing is clickable. */
const SAMPLE_SURVEYS = [
  { topic: 'Shopping habits', minutes: 6, payout: 0.85 },
  { topic: 'Mobile games', minutes: 9, payout: 1.2 },
  { topic: 'Travel plans', minutes: 12, payout: 1.75 },
  { topic: 'Streaming & TV', minutes: 5, payout: 0.6 },
  { topic: 'Food delivery', minutes: 8, payout: 1.05 },
  { topic: 'Personal finance', minutes: 15, payout: 2.4 },
] as const;

/**
 * Spec §2: the Featured Surveys teaser, locked samples behind a note on how to unlock them.
 * Exposed as `mf_earn/featured-surveys` for the home page.
 */
export default function FeaturedSurveys() {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Featured Surveys
      </h2>
      <div className={styles.stage}>
        <ul className={styles.samples} aria-hidden="true">
          {SAMPLE_SURVEYS.map((survey) => (
            <li key={survey.topic} className={styles.sample}>
              <span className={styles.topic}>{survey.topic}</span>
              <span className={styles.meta}>{survey.minutes} min</span>
              <span className={styles.payout}>{formatDollars(survey.payout)}</span>
            </li>
          ))}
        </ul>
        <div className={styles.lock}>
          <LockIcon className={styles.lockIcon} size={28} />
          <p className={styles.lockTitle}>{LOCKED_SURVEYS_TITLE}</p>
          <p className={styles.lockHint}>{LOCKED_SURVEYS_HINT}</p>
        </div>
      </div>
    </section>
  );
}
