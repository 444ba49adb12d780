import { CREDITED_BY_PARTNER, type Ticket, type TicketStatus } from '@rewards/shared/contracts/ticket-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { t as translate, type MessageKey } from '../../messages';
import { formatDate } from '../../ui/formats';

export const STATUS_LABELS: Record<TicketStatus, MessageKey> = {
  awaiting: 'tickets.status.awaiting',
  answered: 'tickets.status.answered',
  accepted: 'tickets.status.accepted',
  declined: 'tickets.status.declined',
};

/**
 * What the ticket's state means for the user, in a sentence or two. The resolution is support's own words, but
 * the one the API writes itself (a partner's credit settled it) is ours to translate.
 */
export function ticketOutcome(ticket: Pick<Ticket, 'status' | 'credited' | 'resolution' | 'partner_credited_later'>, t = translate): string {
  const resolution = ticket.resolution === CREDITED_BY_PARTNER ? t('tickets.outcome.byPartner') : ticket.resolution;
  const amount = formatDollars(ticket.credited);
  switch (ticket.status) {
    case 'awaiting':
      return t('tickets.outcome.awaiting');
    case 'answered':
      return t('tickets.outcome.answered');
    case 'declined':
      return resolution ? t('tickets.outcome.declinedBecause', { resolution }) : t('tickets.outcome.declined');
    case 'accepted':
      if (ticket.credited === null) return resolution ? t('tickets.outcome.acceptedBecause', { resolution }) : t('tickets.outcome.accepted');
      if (ticket.partner_credited_later) return t('tickets.outcome.creditedTwice', { amount });
      return resolution ? t('tickets.outcome.creditedBecause', { amount, resolution }) : t('tickets.outcome.credited', { amount });
  }
}

/** A date the form or the API wrote as YYYY-MM-DD (or an ISO time), as people of the page's language read it. */
export function formatDay(value: string): string {
  const bareDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const day = bareDay ? new Date(`${value}T00:00:00Z`) : new Date(value);
  // A bare date is a calendar day, not a moment: shown as written, whatever the reader's time zone.
  return Number.isNaN(day.getTime()) ? value : formatDate(day, { utc: bareDay });
}
