import { useState } from 'react';
import type { PayoutRow, PayoutStatus } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { FilterSelect } from '../../ui/filter-select';
import { formatDollars, formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { ReasonDialog } from '../../ui/reason-dialog';
import { StatusBadge } from '../../ui/status-badge';
import { useGetAdminPayoutsInfiniteQuery, useRetryPayoutMutation } from './cashouts-api';
import styles from './cashouts-page.module.css';

const STATUSES: ReadonlyArray<{ value: PayoutStatus; label: string }> = [
  { value: 'failed', label: 'Failed' },
  { value: 'sending', label: 'Sending' },
  { value: 'approved', label: 'Approved' },
  { value: 'returned', label: 'Returned' },
  { value: 'unclaimed', label: 'Unclaimed' },
  { value: 'paid', label: 'Paid' },
];

/** Payouts on their rails, failing ones first; a failed one can be sent again. */
export function Payouts() {
  const [status, setStatus] = useState<PayoutStatus>('failed');
  const payouts = useGetAdminPayoutsInfiniteQuery(status);
  const [retrying, setRetrying] = useState<PayoutRow | null>(null);
  const [notice, setNotice] = useState('');
  const [retry] = useRetryPayoutMutation();

  const columns: TableColumn<PayoutRow>[] = [
    { id: 'payout', header: 'Payout', rowHeader: true, sortValue: (row) => row.id, cell: (row) => `#${row.id}` },
    { id: 'user', header: 'User', sortValue: (row) => row.email, cell: (row) => row.email },
    { id: 'amount', header: 'Amount', numeric: true, sortValue: (row) => Number(row.amount), cell: (row) => formatDollars(row.amount) },
    { id: 'rail', header: 'Rail', cell: (row) => `${row.method} · ${row.rail}${row.automatic ? '' : ' (by hand)'}` },
    { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    { id: 'attempts', header: 'Attempts', numeric: true, sortValue: (row) => row.attempts, cell: (row) => row.attempts },
    { id: 'why', header: 'Failure', cell: (row) => <span className={styles.wrap}>{row.failure_reason ?? '—'}</span> },
    { id: 'next', header: 'Next attempt', cell: (row) => formatTime(row.next_attempt_at) },
    {
      id: 'retry',
      header: 'Action',
      cell: (row) =>
        row.status === 'failed' ? (
          <button type="button" className="outline-button" aria-label={`Retry payout #${row.id}`} onClick={() => setRetrying(row)}>
            Retry
          </button>
        ) : null,
    },
  ];

  return (
    <div className={styles.view}>
      <div className={styles.filters}>
        <FilterSelect label="Payout status" value={status} options={STATUSES} onChange={setStatus} />
      </div>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <QueryView label="payouts" isLoading={payouts.isLoading} error={payouts.error} onRetry={() => void payouts.refetch()}>
        <DataTable caption={`Payouts: ${status}`} columns={columns} rows={loadedRows(payouts.data)} rowKey={(row) => row.id} empty={`No ${status} payout.`} />
        <LoadMore hasMore={payouts.hasNextPage} loading={payouts.isFetchingNextPage} onLoadMore={() => void payouts.fetchNextPage()} />
      </QueryView>
      {retrying ? (
        <ReasonDialog
          title={`Retry payout #${retrying.id}`}
          lead={`${formatDollars(retrying.amount)} to ${retrying.email}. The payout is sent again on its rail; the provider is asked first, so it is never paid twice.`}
          confirmLabel="Retry"
          busyLabel="Retrying…"
          reasonHint="Kept in the audit log with your email."
          onSubmit={({ reason }) => retry({ id: retrying.id, reason }).unwrap()}
          onDone={() => setNotice(`Payout #${retrying.id} queued again.`)}
          onClose={() => setRetrying(null)}
        />
      ) : null}
    </div>
  );
}
