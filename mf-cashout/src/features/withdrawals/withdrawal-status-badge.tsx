import type { CashoutStatus } from '@rewards/shared/contracts/cashout-types';
import styles from './withdrawals-panel.module.css';

const LABELS: Record<CashoutStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  sending: 'Sending',
  paid: 'Paid',
  failed: 'Delayed',
  returned: 'Returned',
  unclaimed: 'Unclaimed',
  rejected: 'Rejected',
};

export function WithdrawalStatusBadge({ status }: { status: CashoutStatus }) {
  return <span className={`${styles.badge} ${styles[status] ?? ''}`}>{LABELS[status] ?? status}</span>;
}
