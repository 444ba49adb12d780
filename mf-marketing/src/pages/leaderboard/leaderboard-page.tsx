import { useState } from 'react';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@rewards/shared/contracts/marketing-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { RetryNotice } from '@rewards/shared/ui/retry-notice.tsx';
import { useGetLeaderboardQuery } from '../../features/leaderboard/leaderboard-api';
import { useT } from '../messages';
import styles from './leaderboard-page.module.css';

// Each period's words as message keys: a sentence per period reads right in every language.
const PERIOD_TEXTS = {
  daily: { label: 'leaderboard.period.daily', heading: 'leaderboard.heading.daily', ranking: 'leaderboard.ranking.daily', empty: 'leaderboard.empty.daily' },
  weekly: { label: 'leaderboard.period.weekly', heading: 'leaderboard.heading.weekly', ranking: 'leaderboard.ranking.weekly', empty: 'leaderboard.empty.weekly' },
  monthly: {
    label: 'leaderboard.period.monthly',
    heading: 'leaderboard.heading.monthly',
    ranking: 'leaderboard.ranking.monthly',
    empty: 'leaderboard.empty.monthly',
  },
} as const satisfies Record<LeaderboardPeriod, Record<string, string>>;
const SKELETON_ROWS = 8;

/** Spec §2 Leaderboard, with real data: the period's top earners by credited offer earnings. */
export default function LeaderboardPage() {
  const t = useT();
  const [period, setPeriod] = useState<LeaderboardPeriod>('monthly');
  const texts = PERIOD_TEXTS[period];
  const { data, isFetching, isError, refetch } = useGetLeaderboardQuery(period);
  // While another period loads, the previous one's rows must not pass for it.
  const shown = data?.period === period && !isFetching ? data : undefined;

  return (
    <PageLayout title={t('leaderboard.title')} lead={t('leaderboard.lead')}>
      <div className={styles.chips} role="group" aria-label={t('leaderboard.periods.label')}>
        {LEADERBOARD_PERIODS.map((option) => (
          <button key={option} type="button" className={styles.chip} aria-pressed={option === period} onClick={() => setPeriod(option)}>
            {t(PERIOD_TEXTS[option].label)}
          </button>
        ))}
      </div>
      <section className={styles.board} aria-labelledby="board-title" aria-busy={!shown && !isError}>
        <h2 id="board-title" className={styles.boardTitle}>
          {t(texts.heading)}
        </h2>
        {isError && !isFetching ? (
          <RetryNotice placement="inline" message={t('leaderboard.failed')} onRetry={() => void refetch()} />
        ) : !shown ? (
          <ol className={styles.list} aria-label={t('leaderboard.loading')}>
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <li key={index} className={`${styles.row} ${styles.skeleton}`} data-testid="leaderboard-skeleton" />
            ))}
          </ol>
        ) : shown.entries.length === 0 ? (
          <p className={styles.message}>{t(texts.empty)}</p>
        ) : (
          <ol className={styles.list} aria-label={t(texts.ranking)}>
            {shown.entries.map((entry, index) => (
              <li key={`${entry.rank}-${entry.name}-${index}`} className={entry.rank <= 3 ? `${styles.row} ${styles.podium}` : styles.row}>
                <span className={styles.rank} aria-label={t('leaderboard.rank', { rank: entry.rank })}>
                  {entry.rank}
                </span>
                <span className={styles.avatar} aria-hidden="true">
                  {entry.initial}
                </span>
                <span className={styles.name}>{entry.name}</span>
                <span className={`${styles.amount} money`}>{formatDollars(entry.amount)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </PageLayout>
  );
}
