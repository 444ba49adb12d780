import { Link, useSearchParams } from '@rewards/shared/router';
import type { CallbackOutcome, CallbackSummary } from '@rewards/shared/contracts/admin-types';
import { ConsolePage } from '../../ui/console-page';
import type { TableColumn } from '../../ui/data-table';
import { FilterForm } from '../../ui/filter-form';
import { formatDollars, formatTime } from '../../ui/format';
import { PagedTable } from '../../ui/paged-table';
import { StatusBadge } from '../../ui/status-badge';
import { useSearchPostbacksInfiniteQuery, type PostbackFilters } from './postbacks-api';

const TEXT_FILTERS = [
  { name: 'wall', label: 'Wall' },
  { name: 'user', label: 'User email' },
  { name: 'user_id', label: 'User id' },
  { name: 'txid', label: 'Transaction id' },
] as const;

const OUTCOMES: ReadonlyArray<{ value: CallbackOutcome | ''; label: string }> = [
  { value: '', label: 'Any outcome' },
  ...(['credited', 'reversed', 'duplicate', 'ignored', 'refused', 'malformed', 'failed'] as const).map((value) => ({ value, label: value })),
];

const COLUMNS: TableColumn<CallbackSummary>[] = [
  { id: 'at', header: 'Received', rowHeader: true, sortValue: (row) => row.received_at, cell: (row) => <Link to={`/admin/postbacks/${row.id}`}>{formatTime(row.received_at)}</Link> },
  { id: 'wall', header: 'Wall', sortValue: (row) => row.wall, cell: (row) => row.wall },
  { id: 'outcome', header: 'Outcome', sortValue: (row) => row.outcome, cell: (row) => <StatusBadge status={row.outcome} /> },
  { id: 'code', header: 'HTTP', numeric: true, cell: (row) => row.status_code },
  { id: 'reason', header: 'Why', cell: (row) => row.reason },
  { id: 'user', header: 'User', cell: (row) => (row.user_id ? <Link to={`/admin/users/${row.user_id}`}>#{row.user_id}</Link> : '—') },
  { id: 'txid', header: 'Transaction', cell: (row) => row.txid ?? '—' },
  { id: 'amount', header: 'Amount', numeric: true, sortValue: (row) => row.amount_coins, cell: (row) => formatDollars(row.amount) },
  { id: 'replay', header: 'Replay of', cell: (row) => (row.replay_of ? <Link to={`/admin/postbacks/${row.replay_of}`}>#{row.replay_of}</Link> : '—') },
];

function filtersFrom(params: URLSearchParams): PostbackFilters {
  const outcome = params.get('outcome') ?? '';
  return {
    wall: params.get('wall') ?? '',
    user: params.get('user') ?? '',
    user_id: params.get('user_id') ?? '',
    txid: params.get('txid') ?? '',
    outcome: OUTCOMES.some((option) => option.value === outcome) ? (outcome as CallbackOutcome | '') : '',
  };
}

/** The log of partner callbacks (postbacks), newest first, searched by wall, user, transaction or outcome. */
export default function PostbacksPage() {
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  return (
    <ConsolePage title="Postbacks" lead="Every callback the partner walls sent, as received, newest first.">
      <FilterForm label="Search the callback log" submitLabel="Search" filters={filters} textFilters={TEXT_FILTERS} select={{ name: 'outcome', label: 'Outcome', options: OUTCOMES }} />
      <PagedTable
        label="callbacks"
        query={useSearchPostbacksInfiniteQuery(filters)}
        caption="Callbacks, newest first"
        columns={COLUMNS}
        rowKey={(row) => row.id}
        empty="No callback matches. Clear a filter to see more."
      />
    </ConsolePage>
  );
}
