import { Link, useSearchParams } from '@rewards/shared/router';
import type { CallbackOutcome, CallbackSummary } from '@rewards/shared/contracts/admin-types';
import { useT, type AdminTranslate } from '../../messages';
import { ConsolePage } from '../../ui/console-page';
import type { TableColumn } from '../../ui/data-table';
import { FilterForm } from '../../ui/filter-form';
import { formatDollars, formatTime } from '../../ui/format';
import { PagedTable } from '../../ui/paged-table';
import { StatusBadge } from '../../ui/status-badge';
import { useSearchPostbacksInfiniteQuery, type PostbackFilters } from './postbacks-api';

const TEXT_FILTERS = [
  { name: 'wall', label: 'admin.column.wall' },
  { name: 'user', label: 'admin.filter.userEmail' },
  { name: 'user_id', label: 'admin.filter.userId' },
  { name: 'txid', label: 'admin.postbacks.filter.txid' },
] as const;

const OUTCOMES = [
  { value: '', label: 'admin.postbacks.filter.anyOutcome' },
  { value: 'credited', label: 'admin.status.credited' },
  { value: 'reversed', label: 'admin.status.reversed' },
  { value: 'duplicate', label: 'admin.status.duplicate' },
  { value: 'ignored', label: 'admin.status.ignored' },
  { value: 'refused', label: 'admin.status.refused' },
  { value: 'malformed', label: 'admin.status.malformed' },
  { value: 'failed', label: 'admin.status.failed' },
] as const satisfies ReadonlyArray<{ value: CallbackOutcome | ''; label: string }>;

const postbackColumns = (t: AdminTranslate): TableColumn<CallbackSummary>[] => [
  { id: 'at', header: t('admin.column.received'), rowHeader: true, sortValue: (row) => row.received_at, cell: (row) => <Link to={`/admin/postbacks/${row.id}`}>{formatTime(row.received_at)}</Link> },
  { id: 'wall', header: t('admin.column.wall'), sortValue: (row) => row.wall, cell: (row) => row.wall },
  { id: 'outcome', header: t('admin.column.outcome'), sortValue: (row) => row.outcome, cell: (row) => <StatusBadge status={row.outcome} /> },
  { id: 'code', header: t('admin.postbacks.column.http'), numeric: true, cell: (row) => row.status_code },
  { id: 'reason', header: t('admin.user.holdWhy'), cell: (row) => row.reason },
  { id: 'user', header: t('admin.users.column.user'), cell: (row) => (row.user_id ? <Link to={`/admin/users/${row.user_id}`}>#{row.user_id}</Link> : '—') },
  { id: 'txid', header: t('admin.column.transaction'), cell: (row) => row.txid ?? '—' },
  { id: 'amount', header: t('admin.column.amount'), numeric: true, sortValue: (row) => row.amount_coins, cell: (row) => formatDollars(row.amount) },
  { id: 'replay', header: t('admin.postbacks.replayOf'), cell: (row) => (row.replay_of ? <Link to={`/admin/postbacks/${row.replay_of}`}>#{row.replay_of}</Link> : '—') },
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
  const t = useT();
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  return (
    <ConsolePage title={t('admin.section.postbacks')} lead={t('admin.postbacks.lead')}>
      <FilterForm
        label={t('admin.postbacks.searchLabel')}
        submitLabel={t('admin.search.submit')}
        filters={filters}
        textFilters={TEXT_FILTERS.map((filter) => ({ name: filter.name, label: t(filter.label) }))}
        select={{ name: 'outcome', label: t('admin.column.outcome'), options: OUTCOMES.map((option) => ({ value: option.value, label: t(option.label) })) }}
      />
      <PagedTable
        label={t('admin.loading.callbacks')}
        query={useSearchPostbacksInfiniteQuery(filters)}
        caption={t('admin.postbacks.caption')}
        columns={postbackColumns(t)}
        rowKey={(row) => row.id}
        empty={t('admin.postbacks.empty')}
      />
    </ConsolePage>
  );
}
