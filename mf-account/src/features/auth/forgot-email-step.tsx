import { useState, type FormEvent } from 'react';
import { FORGOT_TO_OTP_MS } from '@rewards/shared/constants';
import { EmailField } from '../../ui/email-field';
import { FormMessage } from '../../ui/form-message';
import { useTimeouts } from '../../ui/use-timeouts';
import form from '../../ui/form.module.css';
import { callFailure, useForgotPasswordMutation } from './auth-api';
import { useT } from '../../messages';
import { useRecoveryErrorText } from './password-recovery';

type Props = {
  email: string;
  onEmailChange: (email: string) => void;
  /** The code is on its way: on to the OTP step. */
  onCodeSent: () => void;
};

/** Forgot Password: asks for a reset code; after the success message, moves on in 2 s (spec §4). */
export function ForgotEmailStep({ email, onEmailChange, onCodeSent }: Props) {
  const t = useT();
  const recoveryErrorText = useRecoveryErrorText();
  const [forgotPassword] = useForgotPasswordMutation();
  const later = useTimeouts();
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [busy, setBusy] = useState(false);
  // After the success message the form waits for the next step; it cannot be sent twice.
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await forgotPassword({ email: email.trim() }).unwrap();
      // Our words, not the answer's: they come in the page's language.
      setMessage({ text: t('auth.forgot.sent'), tone: 'success' });
      setBusy(false);
      setDone(true);
      later(onCodeSent, FORGOT_TO_OTP_MS);
    } catch (error) {
      setMessage({ text: recoveryErrorText(callFailure(error), t('auth.forgot.failed')), tone: 'error' });
      setBusy(false);
    }
  }

  return (
    <form className={form.form} onSubmit={submit}>
      <EmailField value={email} onChange={onEmailChange} autoFocusHere />
      <FormMessage message={message?.text ?? null} tone={message?.tone} />
      <button type="submit" className={`pill-button ${form.primary}`} disabled={busy || done}>
        {busy ? t('common.sending') : t('auth.forgot.submit')}
      </button>
    </form>
  );
}
