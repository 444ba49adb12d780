import type { Cashout } from '@rewards/shared/contracts/cashout-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { formatDate } from '../../ui/format-date';
import { payoutMethodTitle } from '../payout-methods';
import { maskAccount } from './mask-account';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';
import styles from './withdrawals-panel.module.css';

/** The withdrawal history, newest first; on a phone each row becomes a small card. */
export function WithdrawalTable({ items }: { items: Cashout[] }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Method</th>
          <th scope="col">Account</th>
          <th scope="col" className={styles.amountCell}>
            Amount
          </th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {items.map((cashout) => (
          <tr key={cashout.id} className={styles.row}>
            <td className={styles.dateCell}>
              <time dateTime={cashout.created_at}>{formatDate(cashout.created_at)}</time>
            </td>
            <td className={styles.methodCell}>{payoutMethodTitle(cashout.method)}</td>
            <td className={styles.accountCell}>{maskAccount(cashout.account)}</td>
            <td className={`${styles.amountCell} money`}>{formatDollars(cashout.amount)}</td>
            <td className={styles.statusCell}>
              <div className={styles.statusStack}>
                <WithdrawalStatusBadge status={cashout.status} />
                {cashout.status === 'rejected' && cashout.rejection_reason ? (
                  <span className={styles.reason}>{cashout.rejection_reason}</span>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
