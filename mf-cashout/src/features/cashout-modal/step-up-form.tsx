import { useId, useRef, useState, type FormEvent } from 'react';
import type { TwoFactorMethod } from '@rewards/shared/contracts/api-types';
import type { CashoutRequest, CashoutResult } from '@rewards/shared/contracts/cashout-types';
import { OTP_LENGTH } from '@rewards/shared/constants';
import { formatDollars } from '@rewards/shared/rules/money';
import { useApiErrorText } from '@rewards/shared/translate/api-errors';
import { useT } from '../../messages';
import { cashoutErrorMessage } from './cashout-errors';
import { STEP_UP_TEXT, isCompleteStepUpCode, sanitizeStepUpCode } from './step-up-code';
import type { useCashoutSubmission } from './use-cashout-submission';
import styles from './cashout-modal.module.css';

type Props = {
  method: TwoFactorMethod;
  /** The cashout the server asked a code for, sent again as it was with `step_up_code`. */
  request: CashoutRequest;
  submission: ReturnType<typeof useCashoutSubmission>;
  onSuccess: (result: CashoutResult) => void;
  /** Back to the form, to change the cashout (or send it again for a new emailed code). */
  onBack: () => void;
};

/** The code step before a risky cashout is booked (issue 31). */
export function StepUpForm({ method, request, submission, onSuccess, onBack }: Props) {
  const ids = useId();
  const codeId = `${ids}-code`;
  const textId = `${ids}-text`;
  const errorId = `${ids}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const t = useT();
  const errorText = useApiErrorText();
  // The refusal itself, worded when shown: a language switch words it again.
  const [error, setError] = useState<{ refusal: unknown } | null>(null);
  // A second step-up answer (a new code was emailed) moves to the method it names.
  const [asked, setAsked] = useState(method);
  const { submit, sending } = submission;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || !isCompleteStepUpCode(code)) return;
    setError(null);
    const outcome = await submit({ ...request, step_up_code: code });
    if (outcome.ok) {
      onSuccess(outcome.result);
      return;
    }
    if (outcome.code === 'step_up_required' && outcome.method) setAsked(outcome.method);
    setError({ refusal: outcome.error });
    setCode('');
    inputRef.current?.focus();
  }

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <div className={styles.stepUp}>
        <p id={textId} className={styles.stepUpText}>
          {t(STEP_UP_TEXT[asked])}
        </p>
        <p className={styles.stepUpCashout}>
          {request.account
            ? t('cashout.stepUp.cashoutTo', { amount: formatDollars(request.amount), account: request.account })
            : formatDollars(request.amount)}
        </p>
      </div>
      <div className="text-field">
        <label htmlFor={codeId} className="text-field-label">
          {t('cashout.stepUp.code')}
        </label>
        <input
          ref={inputRef}
          id={codeId}
          className={`text-field-input ${styles.code}`}
          value={code}
          onChange={(event) => setCode(sanitizeStepUpCode(event.target.value))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`\\d{${OTP_LENGTH}}`}
          maxLength={OTP_LENGTH}
          placeholder="••••••"
          required
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${textId} ${errorId}` : textId}
        />
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {cashoutErrorMessage(error.refusal, errorText, t('cashout.error.generic'))}
        </p>
      ) : null}
      <button type="submit" className={`pill-button ${styles.submit}`} disabled={sending || !isCompleteStepUpCode(code)} aria-busy={sending || undefined}>
        {sending ? t('cashout.stepUp.sending') : t('cashout.stepUp.submit')}
      </button>
      <button type="button" className={styles.back} onClick={onBack} disabled={sending}>
        {t('cashout.stepUp.back')}
      </button>
    </form>
  );
}
