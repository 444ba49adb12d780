import type { Cashout } from '@rewards/shared/contracts/cashout-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { useT } from '../../history/messages';
import { formatDate } from '../../ui/format-date';
import { HistoryTable } from '../../ui/history-parts';
import history from '../../ui/history-table.module.css';
import { methodTitle } from '../../ui/method-title';
import { maskAccount } from './mask-account';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';
import styles from './withdrawals-panel.module.css';

const REFUNDED = new Set<Cashout['status']>(['rejected', 'returned', 'unclaimed']);

/** What the user may want beside the status: the provider's reference once paid, why it was refunded, what a delay means. */
function StatusNote({ cashout }: { cashout: Cashout }) {
  const t = useT();
  if (cashout.status === 'paid' && cashout.provider_reference) {
    return <span className={history.note}>{t('withdrawals.note.reference', { reference: cashout.provider_reference })}</span>;
  }
  if (REFUNDED.has(cashout.status)) {
    const refunded = cashout.status === 'rejected' ? null : t('withdrawals.note.refunded');
    const text = [cashout.rejection_reason, refunded].filter(Boolean).join(' ');
    return text ? <span className={history.note}>{text}</span> : null;
  }
  if (cashout.status === 'failed') return <span className={history.note}>{t('withdrawals.note.failed')}</span>;
  return null;
}

/** The withdrawal history, newest first; on a phone each row becomes a small card. */
export function WithdrawalTable({ items }: { items: Cashout[] }) {
  const t = useT();
  return (
    <HistoryTable columns={[t('withdrawals.column.method'), t('withdrawals.column.account')]}>
      {items.map((cashout) => (
        <tr key={cashout.id} className={history.row}>
          <td className={history.dateCell}>
            <time dateTime={cashout.created_at}>{formatDate(cashout.created_at)}</time>
          </td>
          <td className={`${history.mainCell} ${styles.methodCell}`}>{methodTitle(cashout.method, t)}</td>
          <td className={history.detailCell}>{maskAccount(cashout.account)}</td>
          <td className={`${history.amountCell} money`}>{formatDollars(cashout.amount)}</td>
          <td className={history.statusCell}>
            <div className={`${history.statusStack} ${history.notesBeside}`}>
              <WithdrawalStatusBadge status={cashout.status} />
              <StatusNote cashout={cashout} />
            </div>
          </td>
        </tr>
      ))}
    </HistoryTable>
  );
}
