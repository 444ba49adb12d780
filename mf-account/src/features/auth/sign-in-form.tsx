import { useState, type FormEvent } from 'react';
import { SIGNIN_REDIRECT_MS } from '@rewards/shared/constants';
import { PATHS } from '@rewards/shared/paths';
import { useNavigate } from '@rewards/shared/router';
import { signInErrorMessage } from '@rewards/shared/rules/error-messages';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { refreshSession } from '@rewards/shared/store/session-thunks';
import { PasswordField } from '@rewards/shared/ui/password-field.tsx';
import { EmailField } from '../../ui/email-field';
import { FormMessage } from '../../ui/form-message';
import { wait } from '../../ui/use-timeouts';
import form from '../../ui/form.module.css';
import { callFailure, isAccountRestriction, useLoginMutation } from './auth-api';
import { LegalNote } from './legal-note';
import { SocialSignIn } from './social-sign-in';

type Props = {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  onSwitchToSignUp: () => void;
  onClose: () => void;
};

/** The sign-in step (spec §2, §4, §8): Google, Steam, email and password. */
export function SignInForm({ email, onEmailChange, onForgotPassword, onSwitchToSignUp, onClose }: Props) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login] = useLoginMutation();
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await login({ email: email.trim(), password }).unwrap();
    } catch (error) {
      const failure = callFailure(error);
      setBusy(false);
      // A blocked or pending account gets the site's alert modal instead of this one.
      if (isAccountRestriction(failure)) onClose();
      else setMessage(signInErrorMessage(failure));
      return;
    }
    await wait(SIGNIN_REDIRECT_MS);
    const signedIn = await dispatch(refreshSession()).unwrap();
    navigate(signedIn ? PATHS.earn : PATHS.home);
    onClose();
  }

  return (
    <>
      <SocialSignIn />
      <form className={form.form} onSubmit={submit}>
        <EmailField value={email} onChange={onEmailChange} autoFocusHere />
        <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
        <div className={form.row}>
          <button type="button" className={form.linkButton} onClick={onForgotPassword}>
            Forgot your password?
          </button>
        </div>
        <FormMessage message={message} />
        <button type="submit" className={`pill-button ${form.primary}`} disabled={busy}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
        <p className={form.footer}>
          Don&apos;t have an account?{' '}
          <button type="button" className={form.linkButton} onClick={onSwitchToSignUp}>
            Sign up
          </button>
        </p>
        <LegalNote onNavigate={onClose} />
      </form>
    </>
  );
}
