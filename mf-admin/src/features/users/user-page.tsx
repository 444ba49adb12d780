import { Link, useParams } from '@rewards/shared/router';
import type { AdminSession, AdminUserPage, AuditRow, Callback, LedgerRow } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { useStaff } from '../../console/staff-context';
import { sectionsFor } from '../../console/sections';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { formatDollars, formatTime } from '../../ui/format';
import { Facts, Panel } from '../../ui/panel';
import { LoadMore, QueryView } from '../../ui/query-view';
import { StatusBadge } from '../../ui/status-badge';
import { UserActions } from './user-actions';
import { useGetAdminUserQuery, useGetUserEarningsInfiniteQuery } from './users-api';
import styles from './user-page.module.css';

const EARNING_COLUMNS: TableColumn<LedgerRow>[] = [
  { id: 'at', header: 'When', rowHeader: true, sortValue: (row) => row.created_at, cell: (row) => formatTime(row.created_at) },
  { id: 'kind', header: 'Kind', sortValue: (row) => row.kind, cell: (row) => row.kind },
  { id: 'amount', header: 'Amount', numeric: true, sortValue: (row) => row.amount_coins, cell: (row) => formatDollars(row.amount) },
  { id: 'held', header: 'Held', numeric: true, sortValue: (row) => row.held_coins, cell: (row) => (row.held_coins ? formatDollars(row.held) : '—') },
  { id: 'reference', header: 'Reference', cell: (row) => row.reference ?? '—' },
  { id: 'note', header: 'Note', cell: (row) => row.note ?? '—' },
];

const SESSION_COLUMNS: TableColumn<AdminSession>[] = [
  { id: 'device', header: 'Device', rowHeader: true, cell: (session) => session.device },
  { id: 'ip', header: 'IP', cell: (session) => session.ip ?? '—' },
  { id: 'started', header: 'Started', sortValue: (session) => session.created_at, cell: (session) => formatTime(session.created_at) },
  { id: 'seen', header: 'Last seen', sortValue: (session) => session.last_seen_at, cell: (session) => formatTime(session.last_seen_at) },
  { id: 'state', header: 'State', cell: (session) => (session.revoked_at ? `ended ${formatTime(session.revoked_at)}` : `until ${formatTime(session.expires_at)}`) },
  { id: 'twoFactor', header: 'Second factor', cell: (session) => (session.two_factor_at ? formatTime(session.two_factor_at) : '—') },
];

const CALLBACK_COLUMNS: TableColumn<Callback>[] = [
  { id: 'at', header: 'Received', rowHeader: true, cell: (callback) => <Link to={`/admin/postbacks/${callback.id}`}>{formatTime(callback.received_at)}</Link> },
  { id: 'wall', header: 'Wall', cell: (callback) => callback.wall },
  { id: 'outcome', header: 'Outcome', cell: (callback) => <StatusBadge status={callback.outcome} /> },
  { id: 'txid', header: 'Transaction', cell: (callback) => callback.txid ?? '—' },
  { id: 'amount', header: 'Amount', numeric: true, cell: (callback) => formatDollars(callback.amount) },
];

const AUDIT_COLUMNS: TableColumn<AuditRow>[] = [
  { id: 'at', header: 'When', rowHeader: true, cell: (row) => formatTime(row.at) },
  { id: 'operator', header: 'Operator', cell: (row) => row.operator },
  { id: 'command', header: 'Command', cell: (row) => row.command },
  { id: 'reason', header: 'Reason', cell: (row) => row.reason ?? '—' },
  { id: 'outcome', header: 'Outcome', cell: (row) => <StatusBadge status={row.outcome} /> },
];

/** Everything about one user staff need to answer them, and what the staff member's role may do about them. */
export default function UserPage() {
  const id = Number(useParams().id);
  const user = useGetAdminUserQuery(id, { skip: !Number.isSafeInteger(id) });
  const title = user.data ? user.data.user.email : `User #${Number.isSafeInteger(id) ? id : '?'}`;
  return (
    <ConsolePage title={title} lead={<Link to="/admin/users">Back to users</Link>}>
      <QueryView label="the user" isLoading={user.isLoading} error={user.error} onRetry={() => void user.refetch()}>
        {user.data ? <UserRecord page={user.data} /> : null}
      </QueryView>
    </ConsolePage>
  );
}

