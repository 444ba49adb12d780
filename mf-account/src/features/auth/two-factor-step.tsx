import { useId, useRef, useState, type FormEvent } from 'react';
import { accountRestrictionAlert } from '@rewards/shared/api/account-restriction';
import { isApiError, type ApiError } from '@rewards/shared/api/api-error';
import { TextField } from '@rewards/shared/ui/text-field.tsx';
import { CODE_RESEND_WAIT_MS, useCooldown } from '../../ui/use-cooldown';
import { CodeField, isCompleteCode } from '../../ui/code-field';
import { FormMessage } from '../../ui/form-message';
import form from '../../ui/form.module.css';
import { isExpiredChallenge, useLoginTwoFactorMutation, useResendSignInCodeMutation } from './two-factor-login-api';
import type { TwoFactorStart } from './two-factor-fragment';
import { useT } from '../../messages';
import { useSignInErrorText } from './auth-error-text';
import styles from './two-factor-step.module.css';

const INSTRUCTIONS = { totp: 'auth.twoFactor.totp', email: 'auth.twoFactor.email' } as const;

type Props = {
  start: TwoFactorStart;
  /** The challenge is dead (expired, or too many wrong codes): back to the password, with the server's message. */
  onExpired: (message: string) => void;
  onClose: () => void;
  /** What a successful sign-in does next (the same as after a password alone). */
  onSignedIn: () => Promise<void>;
};

type Notice = { text: string; tone: 'success' | 'error' };

/** The second step of sign-in (issue 31): a code from the app or the email, or a recovery code. */
export function TwoFactorStep({ start, onExpired, onClose, onSignedIn }: Props) {
  const t = useT();
  const signInErrorText = useSignInErrorText();
  const [loginTwoFactor] = useLoginTwoFactorMutation();
  const instructionId = useId();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const sent = useRecovery ? recoveryCode.trim() : code;
  const ready = useRecovery ? sent.length > 0 : isCompleteCode(code);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setNotice(null);
    try {
      await loginTwoFactor({ challenge: start.challenge, code: sent }).unwrap();
    } catch (error) {
      setBusy(false);
      showFailure(failureOf(error));
      return;
    }
    await onSignedIn();
  }

  function showFailure(failure: ApiError) {
    // A blocked or pending account gets the site's alert modal instead of this one.
    if (accountRestrictionAlert(failure)) {
      onClose();
      return;
    }
    const message = signInErrorText(failure, t('common.invalidCode'));
    if (isExpiredChallenge(failure)) {
      onExpired(message);
      return;
    }
    setNotice({ text: message, tone: 'error' });
    // A wrong code is typed again from the start.
    if (useRecovery) setRecoveryCode('');
    else setCode('');
    formRef.current?.querySelector('input')?.focus();
  }

  function switchCodeKind() {
    setUseRecovery((recovery) => !recovery);
    setNotice(null);
  }

  const instruction = useRecovery ? t('auth.twoFactor.recovery') : t(INSTRUCTIONS[start.method]);

  return (
    <form ref={formRef} className={form.form} onSubmit={submit} noValidate>
      <p id={instructionId} className={styles.instruction}>
        {instruction}
      </p>
      {useRecovery ? (
        <TextField
          key="recovery"
          label={t('auth.twoFactor.recoveryLabel')}
          value={recoveryCode}
          onChange={setRecoveryCode}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          aria-describedby={instructionId}
          autoFocusHere
        />
      ) : (
        <CodeField key="code" label={t('common.verificationCode')} value={code} onChange={setCode} describedBy={instructionId} autoFocusHere />
      )}
      <FormMessage message={notice?.text ?? null} tone={notice?.tone} />
      <button type="submit" className={`pill-button ${form.primary}`} disabled={busy || !ready}>
        {busy ? t('common.verifying') : t('common.verify')}
      </button>
      <div className={styles.links}>
        <button type="button" className={form.linkButton} onClick={switchCodeKind}>
          {useRecovery ? t('auth.twoFactor.useCode') : t('auth.twoFactor.useRecovery')}
        </button>
        {start.method === 'email' && !useRecovery ? (
          <ResendSignInCode challenge={start.challenge} onExpired={onExpired} onNotice={setNotice} />
        ) : null}
      </div>
    </form>
  );
}

type ResendProps = { challenge: string; onExpired: (message: string) => void; onNotice: (notice: Notice) => void };

/** "Resend code", offered 60 s after the last code was sent (the server refuses sooner). */
function ResendSignInCode({ challenge, onExpired, onNotice }: ResendProps) {
  const t = useT();
  const signInErrorText = useSignInErrorText();
  const [resend, { isLoading }] = useResendSignInCodeMutation();
  // The code of this sign-in was sent just before the step opened.
  const { secondsLeft, start } = useCooldown(CODE_RESEND_WAIT_MS, true);

  async function resendCode() {
    try {
      await resend({ challenge }).unwrap();
      start();
      onNotice({ text: t('auth.twoFactor.codeResent'), tone: 'success' });
    } catch (error) {
      const failure = failureOf(error);
      const message = signInErrorText(failure, t('common.codeNotSent'));
      if (isExpiredChallenge(failure)) onExpired(message);
      else onNotice({ text: message, tone: 'error' });
    }
  }

  const waiting = secondsLeft > 0;
  return (
    <button type="button" className={form.linkButton} onClick={resendCode} disabled={waiting || isLoading}>
      {isLoading ? t('common.sending') : waiting ? t('common.resendCodeIn', { seconds: secondsLeft }) : t('common.resendCode')}
    </button>
  );
}

/** What a rejected `unwrap()` carries: the base query's ApiError, or (never expected) something thrown on the way. */
function failureOf(error: unknown): ApiError {
  return isApiError(error) ? error : { status: 'NETWORK_ERROR' };
}
