import { useMemo } from 'react';
import { Link, useSearchParams } from '@rewards/shared/router';
import type { AdminUserRow } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { useT } from '../../messages';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { formatDollars, formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { SearchForm } from '../../ui/search-form';
import { StatusBadge } from '../../ui/status-badge';
import { useSearchUsersInfiniteQuery } from './users-api';

type Translate = ReturnType<typeof useT>;

function userColumns(t: Translate): TableColumn<AdminUserRow>[] {
  return [
    { id: 'user', header: t('admin.users.column.user'), rowHeader: true, sortValue: (user) => user.email, cell: (user) => <Link to={`/admin/users/${user.id}`}>{user.email}</Link> },
    { id: 'name', header: t('admin.users.column.name'), sortValue: (user) => user.name, cell: (user) => user.name },
    { id: 'id', header: t('admin.users.column.id'), numeric: true, sortValue: (user) => user.id, cell: (user) => user.id },
    { id: 'status', header: t('admin.users.column.status'), sortValue: (user) => user.status, cell: (user) => <StatusBadge status={user.status} /> },
    { id: 'verified', header: t('admin.users.column.email'), cell: (user) => (user.email_verified ? t('admin.users.verified') : t('admin.users.notVerified')) },
    { id: 'role', header: t('admin.users.column.staff'), cell: (user) => user.staff_role ?? '—' },
    { id: 'balance', header: t('admin.users.column.balance'), numeric: true, sortValue: (user) => user.balance_coins, cell: (user) => formatDollars(user.balance) },
    { id: 'pending', header: t('admin.users.column.held'), numeric: true, sortValue: (user) => user.pending_coins, cell: (user) => formatDollars(user.pending) },
    { id: 'joined', header: t('admin.users.column.joined'), sortValue: (user) => user.created_at, cell: (user) => formatTime(user.created_at) },
  ];
}

/** Users by email, name or id (the newest first, before any search): the way into a user's page. */
export default function UsersPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  return (
    <ConsolePage title={t('admin.section.users')} lead={t('admin.users.lead')}>
      <SearchForm label={t('admin.users.searchLabel')} initial={query} onSearch={(q) => setParams(q ? { q } : {})} />
      <UserResults query={query} />
    </ConsolePage>
  );
}

function UserResults({ query }: { query: string }) {
  const t = useT();
  const columns = useMemo(() => userColumns(t), [t]);
  const users = useSearchUsersInfiniteQuery(query);
  return (
    <QueryView label={t('admin.loading.users')} isLoading={users.isLoading} error={users.error} onRetry={() => void users.refetch()}>
      <DataTable
        caption={query ? t('admin.users.matching', { query }) : t('admin.users.newest')}
        showCaption
        columns={columns}
        rows={loadedRows(users.data)}
        rowKey={(user) => user.id}
        empty={t('admin.users.empty')}
      />
      <LoadMore hasMore={users.hasNextPage} loading={users.isFetchingNextPage} onLoadMore={() => void users.fetchNextPage()} />
    </QueryView>
  );
}
