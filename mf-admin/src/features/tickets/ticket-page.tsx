import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from '@rewards/shared/router';
import type { AdminTicket } from '@rewards/shared/contracts/admin-types';
import { useT } from '../../messages';
import { ConsolePage } from '../../ui/console-page';
import { DataTable } from '../../ui/data-table';
import { formatDollars, formatTime, useErrorText } from '../../ui/format';
import { Facts, Panel } from '../../ui/panel';
import { QueryView } from '../../ui/query-view';
import { ReasonDialog } from '../../ui/reason-dialog';
import { StatusBadge } from '../../ui/status-badge';
import { screenshotUrl, useAcceptTicketMutation, useDeclineTicketMutation, useGetAdminTicketQuery, useReplyToTicketMutation } from './tickets-api';
import { callbackColumns } from '../../ui/callback-columns';
import styles from './ticket-page.module.css';

/** One ticket: what the user says happened, the thread, the screenshot, and the answer staff give. */
export default function TicketPage() {
  const id = Number(useParams().id);
  const t = useT();
  const ticket = useGetAdminTicketQuery(id, { skip: !Number.isSafeInteger(id) });
  return (
    <ConsolePage title={ticket.data ? t('admin.ticket.titleWithOffer', { id, offer: ticket.data.offer_name }) : t('admin.ticket.title', { id })} lead={<Link to="/admin/tickets">{t('admin.ticket.back')}</Link>}>
      <QueryView label={t('admin.loading.ticket')} isLoading={ticket.isLoading} error={ticket.error} onRetry={() => void ticket.refetch()}>
        {ticket.data ? <TicketRecord ticket={ticket.data} /> : null}
      </QueryView>
    </ConsolePage>
  );
}

function TicketRecord({ ticket }: { ticket: AdminTicket }) {
  const t = useT();
  const open = ticket.status === 'awaiting' || ticket.status === 'answered';
  // Kept here, not in the decision panel: once the ticket is decided it closes and that panel goes away.
  const [notice, setNotice] = useState('');
  return (
    <div className={styles.record}>
      <Facts
        items={[
          [t('admin.users.column.status'), <StatusBadge key="status" status={ticket.status} />],
          [t('admin.users.column.user'), <Link key="user" to={`/admin/users/${ticket.user_id}`}>{ticket.email ?? `#${ticket.user_id}`}</Link>],
          [t('admin.column.offer'), ticket.offer_id ? t('admin.ticket.offerWithId', { offer: ticket.offer_name, id: ticket.offer_id }) : ticket.offer_name],
          [t('admin.column.wall'), ticket.wall ?? '—'],
          [t('admin.ticket.completed'), formatTime(ticket.completed_at)],
          [t('admin.column.opened'), formatTime(ticket.created_at)],
          [t('admin.column.credited'), ticket.credited ? formatDollars(ticket.credited) : '—'],
          [t('admin.ticket.partnerCredited'), formatTime(ticket.partner_credited_at)],
        ]}
      />
      <p role="status" className={styles.sent}>
        {notice}
      </p>
      {ticket.resolution ? <p className={styles.resolution}>{t('admin.ticket.resolution', { resolution: ticket.resolution })}</p> : null}
      <Panel title={t('admin.ticket.details')}>
        <p className={styles.details}>{ticket.details}</p>
      </Panel>
      {ticket.has_screenshot ? (
        <Panel title={t('admin.tickets.column.screenshot')}>
          <a href={screenshotUrl(ticket.id)} target="_blank" rel="noreferrer" className={styles.shotLink}>
            <img src={screenshotUrl(ticket.id)} alt={t('admin.ticket.screenshotAlt', { id: ticket.id })} className={styles.shot} />
            <span>{t('admin.ticket.fullSize')}</span>
          </a>
        </Panel>
      ) : null}
      <Panel title={t('admin.ticket.thread')}>
        {ticket.messages.length === 0 ? (
          <p className={styles.muted}>{t('admin.ticket.noMessage')}</p>
        ) : (
          <ol className={styles.thread}>
            {ticket.messages.map((message) => (
              <li key={message.id} className={message.author === 'operator' ? styles.fromStaff : styles.fromUser}>
                <p className={styles.meta}>
                  {message.author === 'operator' ? (message.operator ? t('admin.ticket.fromStaffNamed', { operator: message.operator }) : t('admin.ticket.fromStaff')) : t('admin.users.column.user')} · {formatTime(message.created_at)}
                </p>
                <p className={styles.text}>{message.text}</p>
              </li>
            ))}
          </ol>
        )}
        {open ? <ReplyForm ticketId={ticket.id} /> : null}
      </Panel>
      {open ? <Decision ticket={ticket} onDecided={setNotice} /> : null}
      <Panel title={t('admin.ticket.callbacks')}>
        <DataTable caption={t('admin.ticket.callbacksCaption')} columns={callbackColumns(t)} rows={ticket.last_callbacks} rowKey={(callback) => callback.id} empty={t('admin.ticket.noCallback')} />
      </Panel>
    </div>
  );
}

