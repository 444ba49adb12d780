import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@rewards/shared/router';
import type { CallbackOutcome, CallbackSummary } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { FilterSelect } from '../../ui/filter-select';
import { formatDollars, formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { StatusBadge } from '../../ui/status-badge';
import { useSearchPostbacksInfiniteQuery, type PostbackFilters } from './postbacks-api';
import styles from './postbacks.module.css';

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
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const [draft, setDraft] = useState(filters);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value && String(value).trim()).map(([name, value]) => [name, String(value).trim()])));
  };
  return (
    <ConsolePage title="Postbacks" lead="Every callback the partner walls sent, as received, newest first.">
      <form role="search" aria-label="Search the callback log" className={styles.search} onSubmit={search}>
        <FilterBar>
          {TEXT_FILTERS.map(({ name, label }) => (
            <TextFilter key={name} label={label} value={draft[name] ?? ''} onChange={(value) => setDraft((current) => ({ ...current, [name]: value }))} />
          ))}
          <FilterSelect label="Outcome" value={draft.outcome ?? ''} options={OUTCOMES} onChange={(outcome) => setDraft((current) => ({ ...current, outcome }))} />
        </FilterBar>
        <button type="submit" className="pill-button">
          Search
        </button>
      </form>
      <Results filters={filters} />
    </ConsolePage>
  );
}

function TextFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="text-field">
      <label htmlFor={id} className="text-field-label">
        {label}
      </label>
      <input id={id} className="text-field-input" value={value} maxLength={200} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function Results({ filters }: { filters: PostbackFilters }) {
  const callbacks = useSearchPostbacksInfiniteQuery(filters);
  return (
    <QueryView label="callbacks" isLoading={callbacks.isLoading} error={callbacks.error} onRetry={() => void callbacks.refetch()}>
      <DataTable caption="Callbacks, newest first" columns={COLUMNS} rows={loadedRows(callbacks.data)} rowKey={(row) => row.id} empty="No callback matches. Clear a filter to see more." />
      <LoadMore hasMore={callbacks.hasNextPage} loading={callbacks.isFetchingNextPage} onLoadMore={() => void callbacks.fetchNextPage()} />
    </QueryView>
  );
}
