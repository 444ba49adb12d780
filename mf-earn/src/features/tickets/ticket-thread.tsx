import { useId, useState, type FormEvent } from 'react';
import { apiFailureOf } from './api-failure';
// base-query re-exports it: a module this remote loads already (see api-failure.ts).
import { getApiBase } from '@rewards/shared/api/base-query';
import { TICKET_LIMITS, type TicketDetail } from '@rewards/shared/contracts/ticket-types';
import { formatDay, ticketOutcome } from './ticket-status';
import { StatusBadge } from './status-badge';
import { offerSource } from './ticket-list';
import { useReplyToTicketMutation } from './tickets-api';
import styles from './tickets.module.css';

const isOpen = (ticket: TicketDetail) => ticket.status === 'awaiting' || ticket.status === 'answered';
const formatTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A ticket: its state, what the user reported, the replies, and a reply box while it is open. */
export function TicketThread({ ticket }: { ticket: TicketDetail }) {
  const screenshotUrl = `${getApiBase()}/tickets/${ticket.id}/screenshot`;
  return (
    <div className={styles.thread}>
      <section className={`${styles.outcome} ${styles[`outcome_${ticket.status}`]}`} aria-label="Status">
        <StatusBadge status={ticket.status} />
        <p className={styles.outcomeText}>{ticketOutcome(ticket)}</p>
      </section>

      <ol className={styles.messages} aria-label="Messages">
        <li className={`${styles.message} ${styles.mine}`}>
          <p className={styles.messageHead}>
            <strong>Your report</strong> · {formatTime(ticket.created_at)}
          </p>
          <dl className={styles.facts}>
            <dt>Offer</dt>
            <dd>
              {ticket.offer_name} ({offerSource(ticket)})
            </dd>
            <dt>Completed</dt>
            <dd>{formatDay(ticket.completed_at)}</dd>
          </dl>
          <p className={styles.messageText}>{ticket.details}</p>
          {ticket.has_screenshot ? (
            <a href={screenshotUrl} target="_blank" rel="noopener noreferrer" className={styles.screenshotLink}>
              <img src={screenshotUrl} alt="Your screenshot" className={styles.screenshot} />
              <span>Open the screenshot</span>
            </a>
          ) : null}
        </li>
        {ticket.messages.map((message) => (
          <li key={message.id} className={`${styles.message} ${message.author === 'user' ? styles.mine : styles.support}`}>
            <p className={styles.messageHead}>
              <strong>{message.author === 'user' ? 'You' : 'Support'}</strong> · {formatTime(message.created_at)}
            </p>
            <p className={styles.messageText}>{message.text}</p>
          </li>
        ))}
      </ol>

      {isOpen(ticket) ? <ReplyBox ticketId={ticket.id} /> : null}
    </div>
  );
}

function ReplyBox({ ticketId }: { ticketId: number }) {
  const [reply, { isLoading }] = useReplyToTicketMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      setError('Please write your reply first.');
      return;
    }
    setError(null);
    try {
      await reply({ id: ticketId, text: text.trim() }).unwrap();
      setText('');
    } catch (failure) {
      setError(apiFailureOf(failure)?.message || 'The reply could not be sent. Please try again.');
    }
  }

  return (
    <form className={styles.replyForm} onSubmit={submit} noValidate aria-label="Reply">
      <label htmlFor={id} className={styles.label}>
        Your reply
      </label>
      <textarea
        id={id}
        className={error ? `${styles.input} ${styles.invalid}` : styles.input}
        rows={4}
        maxLength={TICKET_LIMITS.messageMax}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={`pill-button ${styles.submit}`} disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Send reply'}
      </button>
    </form>
  );
}
