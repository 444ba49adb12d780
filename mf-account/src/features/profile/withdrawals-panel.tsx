import type { UserProfile } from '@rewards/shared/contracts/api-types';
import type { CashoutStats } from '@rewards/shared/contracts/cashout-types';
import { PATHS } from '@rewards/shared/paths';
import { Link } from '@rewards/shared/router';
import { formatDollars } from '@rewards/shared/rules/money';
import { WalletIcon } from '../../ui/icons';
import { EmptyState } from './empty-state';
import { NO_WITHDRAWALS, useGetWithdrawalStatsQuery } from './profile-api';
import styles from './profile.module.css';

/** True once the user has asked for any cashout. */
export function hasWithdrawals(stats: CashoutStats): boolean {
  const positive = (amount: string) => Number.parseFloat(amount) > 0;
  return stats.pending_count > 0 || positive(stats.total_requested) || positive(stats.total_approved);
}

/** The "Withdrawals" tab: balance, pending / requested / approved, and where to cash out (spec §2). */
export function WithdrawalsPanel({ user }: { user: UserProfile }) {
  const { data, isLoading } = useGetWithdrawalStatsQuery();
  const stats = data ?? NO_WITHDRAWALS;
  // Spec §4: while loading the figures read '...'.
  const amount = (value: string) => (isLoading ? '...' : formatDollars(value));
  const balance = isLoading ? '...' : formatDollars(data ? stats.current_balance : user.wallet);

  return (
    <div className={styles.withdrawals}>
      <div className={styles.panelHeader}>
        <h3 className={styles.panelTitle}>Your withdrawals</h3>
        <Link to={PATHS.cashout} className={styles.primaryLink}>
          Request New Cashout
        </Link>
      </div>
      <div className={styles.withdrawalStats}>
        <div className={`${styles.stat} ${styles.balanceStat}`}>
          <span className={styles.statLabel}>Balance</span>
          <span className={`${styles.statValue} ${styles.moneyValue} money`}>{balance}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>Pending{isLoading ? '' : ` (${stats.pending_count})`}</span>
          <span className={`${styles.statValue} money`}>{amount(stats.pending_amount)}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>Requested</span>
          <span className={`${styles.statValue} money`}>{amount(stats.total_requested)}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>Approved</span>
          <span className={`${styles.statValue} money`}>{amount(stats.total_approved)}</span>
        </div>
      </div>
      {isLoading ? null : hasWithdrawals(stats) ? (
        <p className={styles.note}>
          Recent withdrawals are reviewed within 24-48 hours. Pending requests stay here until they are approved; the
          amount of a rejected request returns to your balance.
        </p>
      ) : (
        <EmptyState
          icon={<WalletIcon />}
          title="No Withdrawal History"
          text="Your cashouts will show up here once you request one."
          action={{ label: 'Request Your First Cashout', to: PATHS.cashout }}
        />
      )}
    </div>
  );
}
