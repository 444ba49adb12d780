import { useState } from 'react';
import { Link, useSearchParams } from '@rewards/shared/router';
import type { ReferralReview, ReferralReviewStatus } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
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

const STATUSES: ReadonlyArray<{ value: ReferralReviewStatus; label: string }> = [
  { value: 'pending', label: 'Flagged, waiting for a decision' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

type Deciding = { review: ReferralReview; decision: 'approve' | 'reject' };

/** Referrals the fraud signals flagged: their bonuses are withheld until staff approve or reject them. */
export default function ReferralsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ReferralReviewStatus = raw === 'approved' || raw === 'rejected' ? raw : 'pending';
  const reviews = useGetReferralReviewsInfiniteQuery(status);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [notice, setNotice] = useState('');
  const [decide] = useDecideReferralMutation();

  const columns: TableColumn<ReferralReview>[] = [
    { id: 'referred', header: 'Referred user', rowHeader: true, sortValue: (row) => row.referred_email, cell: (row) => <Link to={`/admin/users/${row.referred_user_id}`}>{row.referred_email}</Link> },
    { id: 'referrer', header: 'Referrer', sortValue: (row) => row.referrer_email, cell: (row) => <Link to={`/admin/users/${row.referrer_id}`}>{row.referrer_email}</Link> },
    { id: 'signals', header: 'Signals', cell: (row) => <span className={styles.wrap}>{row.signals}</span> },
    { id: 'withheld', header: 'Withheld', numeric: true, sortValue: (row) => row.withheld_coins, cell: (row) => formatDollars(row.withheld) },
    { id: 'flagged', header: 'Flagged', sortValue: (row) => row.flagged_at, cell: (row) => formatTime(row.flagged_at) },
    { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    status === 'pending'
      ? {
          id: 'decide',
          header: 'Decide',
          cell: (row) => (
            <div className={styles.decide}>
              <button type="button" className="pill-button" aria-label={`Approve the referral of ${row.referred_email}`} onClick={() => setDeciding({ review: row, decision: 'approve' })}>
                Approve
              </button>
              <button type="button" className="outline-button" aria-label={`Reject the referral of ${row.referred_email}`} onClick={() => setDeciding({ review: row, decision: 'reject' })}>
                Reject
              </button>
            </div>
          ),
        }
      : { id: 'reason', header: 'Decision', cell: (row) => <span className={styles.wrap}>{row.decision_reason ?? '—'} ({formatTime(row.decided_at)})</span> },
  ];

  return (
    <ConsolePage title="Referrals" lead="Flagged referrals: the bonus is withheld until you decide.">
      <FilterBar>
        <FilterSelect label="Show" value={status} options={STATUSES} onChange={(value) => setParams(value === 'pending' ? {} : { status: value })} />
      </FilterBar>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <QueryView label="referrals" isLoading={reviews.isLoading} error={reviews.error} onRetry={() => void reviews.refetch()}>
        <DataTable caption="Referral reviews" columns={columns} rows={loadedRows(reviews.data)} rowKey={(row) => row.referred_user_id} empty="No referral here." />
        <LoadMore hasMore={reviews.hasNextPage} loading={reviews.isFetchingNextPage} onLoadMore={() => void reviews.fetchNextPage()} />
      </QueryView>
      {deciding ? (
        <ReasonDialog
          title={`${deciding.decision === 'approve' ? 'Approve' : 'Reject'} the referral of ${deciding.review.referred_email}`}
          lead={
            deciding.decision === 'approve'
              ? `${deciding.review.referrer_email} is paid the withheld ${formatDollars(deciding.review.withheld)} and future bonuses.`
              : `${deciding.review.referrer_email} gets no bonus for this referral.`
          }
          confirmLabel={deciding.decision === 'approve' ? 'Approve' : 'Reject'}
          busyLabel={deciding.decision === 'approve' ? 'Approving…' : 'Rejecting…'}
          reasonHint="Kept in the audit log with your email."
          danger={deciding.decision === 'reject'}
          onSubmit={({ reason }) => decide({ referredUserId: deciding.review.referred_user_id, decision: deciding.decision, reason }).unwrap()}
          onDone={() => setNotice(`Referral of ${deciding.review.referred_email} ${deciding.decision === 'approve' ? 'approved' : 'rejected'}.`)}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </ConsolePage>
  );
}
