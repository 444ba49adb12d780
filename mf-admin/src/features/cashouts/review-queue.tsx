import { useState } from 'react';
import { Link } from '@rewards/shared/router';
import type { AdminCashoutRow } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { formatDollars, formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { ReasonDialog } from '../../ui/reason-dialog';
import { useApproveCashoutMutation, useGetAdminCashoutsInfiniteQuery, useRejectCashoutMutation } from './cashouts-api';
import { RiskSignals } from './risk-signals';
import styles from './cashouts-page.module.css';

type Decision = { cashout: AdminCashoutRow; kind: 'approve' | 'reject' };

/** Cashouts the rules sent to review, oldest first, each with why and the user's risk signals. */
export function ReviewQueue() {
  const queue = useGetAdminCashoutsInfiniteQuery('pending');
  const [decision, setDecision] = useState<Decision | null>(null);
  const [notice, setNotice] = useState('');
  const [approve] = useApproveCashoutMutation();
  const [reject] = useRejectCashoutMutation();

  const columns: TableColumn<AdminCashoutRow>[] = [
    { id: 'cashout', header: 'Cashout', rowHeader: true, sortValue: (row) => row.created_at, cell: (row) => <>#{row.id}<br /><span className={styles.muted}>{formatTime(row.created_at)}</span></> },
    {
      id: 'user',
      header: 'User and destination',
      sortValue: (row) => row.email,
      cell: (row) => (
        <>
          <Link to={`/admin/users/${row.user_id}`}>{row.email}</Link>
          <br />
          <span className={`${styles.muted} ${styles.destination}`}>
            {row.method} · {row.account}
          </span>
        </>
      ),
    },
    { id: 'amount', header: 'Amount', numeric: true, sortValue: (row) => row.amount_coins, cell: (row) => formatDollars(row.amount) },
    { id: 'rule', header: 'Sent to review by', cell: (row) => <span className={styles.wrap}>{row.review_rule ?? '—'}</span> },
    { id: 'risk', header: 'Risk signals', sortValue: (row) => row.risk.filter((signal) => signal.warn).length, cell: (row) => <RiskSignals signals={row.risk} /> },
    {
      id: 'decide',
      header: 'Decide',
      cell: (row) => (
        <div className={styles.decideStack}>
          <button type="button" className="pill-button" aria-label={`Approve cashout #${row.id}`} onClick={() => setDecision({ cashout: row, kind: 'approve' })}>
            Approve
          </button>
          <button type="button" className="outline-button" aria-label={`Reject cashout #${row.id}`} onClick={() => setDecision({ cashout: row, kind: 'reject' })}>
            Reject
          </button>
        </div>
      ),
    },
  ];

  const close = () => setDecision(null);
  const target = decision ? `${formatDollars(decision.cashout.amount)} to ${decision.cashout.email} by ${decision.cashout.method}.` : '';
  return (
    <QueryView label="the review queue" isLoading={queue.isLoading} error={queue.error} onRetry={() => void queue.refetch()}>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <DataTable caption="Cashouts waiting for review, oldest first" columns={columns} rows={loadedRows(queue.data)} rowKey={(row) => row.id} empty="No cashout waits for review." />
      <LoadMore hasMore={queue.hasNextPage} loading={queue.isFetchingNextPage} onLoadMore={() => void queue.fetchNextPage()} />
      {decision?.kind === 'approve' ? (
        <ReasonDialog
          title={`Approve cashout #${decision.cashout.id}`}
          lead={`${target} The payout goes out on its rail; a manual rail waits for the provider's reference.`}
          confirmLabel="Approve"
          busyLabel="Approving…"
          reasonHint="Kept in the audit log with your email."
          reference={{ label: "Provider's reference (only when paid by hand)" }}
          onSubmit={({ reason, reference }) => approve({ id: decision.cashout.id, reason, ...(reference ? { reference } : {}) }).unwrap()}
          onDone={() => setNotice(`Cashout #${decision.cashout.id} approved.`)}
          onClose={close}
        />
      ) : null}
      {decision?.kind === 'reject' ? (
        <ReasonDialog
          title={`Reject cashout #${decision.cashout.id}`}
          lead={`${target} The amount goes back to the user's balance.`}
          confirmLabel="Reject"
          busyLabel="Rejecting…"
          reasonHint="Shown to the user, and kept in the audit log with your email."
          danger
          onSubmit={({ reason }) => reject({ id: decision.cashout.id, reason }).unwrap()}
          onDone={() => setNotice(`Cashout #${decision.cashout.id} rejected and refunded.`)}
          onClose={close}
        />
      ) : null}
    </QueryView>
  );
}
