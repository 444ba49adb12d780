import { Link, useParams } from '@rewards/shared/router';
import type { AdminSession, AdminUserPage, AuditRow, LedgerRow } from '@rewards/shared/contracts/admin-types';
import { loadedRows } from '../../console/admin-api';
import { useStaff } from '../../console/staff-context';
import { sectionsFor } from '../../console/sections';
import { signInWord, twoFactorWord } from '../../ui/account-words';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { formatDollars, formatTime } from '../../ui/format';
import { Facts, Panel } from '../../ui/panel';
import { LoadMore, QueryView } from '../../ui/query-view';
import { StatusBadge } from '../../ui/status-badge';
import { useT, type AdminTranslate } from '../../messages';
import { UserActions } from './user-actions';
import { useGetAdminUserQuery, useGetUserEarningsInfiniteQuery } from './users-api';
import { callbackColumns } from '../../ui/callback-columns';
import styles from './user-page.module.css';

const ROLE_LABELS = { support: 'admin.role.support', finance: 'admin.role.finance', admin: 'admin.role.admin' } as const;

/** The ledger's kinds (api/src/db/schema.ts LEDGER_KINDS) in words; a kind this version does not know shows as the API names it. */
const LEDGER_KIND_WORDS = {
  offer_credit: 'admin.ledgerKind.offerCredit',
  offer_reversal: 'admin.ledgerKind.offerReversal',
  referral_bonus: 'admin.ledgerKind.referralBonus',
  referral_reversal: 'admin.ledgerKind.referralReversal',
  manual_credit: 'admin.ledgerKind.manualCredit',
  cashout: 'admin.ledgerKind.cashout',
  cashout_refund: 'admin.ledgerKind.cashoutRefund',
  hold_release: 'admin.ledgerKind.holdRelease',
  ticket_credit: 'admin.ledgerKind.ticketCredit',
  ticket_reversal: 'admin.ledgerKind.ticketReversal',
} as const;

function ledgerKindWords(kind: string, t: AdminTranslate): string {
  return Object.hasOwn(LEDGER_KIND_WORDS, kind) ? t(LEDGER_KIND_WORDS[kind as keyof typeof LEDGER_KIND_WORDS]) : kind;
}

const earningColumns = (t: AdminTranslate): TableColumn<LedgerRow>[] => [
  { id: 'at', header: t('admin.column.when'), rowHeader: true, sortValue: (row) => row.created_at, cell: (row) => formatTime(row.created_at) },
  { id: 'kind', header: t('admin.column.kind'), sortValue: (row) => row.kind, cell: (row) => ledgerKindWords(row.kind, t) },
  { id: 'amount', header: t('admin.column.amount'), numeric: true, sortValue: (row) => row.amount_coins, cell: (row) => formatDollars(row.amount) },
  { id: 'held', header: t('admin.column.held'), numeric: true, sortValue: (row) => row.held_coins, cell: (row) => (row.held_coins ? formatDollars(row.held) : '—') },
  { id: 'reference', header: t('admin.column.reference'), cell: (row) => row.reference ?? '—' },
  { id: 'note', header: t('admin.column.note'), cell: (row) => row.note ?? '—' },
];

const sessionColumns = (t: AdminTranslate): TableColumn<AdminSession>[] => [
  { id: 'device', header: t('admin.user.session.device'), rowHeader: true, cell: (session) => session.device },
  { id: 'ip', header: t('admin.user.session.ip'), cell: (session) => session.ip ?? '—' },
  { id: 'started', header: t('admin.user.session.started'), sortValue: (session) => session.created_at, cell: (session) => formatTime(session.created_at) },
  { id: 'seen', header: t('admin.user.session.lastSeen'), sortValue: (session) => session.last_seen_at, cell: (session) => formatTime(session.last_seen_at) },
  { id: 'state', header: t('admin.user.session.state'), cell: (session) => (session.revoked_at ? t('admin.user.session.ended', { time: formatTime(session.revoked_at) }) : t('admin.user.session.until', { time: formatTime(session.expires_at) })) },
  { id: 'twoFactor', header: t('admin.user.session.secondFactor'), cell: (session) => (session.two_factor_at ? formatTime(session.two_factor_at) : '—') },
];

