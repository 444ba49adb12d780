import type { CashoutStatus } from '@rewards/shared/contracts/cashout-types';
import { useT } from '../../messages';
import { CASHOUT_STATUS_LABELS } from '../../ui/cashout-status-labels';
import history from '../../ui/history-table.module.css';

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
  const t = useT();
  // A status this version does not know yet is shown as the API names it.
  const label = status in CASHOUT_STATUS_LABELS ? t(CASHOUT_STATUS_LABELS[status]) : status;
  return <span className={`${history.badge} ${TONES[status] ?? ''}`}>{label}</span>;
}
