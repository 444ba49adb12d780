import { Link, useSearchParams } from '@rewards/shared/router';
import type { AuditChainState, AuditRow } from '@rewards/shared/contracts/admin-types';
import { ConsolePage } from '../../ui/console-page';
import type { TableColumn } from '../../ui/data-table';
import { FilterForm } from '../../ui/filter-form';
import { formatTime } from '../../ui/format';
import { PagedTable } from '../../ui/paged-table';
import { Panel } from '../../ui/panel';
import { QueryView } from '../../ui/query-view';
import { StatusBadge } from '../../ui/status-badge';
import { useGetAuditRowsInfiniteQuery, useVerifyAuditChainQuery, type AuditFilters } from './audit-api';
import styles from './audit-page.module.css';

const TEXT_FILTERS = [
  { name: 'operator', label: 'Staff (operator)' },
  { name: 'user', label: 'User email' },
  { name: 'user_id', label: 'User id' },
  { name: 'command', label: 'Command (e.g. cashouts:approve)' },
] as const;

const KINDS = [
  { value: '', label: 'Changes and reads' },
  { value: 'change', label: 'Changes' },
  { value: 'read', label: 'Reads' },
] as const;

const COLUMNS: TableColumn<AuditRow>[] = [
  { id: 'at', header: 'When', rowHeader: true, sortValue: (row) => row.at, cell: (row) => formatTime(row.at) },
  { id: 'operator', header: 'Operator', sortValue: (row) => row.operator, cell: (row) => row.operator },
  { id: 'command', header: 'Command', sortValue: (row) => row.command, cell: (row) => <code>{[row.command, ...row.arguments].join(' ')}</code> },
  { id: 'user', header: 'User', cell: (row) => (row.user_id ? <Link to={`/admin/users/${row.user_id}`}>{row.user_email ?? `#${row.user_id}`}</Link> : '—') },
  { id: 'reason', header: 'Reason', cell: (row) => <span className={styles.wrap}>{row.reason ?? '—'}</span> },
  { id: 'kind', header: 'Kind', cell: (row) => row.kind },
  { id: 'outcome', header: 'Outcome', cell: (row) => <StatusBadge status={row.outcome} /> },
];

function filtersFrom(params: URLSearchParams): AuditFilters {
  const kind = params.get('kind');
  return {
    operator: params.get('operator') ?? '',
    user: params.get('user') ?? '',
    user_id: params.get('user_id') ?? '',
    command: params.get('command') ?? '',
    kind: kind === 'change' || kind === 'read' ? kind : '',
  };
}

/** Who did what to whom and why, newest first, and whether the log's hash chain is whole. */
export default function AuditPage() {
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  return (
    <ConsolePage title="Audit" lead="Every change and every read of personal data, by staff and by ops.">
      <ChainState />
      <FilterForm label="Filter the audit log" submitLabel="Filter" filters={filters} textFilters={TEXT_FILTERS} select={{ name: 'kind', label: 'Kind', options: KINDS }} />
      <PagedTable
        label="audit rows"
        query={useGetAuditRowsInfiniteQuery(filters)}
        caption="Audit rows, newest first"
        columns={COLUMNS}
        rowKey={(row) => row.id}
        empty="No audit row matches. Clear a filter to see more."
      />
    </ConsolePage>
  );
}

function ChainState() {
  const chain = useVerifyAuditChainQuery();
  return (
    <Panel
      title="Hash chain"
      actions={
        <button type="button" className="outline-button" onClick={() => void chain.refetch()} disabled={chain.isFetching}>
          {chain.isFetching ? 'Checking…' : 'Check again'}
        </button>
      }
    >
      <QueryView label="the hash chain" isLoading={chain.isLoading} error={chain.error} onRetry={() => void chain.refetch()} rows={1}>
        {chain.data ? <ChainSummary state={chain.data} /> : null}
      </QueryView>
    </Panel>
  );
}

function ChainSummary({ state }: { state: AuditChainState }) {
  if (!state.ok) {
    return (
      <p role="alert" className={styles.broken}>
        Broken: {state.broken?.message ?? 'the chain does not verify'}
        {state.broken?.row_id ? ` (row #${state.broken.row_id}, ${state.broken.kind})` : ''}. {state.rows} rows checked.
      </p>
    );
  }
  return (
    <p className={styles.whole}>
      Whole: {state.rows} rows verify{state.head ? `, head #${state.head.id} at position ${state.head.position}, hash ` : '.'}
      {state.head ? <code className={styles.hash}>{state.head.hash}</code> : null}
    </p>
  );
}
