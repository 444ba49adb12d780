import { Link, useSearchParams } from '@rewards/shared/router';
import type { AuditChainState, AuditRow } from '@rewards/shared/contracts/admin-types';
import { useT, type AdminTranslate } from '../../messages';
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
  { name: 'operator', label: 'admin.audit.filter.operator' },
  { name: 'user', label: 'admin.filter.userEmail' },
  { name: 'user_id', label: 'admin.filter.userId' },
  { name: 'command', label: 'admin.audit.filter.command' },
] as const;

const KINDS = [
  { value: '', label: 'admin.audit.kind.any' },
  { value: 'change', label: 'admin.audit.kind.change' },
  { value: 'read', label: 'admin.audit.kind.read' },
] as const;

const KIND_WORDS = { change: 'admin.audit.row.change', read: 'admin.audit.row.read' } as const;

const auditColumns = (t: AdminTranslate): TableColumn<AuditRow>[] => [
  { id: 'at', header: t('admin.column.when'), rowHeader: true, sortValue: (row) => row.at, cell: (row) => formatTime(row.at) },
  { id: 'operator', header: t('admin.column.operator'), sortValue: (row) => row.operator, cell: (row) => row.operator },
  { id: 'command', header: t('admin.column.command'), sortValue: (row) => row.command, cell: (row) => <code>{[row.command, ...row.arguments].join(' ')}</code> },
  { id: 'user', header: t('admin.users.column.user'), cell: (row) => (row.user_id ? <Link to={`/admin/users/${row.user_id}`}>{row.user_email ?? `#${row.user_id}`}</Link> : '—') },
  { id: 'reason', header: t('admin.column.reason'), cell: (row) => <span className={styles.wrap}>{row.reason ?? '—'}</span> },
  { id: 'kind', header: t('admin.column.kind'), cell: (row) => t(KIND_WORDS[row.kind]) },
  { id: 'outcome', header: t('admin.column.outcome'), cell: (row) => <StatusBadge status={row.outcome} /> },
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
  const t = useT();
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  return (
    <ConsolePage title={t('admin.section.audit')} lead={t('admin.audit.lead')}>
      <ChainState />
      <FilterForm
        label={t('admin.audit.filterLabel')}
        submitLabel={t('admin.audit.filterSubmit')}
        filters={filters}
        textFilters={TEXT_FILTERS.map((filter) => ({ name: filter.name, label: t(filter.label) }))}
        select={{ name: 'kind', label: t('admin.column.kind'), options: KINDS.map((option) => ({ value: option.value, label: t(option.label) })) }}
      />
      <PagedTable
        label={t('admin.loading.audit')}
        query={useGetAuditRowsInfiniteQuery(filters)}
        caption={t('admin.audit.caption')}
        columns={auditColumns(t)}
        rowKey={(row) => row.id}
        empty={t('admin.audit.empty')}
      />
    </ConsolePage>
  );
}

function ChainState() {
  const t = useT();
  const chain = useVerifyAuditChainQuery();
  return (
    <Panel
      title={t('admin.audit.chain')}
      actions={
        <button type="button" className="outline-button" onClick={() => void chain.refetch()} disabled={chain.isFetching}>
          {chain.isFetching ? t('admin.code.checking') : t('admin.audit.checkAgain')}
        </button>
      }
    >
      <QueryView label={t('admin.loading.chain')} isLoading={chain.isLoading} error={chain.error} onRetry={() => void chain.refetch()} rows={1}>
        {chain.data ? <ChainSummary state={chain.data} /> : null}
      </QueryView>
    </Panel>
  );
}

function ChainSummary({ state }: { state: AuditChainState }) {
  const t = useT();
  if (!state.ok) {
    const problem = state.broken?.message ?? t('admin.audit.brokenDefault');
    return (
      <p role="alert" className={styles.broken}>
        {state.broken?.row_id
          ? t('admin.audit.brokenAt', { problem, row: state.broken.row_id, kind: state.broken.kind, rows: state.rows })
          : t('admin.audit.broken', { problem, rows: state.rows })}
      </p>
    );
  }
  return (
    <p className={styles.whole}>
      {state.head
        ? t.rich('admin.audit.wholeAt', { rows: state.rows, id: state.head.id, position: state.head.position, hash: <code className={styles.hash}>{state.head.hash}</code> })
        : t('admin.audit.whole', { rows: state.rows })}
    </p>
  );
}
