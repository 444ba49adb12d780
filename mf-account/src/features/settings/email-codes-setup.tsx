import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CodeField, isCompleteCode } from '../../ui/code-field';
import { FormMessage } from '../../ui/form-message';
import form from '../../ui/form.module.css';
import { StepHeading } from './step-heading';
import { useT } from '../../messages';
import { useTwoFactorErrorText, useEnableEmailCodesMutation } from './two-factor-api';
import { ResendEmailCode, useTwoFactorEmailCode, type Notice } from './two-factor-email-code';
import styles from './two-factor-flow.module.css';

type Props = { email: string; onEnabled: () => void; onCancel: () => void };

/** Email codes: a code sent now, typed back, turns them on for every sign-in. */
export function EmailCodesSetup({ email, onEnabled, onCancel }: Props) {
  const t = useT();
  const twoFactorErrorText = useTwoFactorErrorText();
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
      setNotice({ text: twoFactorErrorText(error, t('common.invalidCode')), tone: 'error' });
      setCode('');
    }
  }

  return (
    <div className={styles.step}>
      <StepHeading>{t('twoFactor.email.title')}</StepHeading>
      <p id={hintId} className={styles.text}>
        {t.rich('twoFactor.email.text', { email, strong: (chunks: ReactNode[]) => <strong className={styles.email}>{chunks}</strong> })}
      </p>
      {emailCode.sent ? (
        <form className={styles.stepForm} onSubmit={submit} noValidate>
          <CodeField label={t('common.codeFromEmail')} value={code} onChange={setCode} describedBy={hintId} invalid={notice?.tone === 'error'} autoFocusHere />
          <FormMessage message={notice?.text ?? null} tone={notice?.tone} />
          <button type="submit" className={`pill-button ${form.primary}`} disabled={isLoading || !isCompleteCode(code)}>
            {isLoading ? t('common.turningOn') : t('common.turnOn')}
          </button>
          <ResendEmailCode sending={emailCode.sending} secondsLeft={emailCode.secondsLeft} onResend={sendCode} />
        </form>
      ) : (
        <>
          <FormMessage message={notice?.text ?? null} tone={notice?.tone} />
          <button type="button" className={`pill-button ${form.primary}`} onClick={sendCode} disabled={emailCode.sending}>
            {emailCode.sending ? t('common.sending') : t('twoFactor.email.send')}
          </button>
        </>
      )}
      <button type="button" className={form.backLink} onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
