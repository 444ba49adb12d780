import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { selectIsAuthenticated, selectUser } from '@rewards/shared/store/session-slice';
import type { RootState } from '@rewards/shared/store/store';
import { connectUserChannel } from './connect-user-channel';
import type { RealtimeConnection } from './realtime-connection';
import { createWalletSync } from './wallet-sync';

// The id, not the user: a profile refresh replaces the user object and must not reconnect.
function selectSignedInUserId(state: RootState): number | null {
  return selectIsAuthenticated(state) ? (selectUser(state)?.id ?? null) : null;
}

/** Keeps the balance live while someone is signed in: one private channel per user, closed on sign-out. */
export function useLiveWallet(connection: RealtimeConnection): void {
  const userId = useAppSelector(selectSignedInUserId);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (userId === null) return;
    const walletSync = createWalletSync(dispatch);
    const disconnect = connectUserChannel({
      connection,
      userId,
      onWalletUpdated: walletSync.apply,
      onSubscribed: walletSync.catchUp,
    });
    return () => {
      disconnect();
      walletSync.stop();
    };
  }, [connection, userId, dispatch]);
}
