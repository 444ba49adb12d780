import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { StaffMe } from '@rewards/shared/contracts/admin-types';
import { errorMessage, fieldError } from '../../ui/format';
import { useSendStaffCodeMutation, useVerifyStaffCodeMutation } from './staff-session-api';
import styles from './code-step.module.css';

type Props = { staff: StaffMe; onVerified: () => void };

/**
 * The console's first step when this sign-in's second factor is missing or older than 12 hours: a code from the
 * authenticator app or from an email (a recovery code also counts). Two-factor off: how to turn it on, no code.
 */
export function CodeStep({ staff, onVerified }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.card} aria-labelledby="staff-code-step">
      <h1 id="staff-code-step" ref={heading} tabIndex={-1} className={styles.title}>
        Staff console
      </h1>
      {staff.two_factor === 'off' ? <TurnOnTwoFactor /> : <CodeForm staff={staff} onVerified={onVerified} />}
    </section>
  );
}

function TurnOnTwoFactor() {
  return (
    <>
      <p>The console needs two-factor sign-in on your account.</p>
      <p className={styles.muted}>Turn it on in Settings (the menu under your name), then open this page again.</p>
    </>
  );
}

function CodeForm({ staff, onVerified }: Props) {
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const [verify, verifying] = useVerifyStaffCodeMutation();
  const [send, sending] = useSendStaffCodeMutation();
  const ids = { code: useId(), hint: useId(), error: useId() };
  const byEmail = staff.two_factor === 'email';
  const trimmed = code.replace(/\s+/g, '');
  const missing = checked && trimmed.length === 0 ? 'Enter the code.' : undefined;
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
        {byEmail
          ? `Confirm it is you: we email a 6-digit code to ${staff.email}.`
          : 'Confirm it is you: enter the 6-digit code from your authenticator app.'}{' '}
        <span className={styles.muted}>You stay in for 12 hours.</span>
      </p>
      {byEmail ? (
        <div className={styles.send}>
          <button type="button" className="outline-button" onClick={() => void send()} disabled={sending.isLoading}>
            {sending.isLoading ? 'Sending…' : sending.isSuccess ? 'Send another code' : 'Email me a code'}
          </button>
          <p role="status" className={styles.muted}>
            {sending.isSuccess ? `Code sent to ${staff.email}.` : sending.error ? errorMessage(sending.error) : ''}
          </p>
        </div>
      ) : null}
      <div className="text-field">
        <label htmlFor={ids.code} className="text-field-label">
          Code
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
          A recovery code works too.
        </p>
        {codeError ? (
          <p id={ids.error} role="alert" className={styles.error}>
            {codeError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="pill-button" disabled={verifying.isLoading}>
        {verifying.isLoading ? 'Checking…' : 'Open the console'}
      </button>
    </form>
  );
}
