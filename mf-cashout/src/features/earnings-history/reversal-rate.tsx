import type { ReversalRate } from '@rewards/shared/contracts/earnings-types';
import { useT } from '../../history/messages';
import { reversalRateLine, reversalRuleSentence } from './earning-labels';
import styles from './earnings-history.module.css';

/** The user's own reversal rate, and what it does: never a block, only longer holds above the rule's threshold. */
export function ReversalRateNote({ rate }: { rate: ReversalRate }) {
  const t = useT();
  return (
    <section className={`${styles.rate} ${rate.holds_longer ? styles.rateOver : ''}`} aria-label={t('earnings.rate.label')}>
      <p className={styles.rateLine}>{reversalRateLine(rate, t)}</p>
      <p className={styles.rateRule}>{reversalRuleSentence(rate, t)}</p>
      {rate.holds_longer && rate.hold_days !== null ? (
        <p className={styles.rateOverText}>{t('earnings.rate.yours', { days: rate.hold_days })}</p>
      ) : null}
    </section>
  );
}
