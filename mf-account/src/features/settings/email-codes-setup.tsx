import { useId, useState, type FormEvent } from 'react';
import { CodeField, isCompleteCode } from '../../ui/code-field';
import { FormMessage } from '../../ui/form-message';
import form from '../../ui/form.module.css';
import { StepHeading } from './step-heading';
import { twoFactorErrorMessage, useEnableEmailCodesMutation } from './two-factor-api';
import { ResendEmailCode, useTwoFactorEmailCode, type Notice } from './two-factor-email-code';
import styles from './two-factor-flow.module.css';

type Props = { email: string; onEnabled: () => void; onCancel: () => void };

/** Email codes: a code sent now, typed back, turns them on for every sign-in. */
export function EmailCodesSetup({ email, onEnabled, onCancel }: Props) {
  const emailCode = useTwoFactorEmailCode();
  const [enable, { isLoading }] = useEnableEmailCodesMutation();
  const hintId = useId();
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);

  async function sendCode() {
    setNotice(null);
    setNotice(await emailCode.sendCode());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code) || isLoading) return;
    setNotice(null);
    try {
      await enable({ code }).unwrap();
      onEnabled();
    } catch (error) {
      setNotice({ text: twoFactorErrorMessage(error, 'Invalid code.'), tone: 'error' });
      setCode('');
    }
  }

  return (
    <div className={styles.step}>
      <StepHeading>Turn on email codes</StepHeading>
      <p id={hintId} className={styles.text}>
        At each sign-in we will email a 6-digit code to <strong className={styles.email}>{email}</strong>. To turn this on, enter the code we send you now.
      </p>
      {emailCode.sent ? (
        <form className={styles.stepForm} onSubmit={submit} noValidate>
          <CodeField label="Code from the email" value={code} onChange={setCode} describedBy={hintId} invalid={notice?.tone === 'error'} autoFocusHere />
          <FormMessage message={notice?.text ?? null} tone={notice?.tone} />
          <button type="submit" className={`pill-button ${form.primary}`} disabled={isLoading || !isCompleteCode(code)}>
            {isLoading ? 'Turning on...' : 'Turn on'}
          </button>
          <ResendEmailCode sending={emailCode.sending} secondsLeft={emailCode.secondsLeft} onResend={sendCode} />
        </form>
      ) : (
        <>
          <FormMessage message={notice?.text ?? null} tone={notice?.tone} />
          <button type="button" className={`pill-button ${form.primary}`} onClick={sendCode} disabled={emailCode.sending}>
            {emailCode.sending ? 'Sending...' : 'Send code'}
          </button>
        </>
      )}
      <button type="button" className={form.backLink} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
