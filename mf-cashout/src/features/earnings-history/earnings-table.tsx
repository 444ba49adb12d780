import type { Earning } from '@rewards/shared/contracts/earnings-types';
import { useT } from '../../history/messages';
import { formatDate } from '../../ui/format-date';
import { HistoryTable } from '../../ui/history-parts';
import history from '../../ui/history-table.module.css';
import { availableOn, earningTitle, kindCaption, signedAmount, statusLabel, wallName } from './earning-labels';
import styles from './earnings-history.module.css';

const TONES: Record<Earning['status'], string | undefined> = {
  pending: history.pending,
  available: history.done,
  reversed: history.refused,
};

/** The history, newest first; on a phone each row becomes a small card. */
export function EarningsTable({ items }: { items: Earning[] }) {
  const t = useT();
  return (
    <HistoryTable caption={t('earnings.caption')} columns={[t('earnings.column.title'), t('earnings.column.wall')]}>
      {items.map((item) => (
        <EarningRow key={item.id} item={item} />
      ))}
    </HistoryTable>
  );
}

function EarningRow({ item }: { item: Earning }) {
  const t = useT();
  const caption = kindCaption(item.kind, t);
  const negative = item.amount.startsWith('-');
  const amountClass = item.status === 'reversed' && !negative ? styles.takenBack : negative ? styles.debit : styles.credit;
  return (
    <tr className={history.row}>
      <td className={history.dateCell}>
        <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
      </td>
      <td className={history.mainCell}>
        <span className={styles.title}>{earningTitle(item, t)}</span>
        {caption ? <span className={styles.kind}>{caption}</span> : null}
      </td>
      <td className={history.detailCell}>{wallName(item.wall)}</td>
      <td className={`${history.amountCell} ${amountClass} money`}>{signedAmount(item.amount)}</td>
      <td className={history.statusCell}>
        <div className={`${history.statusStack} ${history.notesWrap}`}>
          <span className={`${history.badge} ${TONES[item.status] ?? ''}`}>{statusLabel(item, t)}</span>
          {item.status === 'pending' && item.available_at ? <span className={history.note}>{availableOn(item.available_at, t)}</span> : null}
          {item.reason ? <span className={history.note}>{item.reason}</span> : null}
        </div>
      </td>
    </tr>
  );
}
