import { useCallback } from 'react';
import { SIGNIN_REDIRECT_MS } from '@rewards/shared/constants';
import { PATHS } from '@rewards/shared/paths';
import { useNavigate } from '@rewards/shared/router';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { refreshSession } from '@rewards/shared/store/session-thunks';
import { wait } from '../../ui/use-timeouts';

/**
 * What follows a successful sign-in, with a password alone or with its second step: after 300 ms the session
 * is refreshed, then /Earn (or / if the profile could not be read), and the modal closes (spec §4).
 */
export function useFinishSignIn(onClose: () => void): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    await wait(SIGNIN_REDIRECT_MS);
    const signedIn = await dispatch(refreshSession()).unwrap();
    navigate(signedIn ? PATHS.earn : PATHS.home);
    onClose();
  }, [dispatch, navigate, onClose]);
}
