import { Link, useSearchParams } from '@rewards/shared/router';
import type { AdminTicketRow } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { useT, type AdminTranslate } from '../../messages';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { FilterSelect } from '../../ui/filter-select';
import { formatDollars, formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { StatusBadge } from '../../ui/status-badge';
import { useGetAdminTicketsInfiniteQuery, type TicketFilter } from './tickets-api';

const FILTERS = [
  { value: 'open', label: 'admin.tickets.filter.open' },
  { value: 'awaiting', label: 'admin.tickets.filter.awaiting' },
  { value: 'answered', label: 'admin.tickets.filter.answered' },
  { value: 'accepted', label: 'admin.tickets.filter.accepted' },
  { value: 'declined', label: 'admin.tickets.filter.declined' },
] as const satisfies ReadonlyArray<{ value: TicketFilter; label: string }>;

const ticketColumns = (t: AdminTranslate): TableColumn<AdminTicketRow>[] => [
  { id: 'ticket', header: t('admin.tickets.column.ticket'), rowHeader: true, sortValue: (ticket) => ticket.created_at, cell: (ticket) => <Link to={`/admin/tickets/${ticket.id}`}>#{ticket.id} {ticket.offer_name}</Link> },
  { id: 'opened', header: t('admin.column.opened'), sortValue: (ticket) => ticket.created_at, cell: (ticket) => formatTime(ticket.created_at) },
  { id: 'user', header: t('admin.users.column.user'), sortValue: (ticket) => ticket.email ?? '', cell: (ticket) => <Link to={`/admin/users/${ticket.user_id}`}>{ticket.email ?? `#${ticket.user_id}`}</Link> },
  { id: 'wall', header: t('admin.column.wall'), cell: (ticket) => ticket.wall ?? '—' },
  { id: 'status', header: t('admin.users.column.status'), cell: (ticket) => <StatusBadge status={ticket.status} /> },
  { id: 'screenshot', header: t('admin.tickets.column.screenshot'), cell: (ticket) => (ticket.has_screenshot ? t('admin.risk.yes') : '—') },
  { id: 'credited', header: t('admin.column.credited'), numeric: true, cell: (ticket) => (ticket.credited ? formatDollars(ticket.credited) : '—') },
];

function isFilter(value: string | null): value is TicketFilter {
  return FILTERS.some((filter) => filter.value === value);
}

/** Missing-credit tickets, oldest first: who waited longest is answered first. */
export default function TicketsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: TicketFilter = isFilter(raw) ? raw : 'open';
  const tickets = useGetAdminTicketsInfiniteQuery(status);
  return (
    <ConsolePage title={t('admin.section.tickets')} lead={t('admin.tickets.lead')}>
      <FilterBar>
        <FilterSelect label={t('admin.tickets.show')} value={status} options={FILTERS.map((filter) => ({ value: filter.value, label: t(filter.label) }))} onChange={(value) => setParams(value === 'open' ? {} : { status: value })} />
      </FilterBar>
      <QueryView label={t('admin.loading.tickets')} isLoading={tickets.isLoading} error={tickets.error} onRetry={() => void tickets.refetch()}>
        <DataTable caption={t('admin.tickets.caption')} columns={ticketColumns(t)} rows={loadedRows(tickets.data)} rowKey={(ticket) => ticket.id} empty={t('admin.tickets.empty')} />
        <LoadMore hasMore={tickets.hasNextPage} loading={tickets.isFetchingNextPage} onLoadMore={() => void tickets.fetchNextPage()} />
      </QueryView>
    </ConsolePage>
  );
}