const auditColumns = (t: AdminTranslate): TableColumn<AuditRow>[] => [
  { id: 'at', header: t('admin.column.when'), rowHeader: true, cell: (row) => formatTime(row.at) },
  { id: 'operator', header: t('admin.column.operator'), cell: (row) => row.operator },
  { id: 'command', header: t('admin.column.command'), cell: (row) => row.command },
  { id: 'reason', header: t('admin.column.reason'), cell: (row) => row.reason ?? '—' },
  { id: 'outcome', header: t('admin.column.outcome'), cell: (row) => <StatusBadge status={row.outcome} /> },
];

/** Everything about one user staff need to answer them, and what the staff member's role may do about them. */
export default function UserPage() {
  const id = Number(useParams().id);
  const t = useT();
  const user = useGetAdminUserQuery(id, { skip: !Number.isSafeInteger(id) });
  const title = user.data ? user.data.user.email : t('admin.user.title', { id: Number.isSafeInteger(id) ? id : '?' });
  return (
    <ConsolePage title={title} lead={<Link to="/admin/users">{t('admin.user.back')}</Link>}>
      <QueryView label={t('admin.loading.user')} isLoading={user.isLoading} error={user.error} onRetry={() => void user.refetch()}>
        {user.data ? <UserRecord page={user.data} /> : null}
      </QueryView>
    </ConsolePage>
  );
}

