import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from '@rewards/shared/router';
import type { AdminTicket, Callback } from '@rewards/shared/contracts/admin-types';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { errorMessage, formatDollars, formatTime } from '../../ui/format';
import { Facts, Panel } from '../../ui/panel';
import { QueryView } from '../../ui/query-view';
import { ReasonDialog } from '../../ui/reason-dialog';
import { StatusBadge } from '../../ui/status-badge';
import { screenshotUrl, useAcceptTicketMutation, useDeclineTicketMutation, useGetAdminTicketQuery, useReplyToTicketMutation } from './tickets-api';
import styles from './ticket-page.module.css';

const CALLBACK_COLUMNS: TableColumn<Callback>[] = [
  { id: 'at', header: 'Received', rowHeader: true, cell: (callback) => <Link to={`/admin/postbacks/${callback.id}`}>{formatTime(callback.received_at)}</Link> },
  { id: 'wall', header: 'Wall', cell: (callback) => callback.wall },
  { id: 'outcome', header: 'Outcome', cell: (callback) => <StatusBadge status={callback.outcome} /> },
  { id: 'txid', header: 'Transaction', cell: (callback) => callback.txid ?? '—' },
  { id: 'amount', header: 'Amount', numeric: true, cell: (callback) => formatDollars(callback.amount) },
];

/** One ticket: what the user says happened, the thread, the screenshot, and the answer staff give. */
export default function TicketPage() {
  const id = Number(useParams().id);
  const ticket = useGetAdminTicketQuery(id, { skip: !Number.isSafeInteger(id) });
  return (
    <ConsolePage title={ticket.data ? `Ticket #${id}: ${ticket.data.offer_name}` : `Ticket #${id}`} lead={<Link to="/admin/tickets">Back to tickets</Link>}>
      <QueryView label="the ticket" isLoading={ticket.isLoading} error={ticket.error} onRetry={() => void ticket.refetch()}>
        {ticket.data ? <TicketRecord ticket={ticket.data} /> : null}
      </QueryView>
    </ConsolePage>
  );
}

function TicketRecord({ ticket }: { ticket: AdminTicket }) {
  const open = ticket.status === 'awaiting' || ticket.status === 'answered';
  // Kept here, not in the decision panel: once the ticket is decided it closes and that panel goes away.
  const [notice, setNotice] = useState('');
  return (
    <div className={styles.record}>
      <Facts
        items={[
          ['Status', <StatusBadge key="status" status={ticket.status} />],
          ['User', <Link key="user" to={`/admin/users/${ticket.user_id}`}>{ticket.email ?? `#${ticket.user_id}`}</Link>],
          ['Offer', `${ticket.offer_name}${ticket.offer_id ? ` (${ticket.offer_id})` : ''}`],
          ['Wall', ticket.wall ?? '—'],
          ['Completed', formatTime(ticket.completed_at)],
          ['Opened', formatTime(ticket.created_at)],
          ['Credited', ticket.credited ? formatDollars(ticket.credited) : '—'],
          ['Partner credited', formatTime(ticket.partner_credited_at)],
        ]}
      />
      <p role="status" className={styles.sent}>
        {notice}
      </p>
      {ticket.resolution ? <p className={styles.resolution}>Resolution: {ticket.resolution}</p> : null}
      <Panel title="What the user says">
        <p className={styles.details}>{ticket.details}</p>
      </Panel>
      {ticket.has_screenshot ? (
        <Panel title="Screenshot">
          <a href={screenshotUrl(ticket.id)} target="_blank" rel="noreferrer" className={styles.shotLink}>
            <img src={screenshotUrl(ticket.id)} alt={`Screenshot attached to ticket #${ticket.id}`} className={styles.shot} />
            <span>Open full size</span>
          </a>
        </Panel>
      ) : null}
      <Panel title="Thread">
        {ticket.messages.length === 0 ? (
          <p className={styles.muted}>No message yet.</p>
        ) : (
          <ol className={styles.thread}>
            {ticket.messages.map((message) => (
              <li key={message.id} className={message.author === 'operator' ? styles.fromStaff : styles.fromUser}>
                <p className={styles.meta}>
                  {message.author === 'operator' ? `Staff${message.operator ? ` (${message.operator})` : ''}` : 'User'} · {formatTime(message.created_at)}
                </p>
                <p className={styles.text}>{message.text}</p>
              </li>
            ))}
          </ol>
        )}
        {open ? <ReplyForm ticketId={ticket.id} /> : null}
      </Panel>
      {open ? <Decision ticket={ticket} onDecided={setNotice} /> : null}
      <Panel title="The user's latest callbacks">
        <DataTable caption="Latest callbacks of this user" columns={CALLBACK_COLUMNS} rows={ticket.last_callbacks} rowKey={(callback) => callback.id} empty="No callback from any wall for this user." />
      </Panel>
    </div>
  );
}

function ReplyForm({ ticketId }: { ticketId: number }) {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const [reply, replying] = useReplyToTicketMutation();
  const [sent, setSent] = useState(false);
  const ids = { text: useId(), error: useId() };
  const missing = checked && !text.trim() ? 'Write the answer first.' : undefined;
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
          Reply to the user
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
          {sent ? 'Reply sent.' : ''}
        </p>
        <button type="submit" className="pill-button" disabled={replying.isLoading}>
          {replying.isLoading ? 'Sending…' : 'Send reply'}
        </button>
      </div>
    </form>
  );
}

function Decision({ ticket, onDecided }: { ticket: AdminTicket; onDecided: (notice: string) => void }) {
  const [open, setOpen] = useState<'accept' | 'decline' | null>(null);
  const [accept] = useAcceptTicketMutation();
  const [decline] = useDeclineTicketMutation();
  return (
    <Panel title="Decision">
      <div className={styles.decide}>
        <button type="button" className="pill-button" onClick={() => setOpen('accept')}>
          Accept with an amount
        </button>
        <button type="button" className="outline-button" onClick={() => setOpen('decline')}>
          Decline
        </button>
      </div>
      {open === 'accept' ? (
        <ReasonDialog
          title={`Accept ticket #${ticket.id}`}
          lead={`Credits the user for ${ticket.offer_name} (unless the partner already did) and closes the ticket.`}
          amount={{ label: 'Amount to credit (dollars)' }}
          confirmLabel="Accept"
          busyLabel="Accepting…"
          reasonHint="Shown to the user, and kept in the audit log with your email."
          onSubmit={({ reason, amount }) => accept({ id: ticket.id, amount, reason }).unwrap()}
          onDone={() => onDecided('Ticket accepted.')}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'decline' ? (
        <ReasonDialog
          title={`Decline ticket #${ticket.id}`}
          lead="Closes the ticket without a credit."
          confirmLabel="Decline"
          busyLabel="Declining…"
          reasonHint="Shown to the user, and kept in the audit log with your email."
          danger
          onSubmit={({ reason }) => decline({ id: ticket.id, reason }).unwrap()}
          onDone={() => onDecided('Ticket declined.')}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Panel>
  );
}
