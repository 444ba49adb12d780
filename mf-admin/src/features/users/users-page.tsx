import { Link, useSearchParams } from '@rewards/shared/router';
import type { AdminUserRow } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { formatDollars, formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { SearchForm } from '../../ui/search-form';
import { StatusBadge } from '../../ui/status-badge';
import { useSearchUsersInfiniteQuery } from './users-api';

const COLUMNS: TableColumn<AdminUserRow>[] = [
  { id: 'user', header: 'User', rowHeader: true, sortValue: (user) => user.email, cell: (user) => <Link to={`/admin/users/${user.id}`}>{user.email}</Link> },
  { id: 'name', header: 'Name', sortValue: (user) => user.name, cell: (user) => user.name },
  { id: 'id', header: 'Id', numeric: true, sortValue: (user) => user.id, cell: (user) => user.id },
  { id: 'status', header: 'Status', sortValue: (user) => user.status, cell: (user) => <StatusBadge status={user.status} /> },
  { id: 'verified', header: 'Email', cell: (user) => (user.email_verified ? 'verified' : 'not verified') },
  { id: 'role', header: 'Staff', cell: (user) => user.staff_role ?? '—' },
  { id: 'balance', header: 'Balance', numeric: true, sortValue: (user) => user.balance_coins, cell: (user) => formatDollars(user.balance) },
  { id: 'pending', header: 'Held', numeric: true, sortValue: (user) => user.pending_coins, cell: (user) => formatDollars(user.pending) },
  { id: 'joined', header: 'Joined', sortValue: (user) => user.created_at, cell: (user) => formatTime(user.created_at) },
];

/** Users by email, name or id (the newest first, before any search): the way into a user's page. */
export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  return (
    <ConsolePage title="Users" lead="Search by email, name or id.">
      <SearchForm label="Email, name or id" initial={query} onSearch={(q) => setParams(q ? { q } : {})} />
      <UserResults query={query} />
    </ConsolePage>
  );
}

function UserResults({ query }: { query: string }) {
  const users = useSearchUsersInfiniteQuery(query);
  return (
    <QueryView label="users" isLoading={users.isLoading} error={users.error} onRetry={() => void users.refetch()}>
      <DataTable caption={query ? `Users matching "${query}"` : 'Newest users'} showCaption columns={COLUMNS} rows={loadedRows(users.data)} rowKey={(user) => user.id} empty="No user matches. Try part of the address, or the id." />
      <LoadMore hasMore={users.hasNextPage} loading={users.isFetchingNextPage} onLoadMore={() => void users.fetchNextPage()} />
    </QueryView>
  );
}
