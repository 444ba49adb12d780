import { useState, type FormEvent, type ReactNode } from 'react';
import { PATHS } from '@rewards/shared/paths';
import { useNavigate } from '@rewards/shared/router';
import { readReferral } from '@rewards/shared/rules/referral';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { refreshSession } from '@rewards/shared/store/session-thunks';
import type { RegisterPayload } from '@rewards/shared/contracts/api-types';
import { PasswordField } from '@rewards/shared/ui/password-field.tsx';
import { TextField } from '@rewards/shared/ui/text-field.tsx';
import { EmailField } from '../../ui/email-field';
import { FormMessage } from '../../ui/form-message';
import form from '../../ui/form.module.css';
import { useT } from '../../messages';
import { useSignUpErrorText } from './auth-error-text';
import { callFailure, isAccountRestriction, useRegisterMutation } from './auth-api';
import { LegalNote } from './legal-note';
import { PasswordChecklist } from './password-checklist-view';
import { signUpPasswordProblem } from './password-checklist';

type Props = { onSwitchToSignIn: () => void; onClose: () => void };

/** The referral code captured from a `/ref/{id}` visit, if storage is readable. */
function storedReferral(): string | null {
  try {
    return readReferral(localStorage);
  } catch {
    return null;
  }
}

/** Sign-up (spec §2, §5, §8): name, email, two passwords with the live checklist; sends the referral code. */
export function SignUpForm({ onSwitchToSignIn, onClose }: Props) {
  const t = useT();
  const signUpErrorText = useSignUpErrorText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [register] = useRegisterMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = signUpPasswordProblem(password, confirmation);
    if (problem) {
      setMessage(problem);
      return;
    }
    setBusy(true);
    setMessage(null);
    const payload: RegisterPayload = { name: name.trim(), email: email.trim(), password, password_confirmation: confirmation };
    const referralCode = storedReferral();
    if (referralCode) payload.referral_code = referralCode;
    try {
      await register(payload).unwrap();
    } catch (error) {
      const failure = callFailure(error);
      setBusy(false);
      if (isAccountRestriction(failure)) onClose();
      else setMessage(signUpErrorText(failure));
      return;
    }
    const signedIn = await dispatch(refreshSession()).unwrap();
    navigate(signedIn ? PATHS.earn : PATHS.home);
    onClose();
  }

  return (
    <form className={form.form} onSubmit={submit}>
      <TextField label={t('auth.name.label')} value={name} onChange={setName} autoComplete="name" placeholder={t('auth.name.placeholder')} required autoFocusHere />
      <EmailField value={email} onChange={setEmail} />
      <PasswordField
        label={t('common.password')}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        hint={<PasswordChecklist password={password} />}
      />
      <PasswordField label={t('auth.confirmPassword.label')} value={confirmation} onChange={setConfirmation} autoComplete="new-password" />
      <FormMessage message={message} />
      <button type="submit" className={`pill-button ${form.primary}`} disabled={busy}>
        {busy ? t('auth.signUp.busy') : t('auth.signUp.submit')}
      </button>
      <p className={form.footer}>
        {t.rich('auth.signUp.haveAccount', {
          link: (chunks: ReactNode[]) => (
            <button type="button" className={form.linkButton} onClick={onSwitchToSignIn}>
              {chunks}
            </button>
          ),
        })}
      </p>
      <LegalNote onNavigate={onClose} />
    </form>
  );
}
