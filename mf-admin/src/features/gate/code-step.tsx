import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { StaffMe } from '@rewards/shared/contracts/admin-types';
import { useT } from '../../messages';
import { useErrorText } from '../../ui/format';
import { useSendStaffCodeMutation, useVerifyStaffCodeMutation } from './staff-session-api';
import styles from './code-step.module.css';

type Props = { staff: StaffMe; onVerified: () => void };

/**
 * The console's first step when this sign-in's second factor is missing or older than 12 hours: a code from the
 * authenticator app or from an email (a recovery code also counts). Two-factor off: how to turn it on, no code.
 */
export function CodeStep({ staff, onVerified }: Props) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.card} aria-labelledby="staff-code-step">
      <h1 id="staff-code-step" ref={heading} tabIndex={-1} className={styles.title}>
        {t('admin.console.title')}
      </h1>
      {staff.two_factor === 'off' ? <TurnOnTwoFactor /> : <CodeForm staff={staff} onVerified={onVerified} />}
    </section>
  );
}

function TurnOnTwoFactor() {
  const t = useT();
  return (
    <>
      <p>{t('admin.code.twoFactorOff')}</p>
      <p className={styles.muted}>{t('admin.code.twoFactorHow')}</p>
    </>
  );
}

function CodeForm({ staff, onVerified }: Props) {
  const t = useT();
  const { errorMessage, fieldError } = useErrorText();
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const [verify, verifying] = useVerifyStaffCodeMutation();
  const [send, sending] = useSendStaffCodeMutation();
  const ids = { code: useId(), hint: useId(), error: useId() };
  const byEmail = staff.two_factor === 'email';
  const trimmed = code.replace(/\s+/g, '');
  const missing = checked && trimmed.length === 0 ? t('admin.code.missing') : undefined;
  const codeError = missing ?? (verifying.error ? (fieldError(verifying.error, 'code') ?? errorMessage(verifying.error)) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!trimmed || verifying.isLoading) return;
    const result = await verify({ code: trimmed });
    if ('data' in result) onVerified();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>
        {byEmail ? t('admin.code.byEmail', { email: staff.email }) : t('admin.code.byApp')}{' '}
        <span className={styles.muted}>{t('admin.code.stay')}</span>
      </p>
      {byEmail ? (
        <div className={styles.send}>
          <button type="button" className="outline-button" onClick={() => void send()} disabled={sending.isLoading}>
            {sending.isLoading ? t('admin.code.sending') : sending.isSuccess ? t('admin.code.sendAnother') : t('admin.code.emailMe')}
          </button>
          <p role="status" className={styles.muted}>
            {sending.isSuccess ? t('admin.code.sent', { email: staff.email }) : sending.error ? errorMessage(sending.error) : ''}
          </p>
        </div>
      ) : null}
      <div className="text-field">
        <label htmlFor={ids.code} className="text-field-label">
          {t('admin.code.label')}
        </label>
        <input
          id={ids.code}
          className={`text-field-input ${styles.code}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={`${ids.hint}${codeError ? ` ${ids.error}` : ''}`}
          autoFocus={!byEmail}
        />
        <p id={ids.hint} className={styles.muted}>
          {t('admin.code.hint')}
        </p>
        {codeError ? (
          <p id={ids.error} role="alert" className={styles.error}>
            {codeError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="pill-button" disabled={verifying.isLoading}>
        {verifying.isLoading ? t('admin.code.checking') : t('admin.code.submit')}
      </button>
    </form>
  );
}
