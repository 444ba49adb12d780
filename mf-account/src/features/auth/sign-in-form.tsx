import { useState, type FormEvent, type ReactNode } from 'react';
import { PasswordField } from '@rewards/shared/ui/password-field.tsx';
import { EmailField } from '../../ui/email-field';
import { FormMessage } from '../../ui/form-message';
import form from '../../ui/form.module.css';
import { useT } from '../../messages';
import { useSignInErrorText } from './auth-error-text';
import { callFailure, isAccountRestriction, twoFactorChallengeOf, useLoginMutation } from './auth-api';
import { useFinishSignIn } from './finish-sign-in';
import { LegalNote } from './legal-note';
import { SocialSignIn } from './social-sign-in';
import type { TwoFactorStart } from './two-factor-fragment';

type Props = {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  onSwitchToSignUp: () => void;
  onClose: () => void;
  /** The account has two-factor on: the password was right, the second step comes next. */
  onTwoFactor: (start: TwoFactorStart) => void;
  /** Shown when the step opens (a second step that expired says so here). */
  notice?: string | null;
};

/** The sign-in step (spec §2, §4, §8): Google, Steam, email and password. */
export function SignInForm({ email, onEmailChange, onForgotPassword, onSwitchToSignUp, onClose, onTwoFactor, notice = null }: Props) {
  const t = useT();
  const signInErrorText = useSignInErrorText();
  const [login] = useLoginMutation();
  const finishSignIn = useFinishSignIn(onClose);
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(notice);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    let challenge;
    try {
      challenge = twoFactorChallengeOf(await login({ email: email.trim(), password }).unwrap());
    } catch (error) {
      const failure = callFailure(error);
      setBusy(false);
      // A blocked or pending account gets the site's alert modal instead of this one.
      if (isAccountRestriction(failure)) onClose();
      else setMessage(signInErrorText(failure));
      return;
    }
    if (challenge) onTwoFactor({ challenge: challenge.challenge, method: challenge.method });
    else await finishSignIn();
  }

  return (
    <>
      <SocialSignIn />
      <form className={form.form} onSubmit={submit}>
        <EmailField value={email} onChange={onEmailChange} autoFocusHere />
        <PasswordField label={t('common.password')} value={password} onChange={setPassword} autoComplete="current-password" />
        <div className={form.row}>
          <button type="button" className={form.linkButton} onClick={onForgotPassword}>
            {t('auth.signIn.forgot')}
          </button>
        </div>
        <FormMessage message={message} />
        <button type="submit" className={`pill-button ${form.primary}`} disabled={busy}>
          {busy ? t('auth.signIn.busy') : t('auth.signIn.submit')}
        </button>
        <p className={form.footer}>
          {t.rich('auth.signIn.noAccount', {
            link: (chunks: ReactNode[]) => (
              <button type="button" className={form.linkButton} onClick={onSwitchToSignUp}>
                {chunks}
              </button>
            ),
          })}
        </p>
        <LegalNote onNavigate={onClose} />
      </form>
    </>
  );
}
