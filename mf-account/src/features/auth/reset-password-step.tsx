import { useState, type FormEvent } from 'react';
import { RESET_TO_SIGNIN_MS } from '@rewards/shared/constants';
import { PasswordField } from '@rewards/shared/ui/password-field.tsx';
import { FormMessage } from '../../ui/form-message';
import { useTimeouts } from '../../ui/use-timeouts';
import form from '../../ui/form.module.css';
import { callFailure, useResetPasswordMutation } from './auth-api';
import { RECOVERY_MESSAGES, recoveryErrorMessage, resetPasswordProblem } from './password-recovery';

type Props = {
  email: string;
  otp: string;
  /** The password is changed: back to sign in, every field cleared. */
  onReset: () => void;
};

/** Reset Password: a new password twice; after the success message, back to sign in in 3 s (spec §4). */
export function ResetPasswordStep({ email, otp, onReset }: Props) {
  const [resetPassword] = useResetPasswordMutation();
  const later = useTimeouts();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // After the success message the form waits for the next step; it cannot be sent twice.
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = resetPasswordProblem(password, confirmation);
    if (problem) {
      setMessage(problem);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const answer = await resetPassword({
        email: email.trim(),
        otp: otp.trim(),
        password,
        password_confirmation: confirmation,
      }).unwrap();
      setMessage(answer.message || RECOVERY_MESSAGES.passwordReset);
      setBusy(false);
      setDone(true);
      later(onReset, RESET_TO_SIGNIN_MS);
    } catch (error) {
      setMessage(recoveryErrorMessage(callFailure(error), RECOVERY_MESSAGES.resetFailed));
      setBusy(false);
    }
  }

  return (
    <form className={form.form} onSubmit={submit}>
      <PasswordField label="New password" value={password} onChange={setPassword} autoComplete="new-password" autoFocusHere />
      <PasswordField label="Confirm new password" value={confirmation} onChange={setConfirmation} autoComplete="new-password" />
      <FormMessage message={message} />
      <button type="submit" className={`pill-button ${form.primary}`} disabled={busy || done}>
        {busy ? 'Resetting...' : 'Reset Password'}
      </button>
    </form>
  );
}
