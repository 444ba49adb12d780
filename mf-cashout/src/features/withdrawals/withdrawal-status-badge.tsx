import type { CashoutStatus } from '@rewards/shared/contracts/cashout-types';
import { useT } from '../../history/messages';
import history from '../../ui/history-table.module.css';

/** A withdrawal's status as people read it (message keys): `failed` is a delay we are fixing, not a loss. */
const LABELS = {
  pending: 'withdrawals.status.pending',
  approved: 'withdrawals.status.approved',
  sending: 'withdrawals.status.sending',
  paid: 'withdrawals.status.paid',
  failed: 'withdrawals.status.failed',
  returned: 'withdrawals.status.returned',
  unclaimed: 'withdrawals.status.unclaimed',
  rejected: 'withdrawals.status.rejected',
} as const satisfies Record<CashoutStatus, string>;

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
  const label = status in LABELS ? t(LABELS[status]) : status;
  return <span className={`${history.badge} ${TONES[status] ?? ''}`}>{label}</span>;
}
