import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { notificationArrived, selectIsAuthenticated, selectUser } from '@rewards/shared/store/session-slice';
import type { RootState } from '@rewards/shared/store/store';
import { connectUserChannel } from './connect-user-channel';
import type { RealtimeConnection } from './realtime-connection';
import { createWalletSync } from './wallet-sync';
import { whenPageSettled } from '../../scheduling/when-page-settled';
import { loadedApi } from '@rewards/shared/api/loaded-api';

/** A notification about a cashout (approved, paid, rejected or refunded): its status on the page is stale. */
function isCashoutNotice(data: unknown): boolean {
  const kind = typeof data === 'object' && data !== null ? (data as { kind?: unknown }).kind : undefined;
  return typeof kind === 'string' && kind.startsWith('cashout_');
}

// The balance on the page comes from the session check; the socket (and pusher-js, ~15 KB) waits until the page
// has settled, and on joining the channel the profile is read again, so a credit in between is not missed.
export const LIVE_WALLET_CONNECT_DELAY_MS = 3_000;

// The id, not the user: a profile refresh replaces the user object and must not reconnect.
function selectSignedInUserId(state: RootState): number | null {
  return selectIsAuthenticated(state) ? (selectUser(state)?.id ?? null) : null;
}

/**
 * Keeps the balance and the bell's count live while someone is signed in: one private channel per user,
 * closed on sign-out. Joining it reads the profile again, which counts what arrived before.
 */
export function useLiveWallet(connection: RealtimeConnection, connectDelayMs = LIVE_WALLET_CONNECT_DELAY_MS): void {
  const userId = useAppSelector(selectSignedInUserId);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (userId === null) return;
    const walletSync = createWalletSync(dispatch);
    let disconnect = () => {};
    const cancel = whenPageSettled(() => {
      disconnect = connectUserChannel({
        connection,
        userId,
        onWalletUpdated: walletSync.apply,
        onNotification: (data) => {
          dispatch(notificationArrived());
          const api = loadedApi();
          // A cashout paid by its rail moves no balance: the Withdrawals tab learns it from the notification.
          if (api && isCashoutNotice(data)) dispatch(api.util.invalidateTags(['CashoutStats', 'CashoutHistory']));
        },
        onSubscribed: walletSync.catchUp,
      });
    }, connectDelayMs);
    return () => {
      cancel();
      disconnect();
      walletSync.stop();
    };
  }, [connection, userId, dispatch, connectDelayMs]);
}
