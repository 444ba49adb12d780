import { useState } from 'react';
import { CODE_RESEND_WAIT_MS, useCooldown } from '../../ui/use-cooldown';
import form from '../../ui/form.module.css';
import { useT } from '../../messages';
import { useTwoFactorErrorText, useSendTwoFactorEmailCodeMutation } from './two-factor-api';

/** A line under a two-factor form: good news (a code was sent) or what went wrong. */
export type Notice = { text: string; tone: 'success' | 'error' };

/** Sends the code of `POST /user/2fa/email/send` (to turn email codes on, or two-factor off), again after 60 s. */
export function useTwoFactorEmailCode() {
  const t = useT();
  const twoFactorErrorText = useTwoFactorErrorText();
  const [send, { isLoading }] = useSendTwoFactorEmailCodeMutation();
  const { secondsLeft, start } = useCooldown(CODE_RESEND_WAIT_MS);
  const [sent, setSent] = useState(false);

  async function sendCode(): Promise<Notice> {
    try {
      await send().unwrap();
      setSent(true);
      start();
      return { text: t('twoFactor.emailCode.sent'), tone: 'success' };
    } catch (error) {
      return { text: twoFactorErrorText(error, t('common.codeNotSent')), tone: 'error' };
    }
  }

  return { sendCode, sending: isLoading, sent, secondsLeft };
}

type ResendProps = { sending: boolean; secondsLeft: number; onResend: () => void };

/** "Resend code", waiting out the 60 s before the server takes another request. */
export function ResendEmailCode({ sending, secondsLeft, onResend }: ResendProps) {
  const t = useT();
  const waiting = secondsLeft > 0;
  return (
    <button type="button" className={form.linkButton} onClick={onResend} disabled={sending || waiting}>
      {sending ? t('common.sending') : waiting ? t('common.resendCodeIn', { seconds: secondsLeft }) : t('common.resendCode')}
    </button>
  );
}
