import { useId, useState, type FormEvent } from 'react';
import { Modal } from '@rewards/shared/ui/modal.tsx';
import { useT } from '../messages';
import { isDollarAmount, REASON_MAX_LENGTH, useErrorText } from './format';
import styles from './reason-dialog.module.css';

export type ReasonValues = { reason: string; amount: string; reference: string };

type Props = {
  title: string;
  /** One line under the title: what happens, and to whom. */
  lead?: string;
  confirmLabel: string;
  busyLabel: string;
  /** Says where the reason goes (e.g. "Shown to the user."). */
  reasonHint?: string;
  /** A reply or a replay may go without one (ops asks none). */
  reasonOptional?: boolean;
  /** Asks for a dollar amount too (a credit, an accepted ticket), prefilled with `initialAmount`. */
  amount?: { label: string; initial?: string };
  /** Asks for the provider's reference (a cashout paid by hand); optional. */
  reference?: { label: string };
  /** Does the change; throws the API's error when refused (shown here, the dialog stays open). */
  onSubmit: (values: ReasonValues) => Promise<unknown>;
  onClose: () => void;
  /** After a change went through, with its result. */
  onDone?: (result: unknown) => void;
  danger?: boolean;
};

/**
 * The one way the console asks for a reason before a change (kept in the audit log with the staff member's
 * email): a dialog that keeps focus, closes on Escape, and stays open with the server's refusal shown when
 * the change did not go through.
 */
export function ReasonDialog(props: Props) {
  const t = useT();
  const { errorMessage, fieldError } = useErrorText();
  const { title, lead, confirmLabel, busyLabel, reasonHint, reasonOptional = false, amount, reference, onSubmit, onClose, onDone, danger = false } = props;
  const [values, setValues] = useState<ReasonValues>({ reason: '', amount: amount?.initial ?? '', reference: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [checked, setChecked] = useState(false);
  const ids = { reason: useId(), hint: useId(), reasonError: useId(), amount: useId(), amountError: useId(), reference: useId(), failure: useId() };

  const reason = values.reason.trim();
  const reasonProblem =
    !reasonOptional && reason.length === 0
      ? t('admin.reason.missing')
      : reason.length > REASON_MAX_LENGTH
        ? t('admin.reason.tooLong', { max: REASON_MAX_LENGTH })
        : undefined;
  const amountProblem = amount && !isDollarAmount(values.amount) ? t('admin.reason.amountInvalid') : undefined;
  const reasonMessage = (checked ? reasonProblem : undefined) ?? fieldError(error, 'reason');
  const amountMessage = (checked ? amountProblem : undefined) ?? fieldError(error, 'amount');
  const failure = error && !fieldError(error, 'reason') && !fieldError(error, 'amount') ? errorMessage(error) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (reasonProblem || amountProblem || busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await onSubmit({ reason, amount: values.amount.trim(), reference: values.reference.trim() });
      onClose();
      onDone?.(result);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

  const set = (field: keyof ReasonValues) => (text: string) => setValues((current) => ({ ...current, [field]: text }));

  return (
    <Modal title={title} lead={lead} onClose={busy ? () => undefined : onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {amount ? (
          <div className="text-field">
            <label htmlFor={ids.amount} className="text-field-label">
              {amount.label}
            </label>
            <input
              id={ids.amount}
              className="text-field-input"
              inputMode="decimal"
              autoComplete="off"
              value={values.amount}
              onChange={(event) => set('amount')(event.target.value)}
              aria-invalid={amountMessage ? true : undefined}
              aria-describedby={amountMessage ? ids.amountError : undefined}
              data-autofocus
            />
            {amountMessage ? (
              <p id={ids.amountError} className={styles.fieldError}>
                {amountMessage}
              </p>
            ) : null}
          </div>
        ) : null}
        {reference ? (
          <div className="text-field">
            <label htmlFor={ids.reference} className="text-field-label">
              {reference.label}
            </label>
            <input id={ids.reference} className="text-field-input" autoComplete="off" maxLength={200} value={values.reference} onChange={(event) => set('reference')(event.target.value)} />
          </div>
        ) : null}
        <div className="text-field">
          <label htmlFor={ids.reason} className="text-field-label">
            {reasonOptional ? t('admin.reason.labelOptional') : t('admin.reason.label')}
          </label>
          <textarea
            id={ids.reason}
            className="text-field-input"
            rows={3}
            value={values.reason}
            onChange={(event) => set('reason')(event.target.value)}
            required={!reasonOptional}
            aria-invalid={reasonMessage ? true : undefined}
            aria-describedby={[reasonHint ? ids.hint : '', reasonMessage ? ids.reasonError : ''].filter(Boolean).join(' ') || undefined}
            data-autofocus={amount ? undefined : true}
          />
          {reasonHint ? (
            <p id={ids.hint} className={styles.hint}>
              {reasonHint}
            </p>
          ) : null}
          {reasonMessage ? (
            <p id={ids.reasonError} className={styles.fieldError}>
              {reasonMessage}
            </p>
          ) : null}
        </div>
        {failure ? (
          <p id={ids.failure} role="alert" className={styles.failure}>
            {failure}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className="outline-button" onClick={onClose} disabled={busy}>
            {t('admin.reason.cancel')}
          </button>
          <button type="submit" className={danger ? `pill-button ${styles.danger}` : 'pill-button'} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
