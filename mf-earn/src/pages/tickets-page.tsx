import { useEffect } from 'react';
import { PATHS } from '@rewards/shared/paths';
import { Link, useNavigate, useSearchParams } from '@rewards/shared/router';
import { preloadMessageFormatter } from '@rewards/shared/translate/messages';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { ReportForm } from '../features/tickets/report-form';
import { TicketList, TicketListSkeleton } from '../features/tickets/ticket-list';
import { useGetTicketsQuery } from '../features/tickets/tickets-api';
import { useT } from '../messages';
import styles from '../features/tickets/tickets.module.css';

// This page's words include plurals and links (ICU), which the message formatter renders: it loads with the
// page rather than when one first shows (mf-earn's messages load it on demand: the Earn page shows none).
void preloadMessageFormatter();

/** Issue 29: the user's missing-credit tickets, newest first, and the form to report an offer. */
export default function TicketsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const offerId = params.get('offer_id');
  const { data: tickets, isLoading, isError, refetch } = useGetTicketsQuery();
  // My Offers links here with the offer's name for the form to show; the API reads only the id.
  const offer = offerId === null ? undefined : { id: offerId, name: params.get('offer_name') || offerId };

  useEffect(() => {
    if (isError) console.warn('GET /api/tickets failed');
  }, [isError]);

  const list = (
    <section className={styles.section} aria-labelledby="your-tickets">
      <h2 id="your-tickets" className={styles.sectionTitle}>
        {t('tickets.list.title')}
      </h2>
      {isLoading ? (
        <TicketListSkeleton />
      ) : isError ? (
        <p className={styles.empty}>
          {t('tickets.list.failed')}{' '}
          <button type="button" className={styles.textButton} onClick={() => void refetch()}>
            {t('tickets.list.retry')}
          </button>
        </p>
      ) : tickets && tickets.length > 0 ? (
        <TicketList tickets={tickets} />
      ) : (
        <p className={styles.empty}>{t('tickets.list.empty')}</p>
      )}
    </section>
  );

  const form = (
    <section className={styles.section} aria-labelledby="report">
      <h2 id="report" className={styles.sectionTitle}>
        {offer ? t('tickets.report.credit') : t('tickets.report.wall')}
      </h2>
      <p className={styles.sectionLead}>
        {offer ? t('tickets.report.creditLead') : t.rich('tickets.report.wallLead', { link: (chunks) => <Link to={PATHS.myOffers}>{chunks}</Link> })}
      </p>
      <ReportForm
        key={offerId ?? 'wall'}
        offer={offer}
        onOpened={(id) => navigate(`${PATHS.tickets}/${id}`)}
        onReportOther={() => setParams({}, { replace: true })}
      />
    </section>
  );

  return (
    <PageLayout title={t('tickets.title')} lead={t('tickets.lead')}>
      <div className={styles.layout}>
        {offer ? form : list}
        {offer ? list : form}
      </div>
    </PageLayout>
  );
}
