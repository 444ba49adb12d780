import { useId } from 'react';
import { PATHS } from '@rewards/shared/paths';
import { Link } from '@rewards/shared/router';
import type { MyOffer, MyOfferEvent } from '@rewards/shared/contracts/offer-types';
import { formatCents, formatDollars } from '@rewards/shared/rules/money';
import { isEventDone, offerProgress } from '@rewards/shared/rules/offer-progress';
import { offerIconUrl, sanitizeHtml } from '../offers';
import { ProgressBar } from './progress-bar';
import styles from './my-offers.module.css';

function EventList({ events, done }: { events: MyOfferEvent[]; done: boolean }) {
  return (
    <ol className={styles.steps}>
      {events.map((event, index) => (
        <li key={event.id ?? index} className={done ? `${styles.step} ${styles.stepDone}` : styles.step}>
          <span className={styles.stepMark} aria-hidden="true">
            {done ? '✓' : index + 1}
          </span>
          <span className={styles.stepName}>{event.name}</span>
          <span className={styles.stepPayout}>{formatDollars(event.payout)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Spec §2: the chosen offer, its reward steps still to do and the ones done (or expired). */
export function MyOfferDetail({ offer }: { offer: MyOffer }) {
  const titleId = useId();
  const total = formatCents(offer.payout_cents);
  const events = offer.events ?? [];
  const open = events.filter((event) => !isEventDone(event));
  const done = events.filter(isEventDone);
  const description = sanitizeHtml(offer.description);
  return (
    <article className={styles.detail} aria-labelledby={titleId}>
      <div className={styles.detailHead}>
        <img className={styles.detailImage} src={offer.image_url || offerIconUrl} alt={offer.name} width={112} height={112} />
        <div className={styles.detailFacts}>
          <span className={styles.platform}>{offer.platform || 'All'}</span>
          <h2 id={titleId} className={styles.detailTitle}>
            {offer.name}
          </h2>
          <p className={styles.total}>
            Total reward <strong className={styles.totalValue}>{total}</strong>
          </p>
        </div>
      </div>
      <ProgressBar value={offerProgress(offer)} label={`${offer.name} progress`} />
      {offer.click_url ? (
        <a className={`pill-button ${styles.play}`} href={offer.click_url} target="_blank" rel="noopener noreferrer">
          Play &amp; Earn
        </a>
      ) : null}
      {offer.status !== 'completed' && offer.offer_id ? (
        <p className={styles.report}>
          Finished it but not credited?{' '}
          <Link to={`${PATHS.tickets}?${new URLSearchParams({ offer_id: offer.offer_id, offer_name: offer.name })}`} className={styles.reportLink}>
            Report missing credit
          </Link>
        </p>
      ) : null}
      {description ? <div className={styles.description} dangerouslySetInnerHTML={{ __html: description }} /> : null}
      {events.length === 0 ? (
        <p className={styles.single}>This offer has a single reward of {total}.</p>
      ) : (
        <>
          <h3 className={styles.stepsTitle}>Reward Steps</h3>
          {open.length > 0 ? <EventList events={open} done={false} /> : <p className={styles.allDone}>Every step is done.</p>}
          {done.length > 0 ? (
            <>
              <h3 className={styles.stepsTitle}>{offer.status === 'expired' ? 'Expired' : 'Completed'}</h3>
              <EventList events={done} done />
            </>
          ) : null}
        </>
      )}
    </article>
  );
}
