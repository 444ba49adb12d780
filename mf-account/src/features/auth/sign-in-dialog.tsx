import { lazy, Suspense, useEffect, useState } from 'react';
import { Modal } from '@rewards/shared/ui/modal.tsx';
import { useT } from '../../messages';
import { ArrowLeftIcon } from '../../ui/icons';
import form from '../../ui/form.module.css';
import { useFinishSignIn } from './finish-sign-in';
import { SignInForm } from './sign-in-form';
import type { TwoFactorStart } from './two-factor-fragment';
import styles from './auth.module.css';

// Only accounts with two-factor on need the second step: its code loads when it opens.
const TwoFactorStep = lazy(() => import('./two-factor-step').then((module) => ({ default: module.TwoFactorStep })));

type RecoveryStepsModule = typeof import('./recovery-steps');
let recoveryStepsLoaded: RecoveryStepsModule | null = null;

/**
 * The forgot-password steps: their code is asked for when the modal opens (it is not part of the remote's
 * initial JS), so it is in by the time "Forgot your password?" is pressed.
 */
function useRecoverySteps(): RecoveryStepsModule | null {
  const [steps, setSteps] = useState(recoveryStepsLoaded);
  useEffect(() => {
    if (steps) return undefined;
    let current = true;
    import('./recovery-steps').then(
      (module) => {
        recoveryStepsLoaded = module;
        if (current) setSteps(module);
      },
      (error: unknown) => console.error('The forgot-password steps could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, [steps]);
  return steps;
}

/** Spec §4: sign in, then the three forgot-password sub-steps; or, with two-factor on, the second step. */
export type SignInStep = 'signin' | 'forgot' | 'otp' | 'reset' | 'two-factor';

const HEADINGS = {
  signin: 'auth.signIn.title',
  forgot: 'auth.forgot.title',
  otp: 'auth.otp.title',
  reset: 'auth.reset.title',
  'two-factor': 'auth.twoFactor.title',
} as const satisfies Record<SignInStep, string>;

type Props = {
  onClose: () => void;
  onSwitchToSignUp: () => void;
  animateIn?: boolean;
  /** Open at the second step of a sign-in begun elsewhere (Google's, with two-factor on). */
  twoFactor?: TwoFactorStart | null;
};

/** The sign-in modal with its forgot-password flow; the email typed in one step carries to the next. */
export function SignInDialog({ onClose, onSwitchToSignUp, animateIn = true, twoFactor = null }: Props) {
  const t = useT();
  const [step, setStep] = useState<SignInStep>(twoFactor ? 'two-factor' : 'signin');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [secondStep, setSecondStep] = useState<TwoFactorStart | null>(twoFactor);
  // Why the password step shows again (a second step that expired).
  const [signInNotice, setSignInNotice] = useState<string | null>(null);
  const finishSignIn = useFinishSignIn(onClose);
  const recoverySteps = useRecoverySteps();
  const loading = <p className={styles.loading}>{t('common.loading')}</p>;

  // Spec §4: back from the OTP step returns to the email and clears the code.
  const backToEmail = () => {
    setOtp('');
    setStep('forgot');
  };
  const leads: Record<SignInStep, string | undefined> = {
    signin: t('auth.signIn.lead'),
    forgot: t('auth.forgot.lead'),
    otp: email.trim() ? t('auth.otp.lead', { email: email.trim() }) : t('auth.otp.leadNoEmail'),
    reset: t('auth.reset.lead'),
    // The step says which code it wants, beside the field.
    'two-factor': undefined,
  };
  const backToSignIn = (notice: string | null = null) => {
    setSignInNotice(notice);
    setSecondStep(null);
    setStep('signin');
  };

  return (
    <Modal title={t(HEADINGS[step])} lead={leads[step]} onClose={onClose} animateIn={animateIn}>
      {step === 'signin' ? (
        <SignInForm
          email={email}
          onEmailChange={setEmail}
          onForgotPassword={() => {
            setSignInNotice(null);
            setStep('forgot');
          }}
          onSwitchToSignUp={onSwitchToSignUp}
          onClose={onClose}
          onTwoFactor={(start) => {
            setSecondStep(start);
            setStep('two-factor');
          }}
          notice={signInNotice}
        />
      ) : null}
      {step === 'two-factor' && secondStep ? (
        <Suspense fallback={loading}>
          <TwoFactorStep start={secondStep} onExpired={backToSignIn} onClose={onClose} onSignedIn={finishSignIn} />
        </Suspense>
      ) : null}
      {step === 'forgot' || step === 'otp' || step === 'reset' ? (
        recoverySteps ? (
          <>
            {step === 'forgot' ? <recoverySteps.ForgotEmailStep email={email} onEmailChange={setEmail} onCodeSent={() => setStep('otp')} /> : null}
            {step === 'otp' ? (
              <recoverySteps.VerifyOtpStep email={email} otp={otp} onOtpChange={setOtp} onVerified={() => setStep('reset')} />
            ) : null}
            {step === 'reset' ? (
              <recoverySteps.ResetPasswordStep
                email={email}
                otp={otp}
                onReset={() => {
                  setEmail('');
                  setOtp('');
                  setStep('signin');
                }}
              />
            ) : null}
          </>
        ) : (
          loading
        )
      ) : null}
      {step !== 'signin' ? (
        <nav className={form.backLinks} aria-label={t('auth.back.label')}>
          {step === 'otp' ? (
            <button type="button" className={form.backLink} onClick={backToEmail}>
              <ArrowLeftIcon />
              {t('auth.back.toEmail')}
            </button>
          ) : null}
          <button type="button" className={form.backLink} onClick={() => backToSignIn()}>
            <ArrowLeftIcon />
            {t('auth.back.toSignIn')}
          </button>
        </nav>
      ) : null}
    </Modal>
  );
}
