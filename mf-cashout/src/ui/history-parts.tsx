import type { ReactNode } from 'react';
import { Link } from '@rewards/shared/router';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import { useT } from '../history/messages';
import styles from './history-table.module.css';

/** Spec §9: the profile's tables show 3 skeleton rows while loading. */
export const SKELETON_ROWS = 3;

/**
 * A history table of the Profile page: Date, two columns of its own, Amount and Status; its rows (each with
 * `styles.row` and the cells' classes) become small cards on a phone.
 */
export function HistoryTable({ caption, columns, children }: { caption?: string; columns: [string, string]; children: ReactNode }) {
  const t = useT();
  return (
    <table className={styles.table}>
      {caption ? <caption className={visuallyHidden}>{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">{t('history.column.date')}</th>
          <th scope="col">{columns[0]}</th>
          <th scope="col">{columns[1]}</th>
          <th scope="col" className={styles.amountCell}>
            {t('history.column.amount')}
          </th>
          <th scope="col">{t('history.column.status')}</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The loading rows; `columnsClass` spreads their four bars like the table's columns. */
export function HistorySkeleton({ label, columnsClass }: { label: string; columnsClass: string | undefined }) {
  return (
    <div role="status" aria-label={label} className={styles.skeleton}>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} className={`${styles.skeletonRow} ${columnsClass ?? ''}`} aria-hidden="true">
          <span />
          <span />
          <span />
          <span />
        </div>
      ))}
    </div>
  );
}

/** Where the table would be before the first row: what will show here, and the way to get it there. */
export function EmptyHistory({ title, text, to, action }: { title: string; text: string; to: string; action: string }) {
  return (
    <div className={styles.empty}>
      <h3 className={styles.heading}>{title}</h3>
      <p className={styles.emptyText}>{text}</p>
      <Link to={to} className={`pill-button ${styles.action}`}>
        {action}
      </Link>
    </div>
  );
}

type PagedList = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** "Load more" under the rows while the list has another page. */
export function LoadMoreButton({ list }: { list: PagedList }) {
  const t = useT();
  return (
    <button
      type="button"
      className={styles.loadMore}
      onClick={() => void list.fetchNextPage()}
      disabled={list.isFetchingNextPage}
      aria-busy={list.isFetchingNextPage || undefined}
    >
      {list.isFetchingNextPage ? t('history.loadingMore') : t('history.loadMore')}
    </button>
  );
}
