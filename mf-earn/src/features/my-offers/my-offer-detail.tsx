import { useId } from 'react';
import { PATHS } from '@rewards/shared/paths';
import { Link } from '@rewards/shared/router';
import type { MyOffer, MyOfferEvent } from '@rewards/shared/contracts/offer-types';
import { formatCents, formatDollars } from '@rewards/shared/rules/money';
import { isEventDone, offerProgress } from '@rewards/shared/rules/offer-progress';
import { offerIconUrl, sanitizeHtml } from '../offers';
import { useT } from '../../messages';
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
  const t = useT();
  const titleId = useId();
  const total = formatCents(offer.payout_cents);
  const events = offer.events ?? [];
  const open = events.filter((event) => !isEventDone(event));
  const done = events.filter(isEventDone);
  const description = sanitizeHtml(offer.description);
  const reportTo = offer.status !== 'completed' && offer.offer_id ? `${PATHS.tickets}?${new URLSearchParams({ offer_id: offer.offer_id, offer_name: offer.name })}` : null;
  return (
    <article className={styles.detail} aria-labelledby={titleId}>
      <div className={styles.detailHead}>
        <img className={styles.detailImage} src={offer.image_url || offerIconUrl} alt={offer.name} width={112} height={112} />
        <div className={styles.detailFacts}>
          <span className={styles.platform}>{offer.platform || t('myOffers.platform.all')}</span>
          <h2 id={titleId} className={styles.detailTitle}>
            {offer.name}
          </h2>
          <p className={styles.total}>{t.rich('myOffers.total', { amount: total, strong: (chunks) => <strong className={styles.totalValue}>{chunks}</strong> })}</p>
        </div>
      </div>
      <ProgressBar value={offerProgress(offer)} label={t('myOffers.progress', { name: offer.name })} />
      {offer.click_url ? (
        <a className={`pill-button ${styles.play}`} href={offer.click_url} target="_blank" rel="noopener noreferrer">
          {t('myOffers.play')}
        </a>
      ) : null}
      {reportTo ? (
        <p className={styles.report}>
          {t.rich('myOffers.report', {
            link: (chunks) => (
              <Link to={reportTo} className={styles.reportLink}>
                {chunks}
              </Link>
            ),
          })}
        </p>
      ) : null}
      {description ? <div className={styles.description} dangerouslySetInnerHTML={{ __html: description }} /> : null}
      {events.length === 0 ? (
        <p className={styles.single}>{t('myOffers.single', { amount: total })}</p>
      ) : (
        <>
          <h3 className={styles.stepsTitle}>{t('myOffers.steps')}</h3>
          {open.length > 0 ? <EventList events={open} done={false} /> : <p className={styles.allDone}>{t('myOffers.allDone')}</p>}
          {done.length > 0 ? (
            <>
              <h3 className={styles.stepsTitle}>{offer.status === 'expired' ? t('myOffers.expired') : t('myOffers.completed')}</h3>
              <EventList events={done} done />
            </>
          ) : null}
        </>
      )}
    </article>
  );
}
