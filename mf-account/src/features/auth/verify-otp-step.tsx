import { useState, type FormEvent } from 'react';
import { OTP_LENGTH } from '@rewards/shared/constants';
import { TextField } from '@rewards/shared/ui/text-field.tsx';
import { FormMessage } from '../../ui/form-message';
import form from '../../ui/form.module.css';
import { callFailure, useVerifyOtpMutation } from './auth-api';
import { useT } from '../../messages';
import { isCompleteOtp, sanitizeOtp, useRecoveryErrorText } from './password-recovery';
import styles from './auth.module.css';

type Props = {
  email: string;
  otp: string;
  onOtpChange: (otp: string) => void;
  onVerified: () => void;
};

/** Verify OTP Code: 6 digits, Verify enabled only when complete (spec §5). */
export function VerifyOtpStep({ email, otp, onOtpChange, onVerified }: Props) {
  const t = useT();
  const recoveryErrorText = useRecoveryErrorText();
  const [verifyOtp] = useVerifyOtpMutation();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isCompleteOtp(otp)) return;
    setBusy(true);
    setMessage(null);
    try {
      await verifyOtp({ email: email.trim(), otp: otp.trim() }).unwrap();
      onVerified();
    } catch (error) {
      setMessage(recoveryErrorText(callFailure(error), t('auth.otp.invalid')));
      setBusy(false);
    }
  }

  return (
    <form className={form.form} onSubmit={submit}>
      <TextField
        label={t('common.verificationCode')}
        className={styles.otp}
        value={otp}
        onChange={(typed) => onOtpChange(sanitizeOtp(typed))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`\\d{${OTP_LENGTH}}`}
        maxLength={OTP_LENGTH}
        placeholder="••••••"
        required
        autoFocusHere
      />
      <FormMessage message={message} />
      <button type="submit" className={`pill-button ${form.primary}`} disabled={busy || !isCompleteOtp(otp)}>
        {busy ? t('common.verifying') : t('common.verify')}
      </button>
    </form>
  );
}
