import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TwoFactorMethod } from '@rewards/shared/contracts/api-types';
import type { CashoutRequest, CashoutResult } from '@rewards/shared/contracts/cashout-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { useApiErrorText } from '@rewards/shared/translate/api-errors';
import { useT } from '../../messages';
import { formatDecimal } from '../../ui/format-number';
import type { PayoutMethod } from '../payout-methods';
import { cashoutErrorMessage } from './cashout-errors';
import { cashoutProblemText, validateCashout, toCashoutRequest, type CashoutProblem } from './cashout-validation';
import { useCashoutSubmission } from './use-cashout-submission';
import styles from './cashout-modal.module.css';

// Only risky cashouts ask for a code: the step's code loads when it is needed.
const StepUpForm = lazy(() => import('./step-up-form').then((module) => ({ default: module.StepUpForm })));

type Props = {
  method: PayoutMethod;
  /** Dollars, as the stats give it. */
  balance: string;
  onSuccess: (result: CashoutResult) => void;
};

/** What the form shows under its fields, kept as what went wrong so it is worded in the page's current language. */
type FormError = CashoutProblem | { field: null; error: unknown; emailUnverified: boolean };

/** A risky cashout the server wants a code for before booking it. */
type StepUp = { method: TwoFactorMethod; request: CashoutRequest };

/** The account and amount of a cashout (spec §2, §5), sent once valid. */
export function CashoutForm({ method, balance, onSuccess }: Props) {
  const t = useT();
  const errorText = useApiErrorText();
  const ids = useId();
  const accountId = `${ids}-account`;
  const amountId = `${ids}-amount`;
  const errorId = `${ids}-error`;
  const accountRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [stepUp, setStepUp] = useState<StepUp | null>(null);
  const submission = useCashoutSubmission();
  const { submit, sending } = submission;
  const leftStepUp = useRef(false);

  // Back from the code step the fields are there again, with what was typed: the focus goes to the first.
  useEffect(() => {
    if (stepUp) leftStepUp.current = true;
    else if (leftStepUp.current) accountRef.current?.focus();
  }, [stepUp]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const problem = validateCashout(method, account, amount);
    if (problem) {
      setError(problem);
      (problem.field === 'account' ? accountRef : amountRef).current?.focus();
      return;
    }
    setError(null);
    const request = toCashoutRequest(method, account, amount);
    const outcome = await submit(request);
    if (outcome.ok) onSuccess(outcome.result);
    else if (outcome.code === 'step_up_required') setStepUp({ method: outcome.method ?? 'email', request });
    else setError({ field: null, error: outcome.error, emailUnverified: outcome.code === 'email_unverified' });
  }

  if (stepUp) {
    return (
      <Suspense fallback={<p className={styles.description}>{t('cashout.form.loading')}</p>}>
        <StepUpForm method={stepUp.method} request={stepUp.request} submission={submission} onSuccess={onSuccess} onBack={() => setStepUp(null)} />
      </Suspense>
    );
  }

  const describedBy = (field: FormError['field']) => (error && error.field === field ? errorId : undefined);
  const errorMessage = !error
    ? null
    : error.field === null
      ? cashoutErrorMessage(error.error, errorText, t('cashout.error.generic'))
      : cashoutProblemText(error, method, t);

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <div className="text-field">
        <label htmlFor={accountId} className="text-field-label">
          {t(method.accountKey)}
        </label>
        <input
          ref={accountRef}
          id={accountId}
          className="text-field-input"
          type={method.accountKind === 'email' ? 'email' : 'text'}
          autoComplete={method.accountKind === 'email' ? 'email' : 'off'}
          spellCheck={false}
          required={method.requiresAccount}
          value={account}
          onChange={(event) => setAccount(event.target.value)}
          aria-invalid={error?.field === 'account' || undefined}
          aria-describedby={describedBy('account')}
          data-autofocus
        />
      </div>
      <div className="text-field">
        <div className={styles.labelRow}>
          <label htmlFor={amountId} className="text-field-label">
            {t('cashout.form.amount.label')}
          </label>
          <button
            type="button"
            className={styles.max}
            onClick={() => setAmount(balance)}
            aria-label={t('cashout.form.max.label', { amount: formatDollars(balance) })}
          >
            {t('cashout.form.max')}
          </button>
        </div>
        <div className={styles.amountBox}>
          <span className={styles.currency} aria-hidden="true">
            $
          </span>
          <input
            ref={amountRef}
            id={amountId}
            className={`text-field-input ${styles.amountInput} money`}
            type="number"
            inputMode="decimal"
            step={0.01}
            min={method.minimum}
            placeholder={formatDecimal(method.minimum, 2)}
            required
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={error?.field === 'amount' || undefined}
            aria-describedby={describedBy('amount')}
          />
        </div>
      </div>
      {error?.field === null && error.emailUnverified ? (
        <div id={errorId} className={styles.emailUnverified} role="alert">
          <p className={styles.emailUnverifiedTitle}>{errorMessage}</p>
          <p>{t('cashout.error.emailUnverifiedHint')}</p>
        </div>
      ) : error ? (
        <p id={errorId} className={styles.error} role="alert">
          {errorMessage}
        </p>
      ) : null}
      <button type="submit" className={`pill-button ${styles.submit}`} disabled={sending} aria-busy={sending || undefined}>
        {sending ? t('cashout.form.sending') : t('cashout.form.submit')}
      </button>
    </form>
  );
}
