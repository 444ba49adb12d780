import type { Ticket, TicketStatus } from '@rewards/shared/contracts/ticket-types';

export const STATUS_LABELS: Record<TicketStatus, string> = {
  awaiting: 'Awaiting answer',
  answered: 'Answered',
  accepted: 'Accepted',
  declined: 'Declined',
};

/** What the ticket's state means for the user, in a sentence or two. */
export function ticketOutcome(ticket: Pick<Ticket, 'status' | 'credited' | 'resolution' | 'partner_credited_later'>): string {
  switch (ticket.status) {
    case 'awaiting':
      return 'Support will answer here. Add anything that helps below.';
    case 'answered':
      return 'Support answered. Reply below if you have more to add.';
    case 'declined':
      return ticket.resolution ? `Declined: ${ticket.resolution}` : 'Declined.';
    case 'accepted':
      if (ticket.credited === null) return `Accepted: ${ticket.resolution ?? 'credited'}.`;
      if (ticket.partner_credited_later) {
        return `Accepted: $${ticket.credited} was added to your balance. The partner then credited this offer too, so the ticket's $${ticket.credited} was taken back: you are paid once.`;
      }
      return `Accepted: $${ticket.credited} was added to your balance.${ticket.resolution ? ` ${ticket.resolution}` : ''}`;
  }
}

/** A date the form or the API wrote as YYYY-MM-DD (or an ISO time), as people read it: "Jan 5, 2025". */
export function formatDay(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  // A bare date is a calendar day, not a moment: shown as written, whatever the reader's time zone.
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', ...(value.length === 10 ? { timeZone: 'UTC' } : {}) };
  return Number.isNaN(day.getTime()) ? value : day.toLocaleDateString('en-US', options);
}
