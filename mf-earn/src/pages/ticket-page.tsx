import { useEffect } from 'react';
import { apiFailureOf } from '../features/tickets/api-failure';
import { PATHS } from '@rewards/shared/paths';
import { Link, useParams } from '@rewards/shared/router';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { offerSource } from '../features/tickets/ticket-list';
import { TicketThread } from '../features/tickets/ticket-thread';
import { useGetTicketQuery } from '../features/tickets/tickets-api';
import styles from '../features/tickets/tickets.module.css';

const ticketIdOf = (value: string | undefined) => (value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null);

/** Issue 29: one missing-credit ticket, its thread and a reply box. */
export default function TicketPage() {
  const ticketId = ticketIdOf(useParams().id);
  const { data: ticket, isLoading, error } = useGetTicketQuery(ticketId ?? 0, { skip: ticketId === null });
  const notFound = ticketId === null || apiFailureOf(error)?.status === 404;

  useEffect(() => {
    if (error && !notFound) console.warn('GET /api/tickets/:id failed', error);
  }, [error, notFound]);

  const back = (
    <Link to={PATHS.tickets} className={styles.back}>
      ← All tickets
    </Link>
  );

  if (notFound) {
    return (
      <PageLayout title="Ticket not found" lead="It may belong to another account, or the link is wrong.">
        {back}
      </PageLayout>
    );
  }
  if (isLoading || !ticket) {
    return (
      <PageLayout title="Ticket" lead={error ? 'This ticket could not be loaded. Please try again later.' : 'Loading…'}>
        {back}
      </PageLayout>
    );
  }
  return (
    <PageLayout title={ticket.offer_name} lead={`Ticket #${ticket.id} · ${offerSource(ticket)}`}>
      {back}
      <TicketThread ticket={ticket} />
    </PageLayout>
  );
}
