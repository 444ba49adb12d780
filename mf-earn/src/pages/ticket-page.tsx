import { useEffect } from 'react';
import { apiFailureOf } from '../features/tickets/api-failure';
import { PATHS } from '@rewards/shared/paths';
import { Link, useParams } from '@rewards/shared/router';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { offerSource } from '../features/tickets/ticket-list';
import { TicketThread } from '../features/tickets/ticket-thread';
import { useGetTicketQuery } from '../features/tickets/tickets-api';
import { useT } from '../messages';
import styles from '../features/tickets/tickets.module.css';

const ticketIdOf = (value: string | undefined) => (value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null);

/** Issue 29: one missing-credit ticket, its thread and a reply box. */
export default function TicketPage() {
  const t = useT();
  const ticketId = ticketIdOf(useParams().id);
  const { data: ticket, isLoading, error } = useGetTicketQuery(ticketId ?? 0, { skip: ticketId === null });
  const notFound = ticketId === null || apiFailureOf(error)?.status === 404;

  useEffect(() => {
    if (error && !notFound) console.warn('GET /api/tickets/:id failed', error);
  }, [error, notFound]);

  const back = (
    <Link to={PATHS.tickets} className={styles.back}>
      ← {t('tickets.page.back')}
    </Link>
  );

  if (notFound) {
    return (
      <PageLayout title={t('tickets.page.notFound')} lead={t('tickets.page.notFoundLead')}>
        {back}
      </PageLayout>
    );
  }
  if (isLoading || !ticket) {
    return (
      <PageLayout title={t('tickets.page.title')} lead={error ? t('tickets.page.failed') : t('tickets.page.loading')}>
        {back}
      </PageLayout>
    );
  }
  return (
    <PageLayout title={ticket.offer_name} lead={t('tickets.page.lead', { id: ticket.id, source: offerSource(ticket, t) })}>
      {back}
      <TicketThread ticket={ticket} />
    </PageLayout>
  );
}
