import type { Earning } from '@rewards/shared/contracts/earnings-types';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import { formatDate } from '../../ui/format-date';
import { availableOn, kindCaption, signedAmount, statusLabel, wallName } from './earning-labels';
import styles from './earnings-history.module.css';

/** The history, newest first; on a phone each row becomes a small card. */
export function EarningsTable({ items }: { items: Earning[] }) {
  return (
    <table className={styles.table}>
      <caption className={visuallyHidden}>Your earnings, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Title</th>
          <th scope="col">Wall</th>
          <th scope="col" className={styles.amountCell}>
            Amount
          </th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <EarningRow key={item.id} item={item} />
        ))}
      </tbody>
    </table>
  );
}

function EarningRow({ item }: { item: Earning }) {
  const caption = kindCaption(item.kind);
  const negative = item.amount.startsWith('-');
  const amountClass = item.status === 'reversed' && !negative ? styles.takenBack : negative ? styles.debit : styles.credit;
  return (
    <tr className={styles.row}>
      <td className={styles.dateCell}>
        <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
      </td>
      <td className={styles.titleCell}>
        <span className={styles.title}>{item.title}</span>
        {caption ? <span className={styles.kind}>{caption}</span> : null}
      </td>
      <td className={styles.wallCell}>{wallName(item.wall)}</td>
      <td className={`${styles.amountCell} ${amountClass} money`}>{signedAmount(item.amount)}</td>
      <td className={styles.statusCell}>
        <div className={styles.statusStack}>
          <span className={`${styles.badge} ${styles[item.status] ?? ''}`}>{statusLabel(item)}</span>
          {item.status === 'pending' && item.available_at ? <span className={styles.note}>{availableOn(item.available_at)}</span> : null}
          {item.reason ? <span className={styles.note}>{item.reason}</span> : null}
        </div>
      </td>
    </tr>
  );
}
