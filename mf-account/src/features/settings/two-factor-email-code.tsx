import { useState } from 'react';
import { CODE_RESEND_WAIT_MS, useCooldown } from '../../ui/use-cooldown';
import form from '../../ui/form.module.css';
import { twoFactorErrorMessage, useSendTwoFactorEmailCodeMutation } from './two-factor-api';

/** A line under a two-factor form: good news (a code was sent) or what went wrong. */
export type Notice = { text: string; tone: 'success' | 'error' };

export const EMAIL_CODE_SENT = 'We sent a code to your email.';

/** Sends the code of `POST /user/2fa/email/send` (to turn email codes on, or two-factor off), again after 60 s. */
export function useTwoFactorEmailCode() {
  const [send, { isLoading }] = useSendTwoFactorEmailCodeMutation();
  const { secondsLeft, start } = useCooldown(CODE_RESEND_WAIT_MS);
  const [sent, setSent] = useState(false);

  async function sendCode(): Promise<Notice> {
    try {
      const answer = await send().unwrap();
      setSent(true);
      start();
      return { text: answer.message || EMAIL_CODE_SENT, tone: 'success' };
    } catch (error) {
      return { text: twoFactorErrorMessage(error, 'The code could not be sent. Please try again.'), tone: 'error' };
    }
  }

  return { sendCode, sending: isLoading, sent, secondsLeft };
}

type ResendProps = { sending: boolean; secondsLeft: number; onResend: () => void };

/** "Resend code", waiting out the 60 s before the server takes another request. */
export function ResendEmailCode({ sending, secondsLeft, onResend }: ResendProps) {
  const waiting = secondsLeft > 0;
  return (
    <button type="button" className={form.linkButton} onClick={onResend} disabled={sending || waiting}>
      {sending ? 'Sending...' : waiting ? `Resend code in ${secondsLeft} s` : 'Resend code'}
    </button>
  );
}
