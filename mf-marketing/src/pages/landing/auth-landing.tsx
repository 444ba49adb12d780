import { useEffect } from 'react';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { openAuth, type AuthModal } from '@rewards/shared/store/ui-slice';
import { footerContent } from '../../content/footer-content';
import { landingContent } from '../../content/landing-content';
import { contentReady as ready } from '../../content/localized-content';
import LandingPage from './landing-page';

export { LandingPage };

/** The landing's first screen and the footer in the page's language, loaded with the page's code (routes.tsx). */
export const contentReady = ready(landingContent, footerContent);

/** Spec §2: /signin and /signup are "the same auth screen": the landing with that modal open. */
function AuthLanding({ modal }: { modal: AuthModal }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(openAuth(modal));
  }, [dispatch, modal]);
  return <LandingPage />;
}

export function SignInLanding() {
  return <AuthLanding modal="signin" />;
}

export function SignUpLanding() {
  return <AuthLanding modal="signup" />;
}
