import type { ReversalRate } from '@rewards/shared/contracts/earnings-types';
import { reversalRateLine, reversalRuleSentence } from './earning-labels';
import styles from './earnings-history.module.css';

/** The user's own reversal rate, and what it does: never a block, only longer holds above the rule's threshold. */
export function ReversalRateNote({ rate }: { rate: ReversalRate }) {
  return (
    <section className={`${styles.rate} ${rate.holds_longer ? styles.rateOver : ''}`} aria-label="Your reversal rate">
      <p className={styles.rateLine}>{reversalRateLine(rate)}</p>
      <p className={styles.rateRule}>{reversalRuleSentence(rate)}</p>
      {rate.holds_longer && rate.hold_days !== null ? (
        <p className={styles.rateOverText}>Yours is above it now: new credits are held {rate.hold_days} days.</p>
      ) : null}
    </section>
  );
}
