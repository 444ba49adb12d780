import { useEffect } from 'react';
import { useLocation } from '@rewards/shared/router';
import { rememberReferral } from '@rewards/shared/rules/referral';

/** Keeps the code of a `/ref/{id}` visit for sign-up, before the redirect of a signed-in user. */
export function useReferralCapture(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    try {
      rememberReferral(pathname, localStorage);
    } catch (error) {
      // Storage can be disabled (private modes); the visit still works without the code.
      console.warn('Could not store the referral code', error);
    }
  }, [pathname]);
}
