import { useEffect } from 'react';
import { PATHS } from '@rewards/shared/paths';
import { Link } from '@rewards/shared/router';
import { formatDollars } from '@rewards/shared/rules/money';
import { useT } from '../../history/messages';
import { SLOT, SlotText } from '../../ui/slot-text';
import { EmptyHistory, HistorySkeleton, LoadMoreButton } from '../../ui/history-parts';
import history from '../../ui/history-table.module.css';
import { useCashoutStats } from '../cashout-stats';
import { useGetCashoutHistoryInfiniteQuery } from './cashout-history-api';
import { WithdrawalTable } from './withdrawal-table';
import styles from './withdrawals-panel.module.css';

const LOADING = '...';

/**
 * The Withdrawals tab of the Profile page (spec §2), exposed to mf-account as `mf_cashout/withdrawals-panel`:
 * balance, pending / requested / approved totals and the withdrawal history with "Load more".
 */
export default function WithdrawalsPanel() {
  const t = useT();
  const { stats, balance, pending, settled } = useCashoutStats();
  const hasPending = Number.parseFloat(pending) > 0;
  const withdrawals = useGetCashoutHistoryInfiniteQuery();
  const items = withdrawals.data?.pages.flatMap((page) => page.items) ?? [];

  useEffect(() => {
    if (withdrawals.error) console.warn('Withdrawal history could not be loaded', withdrawals.error);
  }, [withdrawals.error]);

  return (
    <div className={styles.panel}>
      <div className={styles.overview}>
        <section className={styles.balanceCard} aria-labelledby="withdrawals-balance">
          <h2 id="withdrawals-balance" className={styles.cardLabel}>
            {t('withdrawals.balance.title')}
          </h2>
          <p className={`${styles.balance} money`}>{settled ? formatDollars(balance) : LOADING}</p>
          {hasPending ? (
            <p className={styles.pendingBalance}>
              <SlotText text={t('withdrawals.balance.pending', { amount: SLOT })}>
                <span className="money">{formatDollars(pending)}</span>
              </SlotText>
            </p>
          ) : null}
          <Link to={PATHS.cashout} className={`pill-button ${styles.primary}`}>
            {t('withdrawals.requestNew')}
          </Link>
        </section>
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt>{t('withdrawals.stats.pending')}</dt>
            <dd className="money">{stats ? formatDollars(stats.pending_amount) : LOADING}</dd>
            {stats ? (
              <dd className={styles.statNote}>
                {t('withdrawals.stats.requests', { count: stats.pending_count })}
              </dd>
            ) : null}
          </div>
          <div className={styles.stat}>
            <dt>{t('withdrawals.stats.requested')}</dt>
            <dd className="money">{stats ? formatDollars(stats.total_requested) : LOADING}</dd>
          </div>
          <div className={styles.stat}>
            <dt>{t('withdrawals.stats.approved')}</dt>
            <dd className={`${styles.approvedAmount} money`}>{stats ? formatDollars(stats.total_approved) : LOADING}</dd>
          </div>
        </dl>
      </div>

      <section aria-labelledby="withdrawals-history" className={styles.history}>
        <div className={styles.historyHeader}>
          <h2 id="withdrawals-history" className={history.heading}>
            {t('withdrawals.history.title')}
          </h2>
          <p className={styles.note}>{t('withdrawals.history.note')}</p>
        </div>
        {withdrawals.isLoading ? (
          <HistorySkeleton label={t('withdrawals.history.loading')} columnsClass={styles.skeletonColumns} />
        ) : items.length === 0 ? (
          <EmptyHistory
            title={t('withdrawals.empty.title')}
            text={t('withdrawals.empty.text')}
            to={PATHS.cashout}
            action={t('withdrawals.empty.action')}
          />
        ) : (
          <WithdrawalTable items={items} />
        )}
        {withdrawals.hasNextPage && items.length > 0 ? <LoadMoreButton list={withdrawals} /> : null}
      </section>
    </div>
  );
}
