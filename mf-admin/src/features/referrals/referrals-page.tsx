import { useState } from 'react';
import { Link, useSearchParams } from '@rewards/shared/router';
import type { ReferralReview, ReferralReviewStatus } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { useT } from '../../messages';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { FilterSelect } from '../../ui/filter-select';
import { formatDollars, formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { ReasonDialog } from '../../ui/reason-dialog';
import { StatusBadge } from '../../ui/status-badge';
import { useDecideReferralMutation, useGetReferralReviewsInfiniteQuery } from './referrals-api';
import styles from './referrals-page.module.css';

const STATUSES = [
  { value: 'pending', label: 'admin.referrals.filter.pending' },
  { value: 'approved', label: 'admin.referrals.filter.approved' },
  { value: 'rejected', label: 'admin.referrals.filter.rejected' },
] as const satisfies ReadonlyArray<{ value: ReferralReviewStatus; label: string }>;

type Deciding = { review: ReferralReview; decision: 'approve' | 'reject' };

/** Referrals the fraud signals flagged: their bonuses are withheld until staff approve or reject them. */
export default function ReferralsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ReferralReviewStatus = raw === 'approved' || raw === 'rejected' ? raw : 'pending';
  const reviews = useGetReferralReviewsInfiniteQuery(status);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [notice, setNotice] = useState('');
  const [decide] = useDecideReferralMutation();

  const columns: TableColumn<ReferralReview>[] = [
    { id: 'referred', header: t('admin.referrals.column.referred'), rowHeader: true, sortValue: (row) => row.referred_email, cell: (row) => <Link to={`/admin/users/${row.referred_user_id}`}>{row.referred_email}</Link> },
    { id: 'referrer', header: t('admin.referrals.column.referrer'), sortValue: (row) => row.referrer_email, cell: (row) => <Link to={`/admin/users/${row.referrer_id}`}>{row.referrer_email}</Link> },
    { id: 'signals', header: t('admin.referrals.column.signals'), cell: (row) => <span className={styles.wrap}>{row.signals}</span> },
    { id: 'withheld', header: t('admin.referrals.column.withheld'), numeric: true, sortValue: (row) => row.withheld_coins, cell: (row) => formatDollars(row.withheld) },
    { id: 'flagged', header: t('admin.referrals.column.flagged'), sortValue: (row) => row.flagged_at, cell: (row) => formatTime(row.flagged_at) },
    { id: 'status', header: t('admin.users.column.status'), cell: (row) => <StatusBadge status={row.status} /> },
    status === 'pending'
      ? {
          id: 'decide',
          header: t('admin.queue.column.decide'),
          cell: (row) => (
            <div className={styles.decide}>
              <button type="button" className="pill-button" aria-label={t('admin.referrals.approveTitle', { email: row.referred_email })} onClick={() => setDeciding({ review: row, decision: 'approve' })}>
                {t('admin.queue.approve')}
              </button>
              <button type="button" className="outline-button" aria-label={t('admin.referrals.rejectTitle', { email: row.referred_email })} onClick={() => setDeciding({ review: row, decision: 'reject' })}>
                {t('admin.queue.reject')}
              </button>
            </div>
          ),
        }
      : { id: 'reason', header: t('admin.ticket.decision'), cell: (row) => <span className={styles.wrap}>{t('admin.referrals.decided', { reason: row.decision_reason ?? '—', time: formatTime(row.decided_at) })}</span> },
  ];

  return (
    <ConsolePage title={t('admin.section.referrals')} lead={t('admin.referrals.lead')}>
      <FilterBar>
        <FilterSelect label={t('admin.tickets.show')} value={status} options={STATUSES.map((option) => ({ value: option.value, label: t(option.label) }))} onChange={(value) => setParams(value === 'pending' ? {} : { status: value })} />
      </FilterBar>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <QueryView label={t('admin.loading.referrals')} isLoading={reviews.isLoading} error={reviews.error} onRetry={() => void reviews.refetch()}>
        <DataTable caption={t('admin.referrals.caption')} columns={columns} rows={loadedRows(reviews.data)} rowKey={(row) => row.referred_user_id} empty={t('admin.referrals.empty')} />
        <LoadMore hasMore={reviews.hasNextPage} loading={reviews.isFetchingNextPage} onLoadMore={() => void reviews.fetchNextPage()} />
      </QueryView>
      {deciding ? (
        <ReasonDialog
          title={t(deciding.decision === 'approve' ? 'admin.referrals.approveTitle' : 'admin.referrals.rejectTitle', { email: deciding.review.referred_email })}
          lead={
            deciding.decision === 'approve'
              ? t('admin.referrals.approveLead', { email: deciding.review.referrer_email, amount: formatDollars(deciding.review.withheld) })
              : t('admin.referrals.rejectLead', { email: deciding.review.referrer_email })
          }
          confirmLabel={deciding.decision === 'approve' ? t('admin.queue.approve') : t('admin.queue.reject')}
          busyLabel={deciding.decision === 'approve' ? t('admin.queue.approving') : t('admin.queue.rejecting')}
          reasonHint={t('admin.reason.auditHint')}
          danger={deciding.decision === 'reject'}
          onSubmit={({ reason }) => decide({ referredUserId: deciding.review.referred_user_id, decision: deciding.decision, reason }).unwrap()}
          onDone={() => setNotice(t(deciding.decision === 'approve' ? 'admin.referrals.approved' : 'admin.referrals.rejected', { email: deciding.review.referred_email }))}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </ConsolePage>
  );
}
