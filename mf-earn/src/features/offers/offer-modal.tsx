import { useId } from 'react';
import type { Offer } from '@rewards/shared/contracts/offer-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { Modal } from '@rewards/shared/ui/modal.tsx';
import { RatingStars } from './rating-stars';
import { sanitizeHtml } from './sanitize-html';
import { useT } from '../../messages';
import { usePlayOffer } from './use-play-offer';
import offerIconUrl from './offer-icon.svg';
import styles from './offer-modal.module.css';

export type OfferModalProps = {
  offer: Offer;
  /** The rating shown; the Offers page defaults a missing one to 5. */
  rating: number;
  onClose: () => void;
};

function HtmlBlock({ html }: { html: string | null | undefined }) {
  const clean = sanitizeHtml(html);
  if (!clean) return null;
  return <div className={styles.html} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Spec §2: the offer in full, with Play and Earn. */
export function OfferModal({ offer, rating, onClose }: OfferModalProps) {
  const t = useT();
  const playOffer = usePlayOffer();
  const events = offer.events ?? [];
  const eventsTitleId = useId();
  return (
    <Modal title={offer.name} size="medium" onClose={onClose}>
      <div className={styles.summary}>
        <img className={styles.image} src={offer.image_url || offerIconUrl} alt={offer.name} width={96} height={96} />
        <div className={styles.facts}>
          <p className={styles.reward}>
            <span className={styles.rewardLabel}>{t('offer.modal.reward')}</span>
            <span className={styles.rewardValue}>{formatDollars(offer.payout)}</span>
          </p>
          <RatingStars rating={rating} showValue />
        </div>
      </div>
      <button type="button" className={`pill-button ${styles.play}`} onClick={() => playOffer(offer)} data-autofocus>
        {t('offer.modal.play')}
      </button>
      <div className={styles.descriptions}>
        <HtmlBlock html={offer.description} />
        <HtmlBlock html={offer.description2} />
        <HtmlBlock html={offer.description3} />
      </div>
      {events.length > 0 ? (
        <section className={styles.events} aria-labelledby={eventsTitleId}>
          <h3 id={eventsTitleId} className={styles.eventsTitle}>
            {t('offer.modal.rewards')}
          </h3>
          <ol className={styles.eventList}>
            {events.map((event) => (
              <li key={event.id} className={styles.event}>
                <span className={styles.eventPayout}>{formatDollars(event.payout)}</span>
                <span className={styles.eventName}>{event.name}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </Modal>
  );
}
