import { useEffect, useRef } from 'react';
import { getApiBase } from '@rewards/shared/api/api-base';
import { PATHS } from '@rewards/shared/paths';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { RetryNotice } from '@rewards/shared/ui/retry-notice.tsx';
import { useT } from '../../history/messages';
import { EmptyHistory, HistorySkeleton, LoadMoreButton } from '../../ui/history-parts';
import history from '../../ui/history-table.module.css';
import { useGetEarningsInfiniteQuery } from './earnings-history-api';
import { EarningsTable } from './earnings-table';
import { ReversalRateNote } from './reversal-rate';
import styles from './earnings-history.module.css';

/**
 * The Earnings history tab of the Profile page (issue 29), exposed to mf-account as `mf_cashout/earnings-history`:
 * every credit, reversal and cashout with its status (held ones with the date they become available), "Load
 * more", the CSV, and the user's reversal rate.
 */
export default function EarningsHistory() {
  const t = useT();
  const earnings = useGetEarningsInfiniteQuery();
  const pages = earnings.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const rate = pages[0]?.reversal_rate;

  useEffect(() => {
    if (earnings.error) console.warn('Earnings history could not be loaded', earnings.error);
  }, [earnings.error]);

  // The session's balances change with every credit, release and reversal (wallet.updated): the rows too.
  const user = useAppSelector(selectUser);
  const balances = `${user?.wallet}/${user?.pending_wallet}`;
  const shownBalances = useRef(balances);
  const { refetch } = earnings;
  useEffect(() => {
    if (shownBalances.current === balances) return;
    shownBalances.current = balances;
    void refetch();
  }, [balances, refetch]);

  return (
    <section className={styles.panel} aria-labelledby="earnings-history-title">
      <div className={styles.header}>
        <div className={styles.headerText}>
          <h2 id="earnings-history-title" className={history.heading}>
            {t('earnings.title')}
          </h2>
          <p className={styles.lead}>{t('earnings.lead')}</p>
        </div>
        {items.length > 0 ? (
          <a className={styles.download} href={`${getApiBase()}/user/earnings.csv`} download="earnings.csv">
            {t('earnings.download')}
          </a>
        ) : null}
      </div>

      {/* Without a credit in the window there is no rate to speak of. */}
      {rate && rate.credits > 0 ? <ReversalRateNote rate={rate} /> : null}

      {earnings.isLoading ? (
        <HistorySkeleton label={t('earnings.loading')} columnsClass={styles.skeletonColumns} />
      ) : earnings.isError && items.length === 0 ? (
        <RetryNotice placement="inline" message={t('earnings.error')} onRetry={() => void earnings.refetch()} />
      ) : items.length === 0 ? (
        <EmptyHistory title={t('earnings.empty.title')} text={t('earnings.empty.text')} to={PATHS.earn} action={t('earnings.empty.action')} />
      ) : (
        <EarningsTable items={items} />
      )}

      {earnings.isFetchNextPageError ? (
        <RetryNotice placement="inline" message={t('earnings.errorMore')} onRetry={() => void earnings.fetchNextPage()} />
      ) : earnings.hasNextPage && items.length > 0 ? (
        <LoadMoreButton list={earnings} />
      ) : null}
    </section>
  );
}
