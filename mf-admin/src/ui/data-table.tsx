import { useMemo, type ReactNode } from 'react';
import { createColumnHelper, createSortedRowModel, rowSortingFeature, tableFeatures, useTable } from '@tanstack/react-table';
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

// Only sorting: the lists are filtered and paged by the server; the table needs nothing else from the library.
const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });

/** Numbers by value, text by letters and numbers in it ("#9" before "#10"). */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A real table (caption, column headers, row headers) over the headless TanStack Table: the header of a
 * sortable column is a button that sorts the rows shown, and says how they are sorted (`aria-sort`).
 * On a phone the table scrolls sideways inside its own frame, the page does not.
 */
export function DataTable<T extends object>({ caption, showCaption = false, columns, rows, rowKey, empty }: Props<T>) {
  const columnDefs = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return columns.map((column) =>
      helper.accessor((row): unknown => column.sortValue?.(row) ?? '', {
        id: column.id,
        header: column.header,
        enableSorting: column.sortValue !== undefined,
        sortFn: (a, b, id) => compareValues(a.getValue(id), b.getValue(id)),
        cell: (context) => column.cell(context.row.original),
      }),
    );
  }, [columns]);
  const table = useTable({ features, columns: columnDefs, data: rows as T[], getRowId: (row) => String(rowKey(row)) });
  if (rows.length === 0) return <p className={styles.empty}>{empty}</p>;
  const byId = new Map(columns.map((column) => [column.id, column]));
  return (
    <div className={styles.frame} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption className={showCaption ? styles.caption : visuallyHidden}>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const column = byId.get(header.column.id);
                return (
                  <th key={header.id} scope="col" className={column?.numeric ? styles.numeric : undefined} aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
                    {header.column.getCanSort() ? (
                      <button type="button" className={styles.sort} onClick={header.column.getToggleSortingHandler()}>
                        {column?.header}
                        <span aria-hidden="true" className={styles.sortMark}>
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column?.header
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => {
                const column = byId.get(cell.column.id);
                const Cell = column?.rowHeader ? 'th' : 'td';
                return (
                  <Cell key={cell.id} scope={column?.rowHeader ? 'row' : undefined} className={column?.numeric ? styles.numeric : undefined}>
                    <table.FlexRender cell={cell} />
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