function UserRecord({ page }: { page: AdminUserPage }) {
  const t = useT();
  const staff = useStaff();
  const opens = new Set(sectionsFor(staff.staff_role).map((section) => section.key));
  const { user } = page;
  return (
    <div className={styles.record}>
      <div className={styles.summary}>
        <StatusBadge status={user.status} />
        {user.staff_role ? <StatusBadge status="neutral" label={t('admin.user.staffRole', { role: t(ROLE_LABELS[user.staff_role]) })} /> : null}
        <span>
          {user.name} · #{user.id}
        </span>
      </div>
      <UserActions page={page} />
      <Panel title={t('admin.user.balances')}>
        <Facts
          items={[
            [t('admin.user.available'), formatDollars(user.balance)],
            [t('admin.user.heldPending'), formatDollars(user.pending)],
            [t('admin.user.totalEarnings'), formatDollars(user.total_earnings)],
            [t('admin.user.last30Days'), formatDollars(user.earnings_last_30_days)],
          ]}
        />
      </Panel>
      <Panel title={t('admin.user.account')}>
        <Facts
          items={[
            [t('admin.users.column.email'), user.email_verified ? t('admin.users.verified') : t('admin.users.notVerified')],
            [t('admin.user.twoFactor'), twoFactorWord(t, user.two_factor)],
            [t('admin.user.signsInWith'), user.sign_in.map((method) => signInWord(t, method)).join(', ') || '—'],
            [t('admin.users.column.joined'), formatTime(user.created_at)],
            [t('admin.user.completedOffers'), user.completed_offers],
            [t('admin.user.referralCode'), user.referral_code],
            [t('admin.user.referredBy'), user.referred_by ? <Link to={`/admin/users/${user.referred_by.id}`}>{user.referred_by.email}</Link> : '—'],
          ]}
        />
      </Panel>
      {page.holds.length > 0 ? (
        <Panel title={t('admin.user.heldCredits')}>
          <DataTable
            caption={t('admin.user.heldCredits')}
            columns={[
              { id: 'reference', header: t('admin.column.reference'), rowHeader: true, cell: (hold) => hold.reference },
              { id: 'amount', header: t('admin.column.amount'), numeric: true, cell: (hold) => formatDollars(hold.amount) },
              { id: 'reason', header: t('admin.user.holdWhy'), cell: (hold) => hold.reason },
              { id: 'release', header: t('admin.user.holdReleased'), cell: (hold) => formatTime(hold.release_at) },
            ]}
            rows={page.holds}
            rowKey={(hold) => hold.id}
            empty={t('admin.user.noHold')}
          />
        </Panel>
      ) : null}
      <EarningsPanel userId={user.id} />
      <Panel title={t('admin.user.sessions')}>
        <DataTable caption={t('admin.user.sessionsCaption')} columns={sessionColumns(t)} rows={page.sessions} rowKey={(session) => session.id} empty={t('admin.user.noSession')} />
      </Panel>
      <Panel title={t('admin.user.callbacks')} actions={<Link to={`/admin/postbacks?user_id=${user.id}`}>{t('admin.user.allCallbacks')}</Link>}>
        <DataTable caption={t('admin.user.callbacksCaption')} columns={callbackColumns(t)} rows={page.callbacks} rowKey={(callback) => callback.id} empty={t('admin.user.noCallback')} />
      </Panel>
      <Panel title={t('admin.section.tickets')}>
        <DataTable
          caption={t('admin.user.ticketsCaption')}
          columns={[
            { id: 'offer', header: t('admin.column.offer'), rowHeader: true, cell: (ticket) => (opens.has('tickets') ? <Link to={`/admin/tickets/${ticket.id}`}>{ticket.offer_name}</Link> : ticket.offer_name) },
            { id: 'status', header: t('admin.users.column.status'), cell: (ticket) => <StatusBadge status={ticket.status} /> },
            { id: 'credited', header: t('admin.column.credited'), numeric: true, cell: (ticket) => (ticket.credited ? formatDollars(ticket.credited) : '—') },
            { id: 'opened', header: t('admin.column.opened'), cell: (ticket) => formatTime(ticket.created_at) },
          ]}
          rows={page.tickets}
          rowKey={(ticket) => ticket.id}
          empty={t('admin.user.noTicket')}
        />
      </Panel>
      <Panel title={t('admin.user.referrals', { count: page.referrals.count })}>
        {page.referrals.review ? (
          <p className={styles.flag}>
            {t('admin.user.referralUnderReview', { status: page.referrals.review.status, signals: page.referrals.review.signals })}
          </p>
        ) : null}
        <DataTable
          caption={t('admin.user.referredCaption')}
          columns={[
            { id: 'email', header: t('admin.users.column.user'), rowHeader: true, cell: (referred) => <Link to={`/admin/users/${referred.id}`}>{referred.email}</Link> },
            { id: 'joined', header: t('admin.users.column.joined'), cell: (referred) => formatTime(referred.created_at) },
          ]}
          rows={page.referrals.latest}
          rowKey={(referred) => referred.id}
          empty={t('admin.user.noReferred')}
        />
      </Panel>
      <Panel title={t('admin.section.audit')} actions={opens.has('audit') ? <Link to={`/admin/audit?user_id=${user.id}`}>{t('admin.user.fullAudit')}</Link> : undefined}>
        <DataTable caption={t('admin.user.auditCaption')} columns={auditColumns(t)} rows={page.audit} rowKey={(row) => row.id} empty={t('admin.user.noAudit')} />
      </Panel>
    </div>
  );
}

function EarningsPanel({ userId }: { userId: number }) {
  const t = useT();
  const earnings = useGetUserEarningsInfiniteQuery(userId);
  return (
    <Panel title={t('admin.user.earnings')}>
      <QueryView label={t('admin.loading.earnings')} isLoading={earnings.isLoading} error={earnings.error} onRetry={() => void earnings.refetch()} rows={3}>
        <DataTable caption={t('admin.user.earningsCaption')} columns={earningColumns(t)} rows={loadedRows(earnings.data)} rowKey={(row) => row.id} empty={t('admin.user.noEarning')} />
        <LoadMore hasMore={earnings.hasNextPage} loading={earnings.isFetchingNextPage} onLoadMore={() => void earnings.fetchNextPage()} />
      </QueryView>
    </Panel>
  );
}
