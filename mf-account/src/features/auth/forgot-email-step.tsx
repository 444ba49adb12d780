import { useState, type FormEvent } from 'react';
import { FORGOT_TO_OTP_MS } from '@rewards/shared/constants';
import { EmailField } from '../../ui/email-field';
import { FormMessage } from '../../ui/form-message';
import { useTimeouts } from '../../ui/use-timeouts';
import form from '../../ui/form.module.css';
import { callFailure, useForgotPasswordMutation } from './auth-api';
import { RECOVERY_MESSAGES, recoveryErrorMessage } from './password-recovery';

type Props = {
  email: string;
  onEmailChange: (email: string) => void;
  /** The code is on its way: on to the OTP step. */
  onCodeSent: () => void;
};

/** Forgot Password: asks for a reset code; after the success message, moves on in 2 s (spec §4). */
export function ForgotEmailStep({ email, onEmailChange, onCodeSent }: Props) {
  const [forgotPassword] = useForgotPasswordMutation();
  const later = useTimeouts();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // After the success message the form waits for the next step; it cannot be sent twice.
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const answer = await forgotPassword({ email: email.trim() }).unwrap();
      setMessage(answer.message || RECOVERY_MESSAGES.otpSent);
      setBusy(false);
      setDone(true);
      later(onCodeSent, FORGOT_TO_OTP_MS);
    } catch (error) {
      setMessage(recoveryErrorMessage(callFailure(error), RECOVERY_MESSAGES.sendFailed));
      setBusy(false);
    }
  }

  return (
    <form className={form.form} onSubmit={submit}>
      <EmailField value={email} onChange={onEmailChange} autoFocusHere />
      <FormMessage message={message} />
      <button type="submit" className={`pill-button ${form.primary}`} disabled={busy || done}>
        {busy ? 'Sending...' : 'Send Code'}
      </button>
    </form>
  );
}
