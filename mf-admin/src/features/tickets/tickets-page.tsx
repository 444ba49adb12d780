import { Link, useSearchParams } from '@rewards/shared/router';
import type { AdminTicketRow } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { FilterSelect } from '../../ui/filter-select';
import { formatDollars, formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { StatusBadge } from '../../ui/status-badge';
import { useGetAdminTicketsInfiniteQuery, type TicketFilter } from './tickets-api';

const FILTERS: ReadonlyArray<{ value: TicketFilter; label: string }> = [
  { value: 'open', label: 'Open (awaiting and answered)' },
  { value: 'awaiting', label: 'Awaiting an answer' },
  { value: 'answered', label: 'Answered' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
];

const COLUMNS: TableColumn<AdminTicketRow>[] = [
  { id: 'ticket', header: 'Ticket', rowHeader: true, sortValue: (ticket) => ticket.created_at, cell: (ticket) => <Link to={`/admin/tickets/${ticket.id}`}>#{ticket.id} {ticket.offer_name}</Link> },
  { id: 'opened', header: 'Opened', sortValue: (ticket) => ticket.created_at, cell: (ticket) => formatTime(ticket.created_at) },
  { id: 'user', header: 'User', sortValue: (ticket) => ticket.email ?? '', cell: (ticket) => <Link to={`/admin/users/${ticket.user_id}`}>{ticket.email ?? `#${ticket.user_id}`}</Link> },
  { id: 'wall', header: 'Wall', cell: (ticket) => ticket.wall ?? '—' },
  { id: 'status', header: 'Status', cell: (ticket) => <StatusBadge status={ticket.status} /> },
  { id: 'screenshot', header: 'Screenshot', cell: (ticket) => (ticket.has_screenshot ? 'yes' : '—') },
  { id: 'credited', header: 'Credited', numeric: true, cell: (ticket) => (ticket.credited ? formatDollars(ticket.credited) : '—') },
];

function isFilter(value: string | null): value is TicketFilter {
  return FILTERS.some((filter) => filter.value === value);
}

/** Missing-credit tickets, oldest first: who waited longest is answered first. */
export default function TicketsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: TicketFilter = isFilter(raw) ? raw : 'open';
  const tickets = useGetAdminTicketsInfiniteQuery(status);
  return (
    <ConsolePage title="Tickets" lead="Missing-credit tickets, oldest first.">
      <FilterBar>
        <FilterSelect label="Show" value={status} options={FILTERS} onChange={(value) => setParams(value === 'open' ? {} : { status: value })} />
      </FilterBar>
      <QueryView label="tickets" isLoading={tickets.isLoading} error={tickets.error} onRetry={() => void tickets.refetch()}>
        <DataTable caption="Tickets, oldest first" columns={COLUMNS} rows={loadedRows(tickets.data)} rowKey={(ticket) => ticket.id} empty="No ticket here. Nothing waits for an answer." />
        <LoadMore hasMore={tickets.hasNextPage} loading={tickets.isFetchingNextPage} onLoadMore={() => void tickets.fetchNextPage()} />
      </QueryView>
    </ConsolePage>
  );
}
