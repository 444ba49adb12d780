import { useId, useState, type FormEvent } from 'react';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { failureMessage, sanitizeCode, useResendEmailCodeMutation, useVerifyEmailMutation, VERIFY_EMAIL_CODE_LENGTH } from './verify-email-api';
import styles from './verify-email-banner.module.css';

type Notice = { kind: 'error' | 'info'; text: string } | null;

/**
 * Exposed as `mf_account/verify-email-banner`: the shell shows it above every page while the signed-in user's
 * email is not verified. The 6-digit code mailed at sign-up, Verify, and "Resend code"; once verified the user
 * answer says so and the shell takes the banner away.
 */
export default function VerifyEmailBanner() {
  const email = useAppSelector(selectUser)?.email;
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [verify, { isLoading: verifying }] = useVerifyEmailMutation();
  const [resend, { isLoading: resending }] = useResendEmailCodeMutation();
  const titleId = useId();
  const inputId = useId();
  const noticeId = useId();
  const complete = code.length === VERIFY_EMAIL_CODE_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || verifying) return;
    setNotice(null);
    try {
      await verify({ code }).unwrap();
      setNotice({ kind: 'info', text: 'Email verified.' });
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error) });
    }
  }

  async function sendAnother() {
    setNotice(null);
    try {
      const { message } = await resend().unwrap();
      setCode('');
      setNotice({ kind: 'info', text: message });
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error) });
    }
  }

  const error = notice?.kind === 'error';
  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <div className={styles.inner}>
        <div className={styles.copy}>
          <h2 id={titleId} className={styles.title}>
            Verify your email
          </h2>
          <p className={styles.text}>
            Enter the 6-digit code we sent to {email ? <strong className={styles.email}>{email}</strong> : 'your email'}. Your first cashout needs a
            verified email.
          </p>
        </div>
        <form className={styles.form} onSubmit={submit} noValidate>
          <label htmlFor={inputId} className={styles.label}>
            Verification code
          </label>
          <input
            id={inputId}
            className={`text-field-input ${styles.code}`}
            value={code}
            onChange={(event) => setCode(sanitizeCode(event.target.value))}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern={`\\d{${VERIFY_EMAIL_CODE_LENGTH}}`}
            maxLength={VERIFY_EMAIL_CODE_LENGTH}
            placeholder="••••••"
            aria-invalid={error || undefined}
            aria-describedby={notice ? noticeId : undefined}
          />
          <button type="submit" className={`pill-button ${styles.verify}`} disabled={!complete || verifying}>
            {verifying ? 'Verifying...' : 'Verify'}
          </button>
          <button type="button" className={styles.resend} onClick={sendAnother} disabled={resending}>
            {resending ? 'Sending...' : 'Resend code'}
          </button>
        </form>
        {/* Always in the page, so screen readers announce what appears in it. */}
        <p id={noticeId} className={error ? styles.error : styles.info} role={error ? 'alert' : 'status'}>
          {notice?.text}
        </p>
      </div>
    </section>
  );
}
