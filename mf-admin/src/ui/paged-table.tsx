import type { AdminPage } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../console/admin-api';
import { DataTable, type TableColumn } from './data-table';
import { LoadMore, QueryView } from './query-view';

/** What a table needs of a console list's infinite query. */
export type PagedQuery<T extends object> = {
  data?: { pages: AdminPage<T>[] };
  isLoading: boolean;
  error?: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
};

type Props<T extends object> = {
  /** Names what loads, in the page's language: "Loading the audit log". */
  label: string;
  query: PagedQuery<T>;
  caption: string;
  columns: TableColumn<T>[];
  rowKey: (row: T) => string | number;
  empty: string;
};

/** A console list page by page: skeleton rows while it loads, the table of the pages so far, and Load more. */
export function PagedTable<T extends object>({ label, query, caption, columns, rowKey, empty }: Props<T>) {
  return (
    <QueryView label={label} isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      <DataTable caption={caption} columns={columns} rows={loadedRows(query.data)} rowKey={rowKey} empty={empty} />
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
    </QueryView>
  );
}
