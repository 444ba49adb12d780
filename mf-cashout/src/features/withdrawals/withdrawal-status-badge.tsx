import type { CashoutStatus } from '@rewards/shared/contracts/cashout-types';
import history from '../../ui/history-table.module.css';

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

const TONES: Record<CashoutStatus, string | undefined> = {
  pending: history.pending,
  approved: history.underway,
  sending: history.underway,
  paid: history.done,
  failed: history.refused,
  returned: history.refused,
  unclaimed: history.refused,
  rejected: history.refused,
};

export function WithdrawalStatusBadge({ status }: { status: CashoutStatus }) {
  return <span className={`${history.badge} ${TONES[status] ?? ''}`}>{LABELS[status] ?? status}</span>;
}
