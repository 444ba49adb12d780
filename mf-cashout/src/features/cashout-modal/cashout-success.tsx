import { useEffect, useRef } from 'react';
import { SUCCESS_MODAL_MS } from '@rewards/shared/constants';
import { CASHOUT_SUBMITTED_MESSAGE, type CashoutResult } from '@rewards/shared/contracts/cashout-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { useT } from '../../messages';
import { CASHOUT_STATUS_LABELS } from './cashout-status-labels';
import styles from './cashout-modal.module.css';

type Props = { result: CashoutResult; titleId: string; onDone: () => void };

/** Spec §2/§4: the server's message, the new balance and the status, for 3 s; then the modal closes. */
export function CashoutSuccess({ result, titleId, onDone }: Props) {
  const t = useT();
  const status = result.data.cashout.status;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  });

  useEffect(() => {
    // The form that had focus is gone: keep focus inside the dialog, where Escape still closes it.
    headingRef.current?.focus();
    const timer = window.setTimeout(() => doneRef.current(), SUCCESS_MODAL_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className={styles.success}>
      <span className={styles.successBadge} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="3">
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.title}>
        {t('cashout.success.title')}
      </h2>
      {/* The server's message; its usual one (the spec's English) in the page's language. */}
      <p className={styles.successMessage}>{result.message === CASHOUT_SUBMITTED_MESSAGE ? t('cashout.success.submitted') : result.message}</p>
      <dl className={styles.receipt}>
        <div>
          <dt>{t('cashout.success.newBalance')}</dt>
          <dd className="money">{formatDollars(result.data.new_balance)}</dd>
        </div>
        <div>
          <dt>{t('cashout.success.status')}</dt>
          <dd>
            <span className={styles.status}>{status in CASHOUT_STATUS_LABELS ? t(CASHOUT_STATUS_LABELS[status]) : status}</span>
          </dd>
        </div>
      </dl>
      <button type="button" className={`pill-button ${styles.submit}`} onClick={onDone}>
        {t('cashout.success.done')}
      </button>
    </div>
  );
}
