import { useEffect } from 'react';
import { PATHS } from '@rewards/shared/paths';
import { Link, useNavigate, useSearchParams } from '@rewards/shared/router';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { ReportForm } from '../features/tickets/report-form';
import { TicketList, TicketListSkeleton } from '../features/tickets/ticket-list';
import { useGetTicketsQuery } from '../features/tickets/tickets-api';
import styles from '../features/tickets/tickets.module.css';

export const NO_TICKETS = 'You have not reported a missing credit yet.';

/** Issue 29: the user's missing-credit tickets, newest first, and the form to report an offer. */
export default function TicketsPage() {
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
        Your tickets
      </h2>
      {isLoading ? (
        <TicketListSkeleton />
      ) : isError ? (
        <p className={styles.empty}>
          Your tickets could not be loaded.{' '}
          <button type="button" className={styles.textButton} onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      ) : tickets && tickets.length > 0 ? (
        <TicketList tickets={tickets} />
      ) : (
        <p className={styles.empty}>{NO_TICKETS}</p>
      )}
    </section>
  );

  const form = (
    <section className={styles.section} aria-labelledby="report">
      <h2 id="report" className={styles.sectionTitle}>
        {offer ? 'Report missing credit' : 'Report a missing offer'}
      </h2>
      <p className={styles.sectionLead}>
        {offer ? (
          'Tell us what you completed: Support checks it with the partner and answers here.'
        ) : (
          <>
            Completed a partner wall&apos;s offer that never credited? Name the wall and the offer. For an offer you started here, use
            &quot;Report missing credit&quot; on <Link to={PATHS.myOffers}>My Offers</Link>.
          </>
        )}
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
    <PageLayout title="Missing credits" lead="Report an offer that did not credit, and follow every report to its answer.">
      <div className={styles.layout}>
        {offer ? form : list}
        {offer ? list : form}
      </div>
    </PageLayout>
  );
}
