import { useEffect, useRef } from 'react';
import { getApiBase } from '@rewards/shared/api/api-base';
import { PATHS } from '@rewards/shared/paths';
import { Link } from '@rewards/shared/router';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { RetryNotice } from '@rewards/shared/ui/retry-notice.tsx';
import { useGetEarningsInfiniteQuery } from './earnings-history-api';
import { EarningsTable } from './earnings-table';
import { ReversalRateNote } from './reversal-rate';
import styles from './earnings-history.module.css';

/** Spec §9: the profile's tables show 3 skeleton rows while loading. */
export const SKELETON_ROWS = 3;

/**
 * The Earnings history tab of the Profile page (issue 29), exposed to mf-account as `mf_cashout/earnings-history`:
 * every credit, reversal and cashout with its status (held ones with the date they become available), "Load
 * more", the CSV, and the user's reversal rate.
 */
export default function EarningsHistory() {
  const history = useGetEarningsInfiniteQuery();
  const pages = history.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const rate = pages[0]?.reversal_rate;

  useEffect(() => {
    if (history.error) console.warn('Earnings history could not be loaded', history.error);
  }, [history.error]);

  // The session's balances change with every credit, release and reversal (wallet.updated): the rows too.
  const user = useAppSelector(selectUser);
  const balances = `${user?.wallet}/${user?.pending_wallet}`;
  const shownBalances = useRef(balances);
  const { refetch } = history;
  useEffect(() => {
    if (shownBalances.current === balances) return;
    shownBalances.current = balances;
    void refetch();
  }, [balances, refetch]);

  return (
    <section className={styles.panel} aria-labelledby="earnings-history-title">
      <div className={styles.header}>
        <div className={styles.headerText}>
          <h2 id="earnings-history-title" className={styles.heading}>
            Earnings history
          </h2>
          <p className={styles.lead}>Every credit with its status. A held credit shows the day it becomes available to cash out.</p>
        </div>
        {items.length > 0 ? (
          <a className={styles.download} href={`${getApiBase()}/user/earnings.csv`} download="earnings.csv">
            Download CSV
          </a>
        ) : null}
      </div>

      {/* Without a credit in the window there is no rate to speak of. */}
      {rate && rate.credits > 0 ? <ReversalRateNote rate={rate} /> : null}

      {history.isLoading ? (
        <HistorySkeleton />
      ) : history.isError && items.length === 0 ? (
        <RetryNotice placement="inline" message="Your earnings could not be loaded. Please try again in a moment." onRetry={() => void history.refetch()} />
      ) : items.length === 0 ? (
        <EmptyHistory />
      ) : (
        <EarningsTable items={items} />
      )}

      {history.isFetchNextPageError ? (
        <RetryNotice placement="inline" message="More earnings could not be loaded." onRetry={() => void history.fetchNextPage()} />
      ) : history.hasNextPage && items.length > 0 ? (
        <button
          type="button"
          className={styles.loadMore}
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
          aria-busy={history.isFetchingNextPage || undefined}
        >
          {history.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      ) : null}
    </section>
  );
}

function HistorySkeleton() {
  return (
    <div role="status" aria-label="Loading earnings" className={styles.skeleton}>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} className={styles.skeletonRow} aria-hidden="true">
          <span />
          <span />
          <span />
          <span />
        </div>
      ))}
    </div>
  );
}

function EmptyHistory() {
  return (
    <div className={styles.empty}>
      <h3 className={styles.emptyTitle}>No earnings yet</h3>
      <p className={styles.emptyText}>Complete an offer and its credit shows here, with the day it can be cashed out.</p>
      <Link to={PATHS.earn} className={`pill-button ${styles.primary}`}>
        Start earning
      </Link>
    </div>
  );
}