function ReplyForm({ ticketId }: { ticketId: number }) {
  const t = useT();
  const { errorMessage } = useErrorText();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const [reply, replying] = useReplyToTicketMutation();
  const [sent, setSent] = useState(false);
  const ids = { text: useId(), error: useId() };
  const missing = checked && !text.trim() ? t('admin.ticket.replyMissing') : undefined;
  const problem = missing ?? (replying.error ? errorMessage(replying.error) : undefined);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setSent(false);
    if (!text.trim() || replying.isLoading) return;
    const result = await reply({ id: ticketId, text: text.trim() });
    if ('data' in result) {
      setText('');
      setChecked(false);
      setSent(true);
    }
  };
  return (
    <form className={styles.reply} onSubmit={submit} noValidate>
      <div className="text-field">
        <label htmlFor={ids.text} className="text-field-label">
          {t('admin.ticket.replyLabel')}
        </label>
        <textarea id={ids.text} className="text-field-input" rows={4} value={text} onChange={(event) => setText(event.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={problem ? ids.error : undefined} />
      </div>
      {problem ? (
        <p id={ids.error} role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
      <div className={styles.replyActions}>
        <p role="status" className={styles.sent}>
          {sent ? t('admin.ticket.replySent') : ''}
        </p>
        <button type="submit" className="pill-button" disabled={replying.isLoading}>
          {replying.isLoading ? t('admin.ticket.replySending') : t('admin.ticket.replySubmit')}
        </button>
      </div>
    </form>
  );
}

function Decision({ ticket, onDecided }: { ticket: AdminTicket; onDecided: (notice: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState<'accept' | 'decline' | null>(null);
  const [accept] = useAcceptTicketMutation();
  const [decline] = useDeclineTicketMutation();
  return (
    <Panel title={t('admin.ticket.decision')}>
      <div className={styles.decide}>
        <button type="button" className="pill-button" onClick={() => setOpen('accept')}>
          {t('admin.ticket.acceptButton')}
        </button>
        <button type="button" className="outline-button" onClick={() => setOpen('decline')}>
          {t('admin.ticket.decline')}
        </button>
      </div>
      {open === 'accept' ? (
        <ReasonDialog
          title={t('admin.ticket.acceptTitle', { id: ticket.id })}
          lead={t('admin.ticket.acceptLead', { offer: ticket.offer_name })}
          amount={{ label: t('admin.ticket.acceptAmount') }}
          confirmLabel={t('admin.ticket.accept')}
          busyLabel={t('admin.ticket.accepting')}
          reasonHint={t('admin.reason.userHint')}
          onSubmit={({ reason, amount }) => accept({ id: ticket.id, amount, reason }).unwrap()}
          onDone={() => onDecided(t('admin.ticket.accepted'))}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'decline' ? (
        <ReasonDialog
          title={t('admin.ticket.declineTitle', { id: ticket.id })}
          lead={t('admin.ticket.declineLead')}
          confirmLabel={t('admin.ticket.decline')}
          busyLabel={t('admin.ticket.declining')}
          reasonHint={t('admin.reason.userHint')}
          danger
          onSubmit={({ reason }) => decline({ id: ticket.id, reason }).unwrap()}
          onDone={() => onDecided(t('admin.ticket.declined'))}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Panel>
  );
}