function UserRecord({ page }: { page: AdminUserPage }) {
  const staff = useStaff();
  const opens = new Set(sectionsFor(staff.staff_role).map((section) => section.key));
  const { user } = page;
  return (
    <div className={styles.record}>
      <div className={styles.summary}>
        <StatusBadge status={user.status} />
        {user.staff_role ? <StatusBadge status="neutral" label={`staff: ${user.staff_role}`} /> : null}
        <span>
          {user.name} · #{user.id}
        </span>
      </div>
      <UserActions page={page} />
      <Panel title="Balances">
        <Facts
          items={[
            ['Available', formatDollars(user.balance)],
            ['Held (pending)', formatDollars(user.pending)],
            ['Total earnings', formatDollars(user.total_earnings)],
            ['Last 30 days', formatDollars(user.earnings_last_30_days)],
          ]}
        />
      </Panel>
      <Panel title="Account">
        <Facts
          items={[
            ['Email', user.email_verified ? 'verified' : 'not verified'],
            ['Two-factor', user.two_factor],
            ['Signs in with', user.sign_in.join(', ') || '—'],
            ['Joined', formatTime(user.created_at)],
            ['Completed offers', user.completed_offers],
            ['Referral code', user.referral_code],
            ['Referred by', user.referred_by ? <Link to={`/admin/users/${user.referred_by.id}`}>{user.referred_by.email}</Link> : '—'],
          ]}
        />
      </Panel>
      {page.holds.length > 0 ? (
        <Panel title="Held credits">
          <DataTable
            caption="Held credits"
            columns={[
              { id: 'reference', header: 'Reference', rowHeader: true, cell: (hold) => hold.reference },
              { id: 'amount', header: 'Amount', numeric: true, cell: (hold) => formatDollars(hold.amount) },
              { id: 'reason', header: 'Why', cell: (hold) => hold.reason },
              { id: 'release', header: 'Released', cell: (hold) => formatTime(hold.release_at) },
            ]}
            rows={page.holds}
            rowKey={(hold) => hold.id}
            empty="No held credit."
          />
        </Panel>
      ) : null}
      <EarningsPanel userId={user.id} />
      <Panel title="Sessions">
        <DataTable caption="Sessions, newest first" columns={SESSION_COLUMNS} rows={page.sessions} rowKey={(session) => session.id} empty="No session." />
      </Panel>
      <Panel title="Callbacks" actions={<Link to={`/admin/postbacks?user_id=${user.id}`}>All callbacks</Link>}>
        <DataTable caption="Partner callbacks, newest first" columns={CALLBACK_COLUMNS} rows={page.callbacks} rowKey={(callback) => callback.id} empty="No callback names this user." />
      </Panel>
      <Panel title="Tickets">
        <DataTable
          caption="Missing-credit tickets"
          columns={[
            { id: 'offer', header: 'Offer', rowHeader: true, cell: (ticket) => (opens.has('tickets') ? <Link to={`/admin/tickets/${ticket.id}`}>{ticket.offer_name}</Link> : ticket.offer_name) },
            { id: 'status', header: 'Status', cell: (ticket) => <StatusBadge status={ticket.status} /> },
            { id: 'credited', header: 'Credited', numeric: true, cell: (ticket) => (ticket.credited ? formatDollars(ticket.credited) : '—') },
            { id: 'opened', header: 'Opened', cell: (ticket) => formatTime(ticket.created_at) },
          ]}
          rows={page.tickets}
          rowKey={(ticket) => ticket.id}
          empty="No ticket."
        />
      </Panel>
      <Panel title={`Referrals (${page.referrals.count})`}>
        {page.referrals.review ? (
          <p className={styles.flag}>
            This user&apos;s own referral is under review ({page.referrals.review.status}): {page.referrals.review.signals}
          </p>
        ) : null}
        <DataTable
          caption="Users this user referred, newest first"
          columns={[
            { id: 'email', header: 'User', rowHeader: true, cell: (referred) => <Link to={`/admin/users/${referred.id}`}>{referred.email}</Link> },
            { id: 'joined', header: 'Joined', cell: (referred) => formatTime(referred.created_at) },
          ]}
          rows={page.referrals.latest}
          rowKey={(referred) => referred.id}
          empty="No referred user."
        />
      </Panel>
      <Panel title="Audit" actions={opens.has('audit') ? <Link to={`/admin/audit?user_id=${user.id}`}>Full audit log</Link> : undefined}>
        <DataTable caption="Audit rows about this user, newest first" columns={AUDIT_COLUMNS} rows={page.audit} rowKey={(row) => row.id} empty="No audit row." />
      </Panel>
    </div>
  );
}

function EarningsPanel({ userId }: { userId: number }) {
  const earnings = useGetUserEarningsInfiniteQuery(userId);
  return (
    <Panel title="Earnings history">
      <QueryView label="earnings" isLoading={earnings.isLoading} error={earnings.error} onRetry={() => void earnings.refetch()} rows={3}>
        <DataTable caption="Ledger entries, newest first" columns={EARNING_COLUMNS} rows={loadedRows(earnings.data)} rowKey={(row) => row.id} empty="Nothing earned yet." />
        <LoadMore hasMore={earnings.hasNextPage} loading={earnings.isFetchingNextPage} onLoadMore={() => void earnings.fetchNextPage()} />
      </QueryView>
    </Panel>
  );
}
