import { useState } from 'react';
import type { PayoutRow, PayoutStatus } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { FilterSelect } from '../../ui/filter-select';
import { formatDollars, formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { useT } from '../../messages';
import { ReasonDialog } from '../../ui/reason-dialog';
import { StatusBadge } from '../../ui/status-badge';
import { useGetAdminPayoutsInfiniteQuery, useRetryPayoutMutation } from './cashouts-api';
import styles from './cashouts-page.module.css';

const STATUSES = [
  { value: 'failed', label: 'admin.payouts.filter.failed' },
  { value: 'sending', label: 'admin.payouts.filter.sending' },
  { value: 'approved', label: 'admin.payouts.filter.approved' },
  { value: 'returned', label: 'admin.payouts.filter.returned' },
  { value: 'unclaimed', label: 'admin.payouts.filter.unclaimed' },
  { value: 'paid', label: 'admin.payouts.filter.paid' },
] as const satisfies ReadonlyArray<{ value: PayoutStatus; label: string }>;

function statusLabel(status: PayoutStatus) {
  return STATUSES.find((option) => option.value === status)?.label ?? 'admin.payouts.filter.failed';
}

/** Payouts on their rails, failing ones first; a failed one can be sent again. */
export function Payouts() {
  const t = useT();
  const [status, setStatus] = useState<PayoutStatus>('failed');
  const payouts = useGetAdminPayoutsInfiniteQuery(status);
  const [retrying, setRetrying] = useState<PayoutRow | null>(null);
  const [notice, setNotice] = useState('');
  const [retry] = useRetryPayoutMutation();

  const columns: TableColumn<PayoutRow>[] = [
    { id: 'payout', header: t('admin.payouts.column.payout'), rowHeader: true, sortValue: (row) => row.id, cell: (row) => `#${row.id}` },
    { id: 'user', header: t('admin.users.column.user'), sortValue: (row) => row.email, cell: (row) => row.email },
    { id: 'amount', header: t('admin.column.amount'), numeric: true, sortValue: (row) => Number(row.amount), cell: (row) => formatDollars(row.amount) },
    { id: 'rail', header: t('admin.payouts.column.rail'), cell: (row) => (row.automatic ? `${row.method} · ${row.rail}` : t('admin.payouts.railByHand', { method: row.method, rail: row.rail })) },
    { id: 'status', header: t('admin.users.column.status'), cell: (row) => <StatusBadge status={row.status} /> },
    { id: 'attempts', header: t('admin.payouts.column.attempts'), numeric: true, sortValue: (row) => row.attempts, cell: (row) => row.attempts },
    { id: 'why', header: t('admin.payouts.column.failure'), cell: (row) => <span className={styles.wrap}>{row.failure_reason ?? '—'}</span> },
    { id: 'next', header: t('admin.payouts.column.next'), cell: (row) => formatTime(row.next_attempt_at) },
    {
      id: 'retry',
      header: t('admin.payouts.column.action'),
      cell: (row) =>
        row.status === 'failed' ? (
          <button type="button" className="outline-button" aria-label={t('admin.payouts.retryTitle', { id: row.id })} onClick={() => setRetrying(row)}>
            {t('admin.payouts.retry')}
          </button>
        ) : null,
    },
  ];

  return (
    <div className={styles.view}>
      <div className={styles.filters}>
        <FilterSelect label={t('admin.payouts.statusLabel')} value={status} options={STATUSES.map((option) => ({ value: option.value, label: t(option.label) }))} onChange={setStatus} />
      </div>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <QueryView label={t('admin.loading.payouts')} isLoading={payouts.isLoading} error={payouts.error} onRetry={() => void payouts.refetch()}>
        <DataTable caption={t('admin.payouts.caption', { status: t(statusLabel(status)) })} columns={columns} rows={loadedRows(payouts.data)} rowKey={(row) => row.id} empty={t('admin.payouts.empty', { status: t(statusLabel(status)) })} />
        <LoadMore hasMore={payouts.hasNextPage} loading={payouts.isFetchingNextPage} onLoadMore={() => void payouts.fetchNextPage()} />
      </QueryView>
      {retrying ? (
        <ReasonDialog
          title={t('admin.payouts.retryTitle', { id: retrying.id })}
          lead={t('admin.payouts.retryLead', { amount: formatDollars(retrying.amount), email: retrying.email })}
          confirmLabel={t('admin.payouts.retry')}
          busyLabel={t('admin.payouts.retrying')}
          reasonHint={t('admin.reason.auditHint')}
          onSubmit={({ reason }) => retry({ id: retrying.id, reason }).unwrap()}
          onDone={() => setNotice(t('admin.payouts.retried', { id: retrying.id }))}
          onClose={() => setRetrying(null)}
        />
      ) : null}
    </div>
  );
}
