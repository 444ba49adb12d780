import { useState } from 'react';
import { Link } from '@rewards/shared/router';
import type { AdminCashoutRow } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { formatDollars, formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { useT } from '../../messages';
import { ReasonDialog } from '../../ui/reason-dialog';
import { useApproveCashoutMutation, useGetAdminCashoutsInfiniteQuery, useRejectCashoutMutation } from './cashouts-api';
import { RiskSignals } from './risk-signals';
import styles from './cashouts-page.module.css';

type Decision = { cashout: AdminCashoutRow; kind: 'approve' | 'reject' };

/** Cashouts the rules sent to review, oldest first, each with why and the user's risk signals. */
export function ReviewQueue() {
  const t = useT();
  const queue = useGetAdminCashoutsInfiniteQuery('pending');
  const [decision, setDecision] = useState<Decision | null>(null);
  const [notice, setNotice] = useState('');
  const [approve] = useApproveCashoutMutation();
  const [reject] = useRejectCashoutMutation();

  const columns: TableColumn<AdminCashoutRow>[] = [
    { id: 'cashout', header: t('admin.queue.column.cashout'), rowHeader: true, sortValue: (row) => row.created_at, cell: (row) => <>#{row.id}<br /><span className={styles.muted}>{formatTime(row.created_at)}</span></> },
    {
      id: 'user',
      header: t('admin.queue.column.user'),
      sortValue: (row) => row.email,
      cell: (row) => (
        <>
          <Link to={`/admin/users/${row.user_id}`} className={styles.destination}>
            {row.email}
          </Link>
          <br />
          <span className={`${styles.muted} ${styles.destination}`}>
            {row.method} · {row.account}
          </span>
        </>
      ),
    },
    { id: 'amount', header: t('admin.column.amount'), numeric: true, sortValue: (row) => row.amount_coins, cell: (row) => formatDollars(row.amount) },
    { id: 'rule', header: t('admin.queue.column.rule'), cell: (row) => <span className={styles.wrap}>{row.review_rule ?? '—'}</span> },
    { id: 'risk', header: t('admin.queue.column.risk'), sortValue: (row) => row.risk.filter((signal) => signal.warn).length, cell: (row) => <RiskSignals signals={row.risk} /> },
    {
      id: 'decide',
      header: t('admin.queue.column.decide'),
      cell: (row) => (
        <div className={styles.decideStack}>
          <button type="button" className="pill-button" aria-label={t('admin.queue.approveTitle', { id: row.id })} onClick={() => setDecision({ cashout: row, kind: 'approve' })}>
            {t('admin.queue.approve')}
          </button>
          <button type="button" className="outline-button" aria-label={t('admin.queue.rejectTitle', { id: row.id })} onClick={() => setDecision({ cashout: row, kind: 'reject' })}>
            {t('admin.queue.reject')}
          </button>
        </div>
      ),
    },
  ];

  const close = () => setDecision(null);
  const target = decision ? { amount: formatDollars(decision.cashout.amount), email: decision.cashout.email, method: decision.cashout.method } : {};
  return (
    <QueryView label={t('admin.loading.reviewQueue')} isLoading={queue.isLoading} error={queue.error} onRetry={() => void queue.refetch()}>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <DataTable caption={t('admin.queue.caption')} columns={columns} rows={loadedRows(queue.data)} rowKey={(row) => row.id} empty={t('admin.queue.empty')} />
      <LoadMore hasMore={queue.hasNextPage} loading={queue.isFetchingNextPage} onLoadMore={() => void queue.fetchNextPage()} />
      {decision?.kind === 'approve' ? (
        <ReasonDialog
          title={t('admin.queue.approveTitle', { id: decision.cashout.id })}
          lead={t('admin.queue.approveLead', target)}
          confirmLabel={t('admin.queue.approve')}
          busyLabel={t('admin.queue.approving')}
          reasonHint={t('admin.reason.auditHint')}
          reference={{ label: t('admin.queue.reference') }}
          onSubmit={({ reason, reference }) => approve({ id: decision.cashout.id, reason, ...(reference ? { reference } : {}) }).unwrap()}
          onDone={() => setNotice(t('admin.queue.approved', { id: decision.cashout.id }))}
          onClose={close}
        />
      ) : null}
      {decision?.kind === 'reject' ? (
        <ReasonDialog
          title={t('admin.queue.rejectTitle', { id: decision.cashout.id })}
          lead={t('admin.queue.rejectLead', target)}
          confirmLabel={t('admin.queue.reject')}
          busyLabel={t('admin.queue.rejecting')}
          reasonHint={t('admin.reason.userHint')}
          danger
          onSubmit={({ reason }) => reject({ id: decision.cashout.id, reason }).unwrap()}
          onDone={() => setNotice(t('admin.queue.rejected', { id: decision.cashout.id }))}
          onClose={close}
        />
      ) : null}
    </QueryView>
  );
}
