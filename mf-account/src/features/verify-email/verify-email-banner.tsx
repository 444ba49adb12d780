import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { useT } from '../../messages';
import { useFailureText, sanitizeCode, useResendEmailCodeMutation, useVerifyEmailMutation, VERIFY_EMAIL_CODE_LENGTH } from './verify-email-api';
import styles from './verify-email-banner.module.css';

type Notice = { kind: 'error' | 'info'; text: string } | null;

/**
 * Exposed as `mf_account/verify-email-banner`: the shell shows it above every page while the signed-in user's
 * email is not verified. The 6-digit code mailed at sign-up, Verify, and "Resend code"; once verified the user
 * answer says so and the shell takes the banner away.
 */
export default function VerifyEmailBanner() {
  const t = useT();
  const failureMessage = useFailureText();
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
      setNotice({ kind: 'info', text: t('verifyEmail.verified') });
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error) });
    }
  }

  async function sendAnother() {
    setNotice(null);
    try {
      await resend().unwrap();
      setCode('');
      setNotice({ kind: 'info', text: t('verifyEmail.resent') });
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
            {t('verifyEmail.title')}
          </h2>
          <p className={styles.text}>
            {email
              ? t.rich('verifyEmail.text', { email, strong: (chunks: ReactNode[]) => <strong className={styles.email}>{chunks}</strong> })
              : t('verifyEmail.textNoEmail')}
          </p>
        </div>
        <form className={styles.form} onSubmit={submit} noValidate>
          <label htmlFor={inputId} className={styles.label}>
            {t('common.verificationCode')}
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
            {verifying ? t('common.verifying') : t('common.verify')}
          </button>
          <button type="button" className={styles.resend} onClick={sendAnother} disabled={resending}>
            {resending ? t('common.sending') : t('common.resendCode')}
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
