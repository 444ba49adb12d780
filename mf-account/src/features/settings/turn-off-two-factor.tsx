import { useId, useState, type FormEvent } from 'react';
import type { TwoFactorMethod } from '@rewards/shared/contracts/api-types';
import { PasswordField } from '@rewards/shared/ui/password-field.tsx';
import { CodeField, isCompleteCode } from '../../ui/code-field';
import { FormMessage } from '../../ui/form-message';
import form from '../../ui/form.module.css';
import { StepHeading } from './step-heading';
import { twoFactorErrorMessage, useDisableTwoFactorMutation } from './two-factor-api';
import { ResendEmailCode, useTwoFactorEmailCode, type Notice } from './two-factor-email-code';
import styles from './two-factor-flow.module.css';

type Props = {
  method: TwoFactorMethod;
  /** A Google-only account has no password to give: a current code alone turns it off. */
  hasPassword: boolean;
  onTurnedOff: () => void;
  onCancel: () => void;
};

/** Turning two-factor off takes the password (if the account has one) and a current code. */
export function TurnOffTwoFactor({ method, hasPassword, onTurnedOff, onCancel }: Props) {
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const emailCode = useTwoFactorEmailCode();
  const hintId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const codeAsked = method === 'totp' || emailCode.sent;
  const ready = (!hasPassword || password.length > 0) && isCompleteCode(code);

  async function sendCode() {
    setNotice(null);
    setNotice(await emailCode.sendCode());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || isLoading) return;
    setNotice(null);
    try {
      await disable(hasPassword ? { password, code } : { code }).unwrap();
      onTurnedOff();
    } catch (error) {
      setNotice({ text: twoFactorErrorMessage(error, 'Two-factor authentication could not be turned off. Please try again.'), tone: 'error' });
      setCode('');
    }
  }

  const codeSource = method === 'totp' ? 'a code from your authenticator app' : 'a code we email you';
  return (
    <form className={styles.step} onSubmit={submit} noValidate>
      <StepHeading>Turn off two-factor authentication</StepHeading>
      <p id={hintId} className={styles.text}>
        {hasPassword ? 'Signing in will ask for your password only.' : 'Signing in with Google will not ask for a code any more.'} To confirm, enter{' '}
        {hasPassword ? `your password and ${codeSource}` : codeSource}.
      </p>
      {hasPassword ? <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" /> : null}
      {codeAsked ? (
        <CodeField
          label={method === 'totp' ? 'Code from your authenticator app' : 'Code from the email'}
          value={code}
          onChange={setCode}
          describedBy={hintId}
          invalid={notice?.tone === 'error'}
          // The field that just appeared is where the user goes next.
          autoFocusHere={method === 'email'}
        />
      ) : null}
      <FormMessage message={notice?.text ?? null} tone={notice?.tone} />
      {method === 'email' && !emailCode.sent ? (
        <button type="button" className={`outline-button ${form.secondary}`} onClick={sendCode} disabled={emailCode.sending}>
          {emailCode.sending ? 'Sending...' : 'Email me a code'}
        </button>
      ) : null}
      {method === 'email' && emailCode.sent ? <ResendEmailCode sending={emailCode.sending} secondsLeft={emailCode.secondsLeft} onResend={sendCode} /> : null}
      <button type="submit" className={form.danger} disabled={isLoading || !ready}>
        {isLoading ? 'Turning off...' : 'Turn off two-factor'}
      </button>
      <button type="button" className={form.backLink} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
