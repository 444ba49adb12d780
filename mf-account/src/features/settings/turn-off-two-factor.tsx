import { useId, useState, type FormEvent } from 'react';
import type { TwoFactorMethod } from '@rewards/shared/contracts/api-types';
import { PasswordField } from '@rewards/shared/ui/password-field.tsx';
import { CodeField, isCompleteCode } from '../../ui/code-field';
import { FormMessage } from '../../ui/form-message';
import form from '../../ui/form.module.css';
import { StepHeading } from './step-heading';
import { useT } from '../../messages';
import { useTwoFactorErrorText, useDisableTwoFactorMutation } from './two-factor-api';
import { ResendEmailCode, useTwoFactorEmailCode, type Notice } from './two-factor-email-code';
import styles from './two-factor-flow.module.css';

type Props = {
  method: TwoFactorMethod;
  /** A Google-only account has no password to give: a current code alone turns it off. */
  hasPassword: boolean;
  onTurnedOff: () => void;
  onCancel: () => void;
};

// What turning off changes and what it asks for: by whether the account has a password, and where codes come from.
const HINTS = {
  password: { totp: 'twoFactor.disable.hintPasswordApp', email: 'twoFactor.disable.hintPasswordEmail' },
  google: { totp: 'twoFactor.disable.hintGoogleApp', email: 'twoFactor.disable.hintGoogleEmail' },
} as const;

/** Turning two-factor off takes the password (if the account has one) and a current code. */
export function TurnOffTwoFactor({ method, hasPassword, onTurnedOff, onCancel }: Props) {
  const t = useT();
  const twoFactorErrorText = useTwoFactorErrorText();
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
      setNotice({ text: twoFactorErrorText(error, t('twoFactor.disable.failed')), tone: 'error' });
      setCode('');
    }
  }

  return (
    <form className={styles.step} onSubmit={submit} noValidate>
      <StepHeading>{t('twoFactor.disable.title')}</StepHeading>
      <p id={hintId} className={styles.text}>
        {t(HINTS[hasPassword ? 'password' : 'google'][method])}
      </p>
      {hasPassword ? <PasswordField label={t('common.password')} value={password} onChange={setPassword} autoComplete="current-password" /> : null}
      {codeAsked ? (
        <CodeField
          label={method === 'totp' ? t('twoFactor.disable.appCodeLabel') : t('common.codeFromEmail')}
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
          {emailCode.sending ? t('common.sending') : t('twoFactor.disable.emailMe')}
        </button>
      ) : null}
      {method === 'email' && emailCode.sent ? <ResendEmailCode sending={emailCode.sending} secondsLeft={emailCode.secondsLeft} onResend={sendCode} /> : null}
      <button type="submit" className={form.danger} disabled={isLoading || !ready}>
        {isLoading ? t('twoFactor.disable.busy') : t('twoFactor.disable.submit')}
      </button>
      <button type="button" className={form.backLink} onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </form>
  );
}
