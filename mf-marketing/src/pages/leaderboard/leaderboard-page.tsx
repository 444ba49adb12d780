import { useState } from 'react';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@rewards/shared/contracts/marketing-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { useGetLeaderboardQuery } from '../../features/leaderboard/leaderboard-api';
import styles from './leaderboard-page.module.css';

const LABELS: Record<LeaderboardPeriod, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const EMPTY: Record<LeaderboardPeriod, string> = {
  daily: 'No one has earned today yet. Complete an offer and be first on the board.',
  weekly: 'No one has earned this week yet. Complete an offer and be first on the board.',
  monthly: 'No one has earned this month yet. Complete an offer and be first on the board.',
};
const SKELETON_ROWS = 8;

/** Spec §2 Leaderboard, with real data: the period's top earners by credited offer earnings. */
export default function LeaderboardPage() {
  const [period, setPeriod] = useState<LeaderboardPeriod>('monthly');
  const { data, isFetching, isError, refetch } = useGetLeaderboardQuery(period);
  // While another period loads, the previous one's rows must not pass for it.
  const shown = data?.period === period && !isFetching ? data : undefined;

  return (
    <PageLayout title="Leaderboard" lead="The top earners of the day, the week and the month, by what their completed offers paid.">
      <div className={styles.chips} role="group" aria-label="Period">
        {LEADERBOARD_PERIODS.map((option) => (
          <button key={option} type="button" className={styles.chip} aria-pressed={option === period} onClick={() => setPeriod(option)}>
            {LABELS[option]}
          </button>
        ))}
      </div>
      <section className={styles.board} aria-labelledby="board-title" aria-busy={!shown && !isError}>
        <h2 id="board-title" className={styles.boardTitle}>
          {LABELS[period]} top earners
        </h2>
        {isError && !isFetching ? (
          <div className={styles.message}>
            <p>The leaderboard could not be loaded.</p>
            <button type="button" className={styles.retry} onClick={() => void refetch()}>
              Retry
            </button>
          </div>
        ) : !shown ? (
          <ol className={styles.list} aria-label="Loading the leaderboard">
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <li key={index} className={`${styles.row} ${styles.skeleton}`} data-testid="leaderboard-skeleton" />
            ))}
          </ol>
        ) : shown.entries.length === 0 ? (
          <p className={styles.message}>{EMPTY[period]}</p>
        ) : (
          <ol className={styles.list} aria-label={`${LABELS[period]} ranking`}>
            {shown.entries.map((entry, index) => (
              <li key={`${entry.rank}-${entry.name}-${index}`} className={entry.rank <= 3 ? `${styles.row} ${styles.podium}` : styles.row}>
                <span className={styles.rank} aria-label={`Rank ${entry.rank}`}>
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
