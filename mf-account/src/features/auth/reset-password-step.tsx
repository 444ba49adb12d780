import { useState, type FormEvent } from 'react';
import { RESET_TO_SIGNIN_MS } from '@rewards/shared/constants';
import { PasswordField } from '@rewards/shared/ui/password-field.tsx';
import { FormMessage } from '../../ui/form-message';
import { useTimeouts } from '../../ui/use-timeouts';
import form from '../../ui/form.module.css';
import { callFailure, useResetPasswordMutation } from './auth-api';
import { useT } from '../../messages';
import { resetPasswordProblem, useRecoveryErrorText } from './password-recovery';

type Props = {
  email: string;
  otp: string;
  /** The password is changed: back to sign in, every field cleared. */
  onReset: () => void;
};

/** Reset Password: a new password twice; after the success message, back to sign in in 3 s (spec §4). */
export function ResetPasswordStep({ email, otp, onReset }: Props) {
  const t = useT();
  const recoveryErrorText = useRecoveryErrorText();
  const [resetPassword] = useResetPasswordMutation();
  const later = useTimeouts();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [busy, setBusy] = useState(false);
  // After the success message the form waits for the next step; it cannot be sent twice.
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = resetPasswordProblem(password, confirmation);
    if (problem) {
      setMessage({ text: problem, tone: 'error' });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await resetPassword({
        email: email.trim(),
        otp: otp.trim(),
        password,
        password_confirmation: confirmation,
      }).unwrap();
      // Our words, not the answer's: they come in the page's language.
      setMessage({ text: t('auth.reset.done'), tone: 'success' });
      setBusy(false);
      setDone(true);
      later(onReset, RESET_TO_SIGNIN_MS);
    } catch (error) {
      setMessage({ text: recoveryErrorText(callFailure(error), t('auth.reset.failed')), tone: 'error' });
      setBusy(false);
    }
  }

  return (
    <form className={form.form} onSubmit={submit}>
      <PasswordField label={t('auth.reset.newPassword')} value={password} onChange={setPassword} autoComplete="new-password" autoFocusHere />
      <PasswordField label={t('auth.reset.confirmPassword')} value={confirmation} onChange={setConfirmation} autoComplete="new-password" />
      <FormMessage message={message?.text ?? null} tone={message?.tone} />
      <button type="submit" className={`pill-button ${form.primary}`} disabled={busy || done}>
        {busy ? t('auth.reset.busy') : t('auth.reset.submit')}
      </button>
    </form>
  );
}
