import { useId, useState } from 'react';
import type { CashoutResult } from '@rewards/shared/contracts/cashout-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { ModalCloseButton, ModalFrame } from '@rewards/shared/ui/modal-frame.tsx';
import { useT } from '../../messages';
import { SLOT, SlotText } from '../../ui/slot-text';
import type { PayoutMethod } from '../payout-methods';
import { CashoutForm } from './cashout-form';
import { CashoutSuccess } from './cashout-success';
import styles from './cashout-modal.module.css';

type Props = {
  method: PayoutMethod;
  /** Dollars, as the stats give it. */
  balance: string;
  onClose: () => void;
};

/** The cashout modal of spec §2/§4: a form for the chosen method, then the success screen. */
export function CashoutModal({ method, balance, onClose }: Props) {
  const t = useT();
  const title = t(method.titleKey);
  const titleId = useId();
  const [result, setResult] = useState<CashoutResult | null>(null);

  return (
    <ModalFrame labelledBy={titleId} onClose={onClose} backdropClassName={styles.backdrop} dialogClassName={styles.dialog}>
      <ModalCloseButton className={styles.close} onClose={onClose}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </ModalCloseButton>
      {result ? (
        <CashoutSuccess result={result} titleId={titleId} onDone={onClose} />
      ) : (
        <>
          <header className={styles.header}>
            <img className={styles.logo} src={method.logo} alt={t('cashout.methods.logo', { method: title })} width={160} height={100} />
            <div className={styles.heading}>
              <h2 id={titleId} className={styles.title}>
                {t('cashout.modal.title', { method: title })}
              </h2>
              <p className={styles.facts}>
                <span>
                  <SlotText text={t('cashout.modal.minimum', { amount: SLOT })}>
                    <strong className="money">{formatDollars(method.minimum)}</strong>
                  </SlotText>
                </span>
                <span>
                  <SlotText text={t('cashout.modal.balance', { amount: SLOT })}>
                    <strong className="money">{formatDollars(balance)}</strong>
                  </SlotText>
                </span>
              </p>
            </div>
          </header>
          <p className={styles.description}>{t(method.descriptionKey)}</p>
          <CashoutForm method={method} balance={balance} onSuccess={setResult} />
        </>
      )}
    </ModalFrame>
  );
}
