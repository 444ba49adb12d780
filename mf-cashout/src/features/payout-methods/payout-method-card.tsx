import { formatDollars } from '@rewards/shared/rules/money';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import { useT } from '../../messages';
import { SLOT, aroundSlot } from '../../ui/slot-text';
import type { PayoutMethod } from './payout-methods';
import { dollarsToMinimum, progressDelayMs, progressPercent } from './progress';
import styles from './payout-method-card.module.css';

type Props = {
  method: PayoutMethod;
  /** Dollars, as the stats give it. */
  balance: string;
  /** Position in the list, for the staggered animation. */
  index: number;
  /** The bars fill once the stats have answered. */
  revealed: boolean;
  onChoose: (method: PayoutMethod) => void;
};

/** One payout method of spec §2: name, image, balance, minimum and the progress towards the minimum. */
export function PayoutMethodCard({ method, balance, index, revealed, onChoose }: Props) {
  const t = useT();
  const title = t(method.titleKey);
  // The name shows; the rest of "Cash out with PayPal" is for screen readers, in the language's word order.
  const [before, after] = aroundSlot(t('cashout.modal.title', { method: SLOT }));
  const percent = progressPercent(balance, method.minimum);
  const missing = dollarsToMinimum(balance, method.minimum);
  return (
    <article className={styles.card}>
      <img className={styles.logo} src={method.logo} alt={t('cashout.methods.logo', { method: title })} width={160} height={100} />
      <h3 className={styles.name}>
        {/* The button covers the whole card (::after), so a press anywhere chooses the method. */}
        <button type="button" className={styles.choose} onClick={() => onChoose(method)}>
          {before ? <span className={visuallyHidden}>{before}</span> : null}
          {title}
          {after ? <span className={visuallyHidden}>{after}</span> : null}
        </button>
      </h3>
      <dl className={styles.figures}>
        <div>
          <dt>{t('cashout.card.balance')}</dt>
          <dd className="money">{formatDollars(balance)}</dd>
        </div>
        <div>
          <dt>{t('cashout.card.minimum')}</dt>
          <dd className="money">{formatDollars(method.minimum)}</dd>
        </div>
      </dl>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={t('cashout.card.progress', { method: title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        {revealed ? (
          <span
            className={percent >= 100 ? `${styles.fill} ${styles.full}` : styles.fill}
            style={{ width: `${percent}%`, animationDelay: `${progressDelayMs(index)}ms` }}
          />
        ) : null}
      </div>
      <p className={percent >= 100 ? `${styles.status} ${styles.ready}` : styles.status}>
        {percent >= 100 ? t('cashout.card.ready') : t('cashout.card.toGo', { amount: formatDollars(missing) })}
      </p>
    </article>
  );
}
