import { useState, type ReactNode } from 'react';
import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import styles from './data-table.module.css';

export type TableColumn<T extends object> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Lets the header sort the rows shown by this value (the list's own order comes from the server). */
  sortValue?: (row: T) => string | number;
  /** The cell that names the row: a row header for screen readers. */
  rowHeader?: boolean;
  /** Figures (money, counts) line up on the right. */
  numeric?: boolean;
};

type Props<T extends object> = {
  /** Names the table for screen readers (visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** What to say, and what to do next, when there is no row. */
  empty: ReactNode;
};

/** Numbers by value, text by letters and numbers in it ("#9" before "#10"). */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), getDisplayLocale(), { numeric: true, sensitivity: 'base' });
}

type Sorting = { id: string; direction: 'ascending' | 'descending' } | null;

/** The rows in the order asked for: the server's order until a header is pressed, then by that column. */
export function sortRows<T extends object>(rows: readonly T[], columns: readonly TableColumn<T>[], sorting: Sorting): readonly T[] {
  const value = sorting ? columns.find((column) => column.id === sorting.id)?.sortValue : undefined;
  if (!sorting || !value) return rows;
  const sign = sorting.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareValues(value(a), value(b)));
}

/** Unsorted → ascending → descending → ascending… on the same header; another header starts ascending. */
function nextSorting(current: Sorting, id: string): Sorting {
  return { id, direction: current?.id === id && current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/**
 * A real table (caption, column headers, row headers): the header of a sortable column is a button that sorts
 * the rows shown and says how they are sorted (`aria-sort`). On a phone the table scrolls sideways inside its
 * own frame, the page does not.
 */
export function DataTable<T extends object>({ caption, showCaption = false, columns, rows, rowKey, empty }: Props<T>) {
  const [sorting, setSorting] = useState<Sorting>(null);
  if (rows.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <div className={styles.frame} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption className={showCaption ? styles.caption : visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sorting?.id === column.id ? sorting.direction : undefined;
              return (
                <th key={column.id} scope="col" className={column.numeric ? styles.numeric : undefined} aria-sort={sorted}>
                  {column.sortValue ? (
                    <button type="button" className={styles.sort} onClick={() => setSorting((current) => nextSorting(current, column.id))}>
                      {column.header}
                      <span aria-hidden="true" className={styles.sortMark}>
                        {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sortRows(rows, columns, sorting).map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => {
                const Cell = column.rowHeader ? 'th' : 'td';
                return (
                  <Cell key={column.id} scope={column.rowHeader ? 'row' : undefined} className={column.numeric ? styles.numeric : undefined}>
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
