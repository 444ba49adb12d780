import { useId, useState, type FormEvent } from 'react';
import { apiFailureOf } from './api-failure';
// base-query re-exports it: a module this remote loads already (see api-failure.ts).
import { getApiBase } from '@rewards/shared/api/base-query';
import type { ApiError } from '@rewards/shared/contracts/api-error';
import { TICKET_LIMITS, type TicketDetail } from '@rewards/shared/contracts/ticket-types';
import { useApiErrorText } from '@rewards/shared/translate/api-errors';
import { useT } from '../../messages';
import { formatDate } from '../../ui/formats';
import { formatDay, ticketOutcome } from './ticket-status';
import { StatusBadge } from './status-badge';
import { offerSource } from './ticket-list';
import { useReplyToTicketMutation } from './tickets-api';
import styles from './tickets.module.css';

const isOpen = (ticket: TicketDetail) => ticket.status === 'awaiting' || ticket.status === 'answered';
const formatTime = (iso: string) => formatDate(new Date(iso), { withTime: true });

/** A ticket: its state, what the user reported, the replies, and a reply box while it is open. */
export function TicketThread({ ticket }: { ticket: TicketDetail }) {
  const t = useT();
  const screenshotUrl = `${getApiBase()}/tickets/${ticket.id}/screenshot`;
  return (
    <div className={styles.thread}>
      <section className={`${styles.outcome} ${styles[`outcome_${ticket.status}`]}`} aria-label={t('tickets.thread.status')}>
        <StatusBadge status={ticket.status} />
        <p className={styles.outcomeText}>{ticketOutcome(ticket, t)}</p>
      </section>

      <ol className={styles.messages} aria-label={t('tickets.thread.messages')}>
        <li className={`${styles.message} ${styles.mine}`}>
          <p className={styles.messageHead}>
            <strong>{t('tickets.thread.yourReport')}</strong> · {formatTime(ticket.created_at)}
          </p>
          <dl className={styles.facts}>
            <dt>{t('tickets.thread.offer')}</dt>
            <dd>
              {ticket.offer_name} ({offerSource(ticket, t)})
            </dd>
            <dt>{t('tickets.thread.completed')}</dt>
            <dd>{formatDay(ticket.completed_at)}</dd>
          </dl>
          <p className={styles.messageText}>{ticket.details}</p>
          {ticket.has_screenshot ? (
            <a href={screenshotUrl} target="_blank" rel="noopener noreferrer" className={styles.screenshotLink}>
              <img src={screenshotUrl} alt={t('tickets.thread.screenshotAlt')} className={styles.screenshot} />
              <span>{t('tickets.thread.openScreenshot')}</span>
            </a>
          ) : null}
        </li>
        {ticket.messages.map((message) => (
          <li key={message.id} className={`${styles.message} ${message.author === 'user' ? styles.mine : styles.support}`}>
            <p className={styles.messageHead}>
              <strong>{message.author === 'user' ? t('tickets.thread.you') : t('tickets.thread.support')}</strong> · {formatTime(message.created_at)}
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
  const t = useT();
  const errorText = useApiErrorText();
  const [reply, { isLoading }] = useReplyToTicketMutation();
  const [text, setText] = useState('');
  // Kept as what went wrong, worded at each render: the page's language may change while it shows.
  const [error, setError] = useState<{ refusal: ApiError | undefined } | 'empty' | null>(null);
  const id = useId();
  const errorShown = error === 'empty' ? t('tickets.reply.empty') : error ? errorText(error.refusal, t('tickets.reply.failed')) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      setError('empty');
      return;
    }
    setError(null);
    try {
      await reply({ id: ticketId, text: text.trim() }).unwrap();
      setText('');
    } catch (failure) {
      setError({ refusal: apiFailureOf(failure) });
    }
  }

  return (
    <form className={styles.replyForm} onSubmit={submit} noValidate aria-label={t('tickets.reply.label')}>
      <label htmlFor={id} className={styles.label}>
        {t('tickets.reply.field')}
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
          {errorShown}
        </p>
      ) : null}
      <button type="submit" className={`pill-button ${styles.submit}`} disabled={isLoading}>
        {isLoading ? t('tickets.reply.sending') : t('tickets.reply.send')}
      </button>
    </form>
  );
}
