import { useEffect, useState } from 'react';
import type { SlotComponentProps } from '@rewards/shared/contracts/slots';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { openAuth, selectAuthModal, type AuthModal } from '@rewards/shared/store/ui-slice';
import { Modal } from '@rewards/shared/ui/modal.tsx';
import { useT } from '../../messages';
import { SignInDialog } from './sign-in-dialog';
import { SignUpForm } from './sign-up-form';
import { readTwoFactorFragment, removeTwoFactorFragment } from './two-factor-fragment';

/**
 * Exposed as `mf_account/auth-modals`: the shell mounts it while `ui.authModal` is set. Shows sign-in or
 * sign-up as the store says, and switches between them through the store. A page opened by Google's sign-in
 * with two-factor on (`/#two-factor=…`, the shell opens sign-in for it) starts at the second step.
 */
export default function AuthModals({ onClose }: SlotComponentProps) {
  const t = useT();
  const dispatch = useAppDispatch();
  const modal = useAppSelector(selectAuthModal);
  const [twoFactor, setTwoFactor] = useState(() => readTwoFactorFragment(window.location.hash));
  useEffect(() => removeTwoFactorFragment(), []);
  // Once switched, the other modal takes the place of the first without fading in again.
  const [switched, setSwitched] = useState(false);
  const switchTo = (next: AuthModal) => {
    setSwitched(true);
    // A second step left for sign-up is not offered again.
    setTwoFactor(null);
    dispatch(openAuth(next));
  };

  if (modal === 'signup') {
    return (
      <Modal title={t('auth.signUp.title')} lead={t('auth.signUp.lead')} onClose={onClose} animateIn={!switched}>
        <SignUpForm onSwitchToSignIn={() => switchTo('signin')} onClose={onClose} />
      </Modal>
    );
  }
  return <SignInDialog onClose={onClose} onSwitchToSignUp={() => switchTo('signup')} animateIn={!switched} twoFactor={twoFactor} />;
}
