import { loadedApi } from '@rewards/shared/api/loaded-api';
import type { WalletUpdatedEvent } from '@rewards/shared/contracts/realtime';
import { walletUpdated } from '@rewards/shared/store/session-slice';
import { refreshSession } from '@rewards/shared/store/session-thunks';
import type { AppDispatch } from '@rewards/shared/store/store';
import { throttled } from './throttled';

/** A burst of credits refetches the profile once, not once per credit. */
export const PROFILE_REFRESH_INTERVAL_MS = 1_000;

export type WalletSync = { apply: (event: WalletUpdatedEvent) => void; catchUp: () => void; stop: () => void };

/** What a `wallet.updated` of one signed-in user changes on the page; `stop` drops a refresh still waiting. */
export function createWalletSync(dispatch: AppDispatch): WalletSync {
  let lastVersion = 0;
  const refreshProfile = throttled(() => void dispatch(refreshSession()), PROFILE_REFRESH_INTERVAL_MS);

  function apply({ wallet, pending_wallet, version }: WalletUpdatedEvent) {
    // Events may arrive late or twice: an older balance must not replace a newer one.
    if (version <= lastVersion) return;
    lastVersion = version;
    dispatch(walletUpdated({ wallet, pending_wallet }));
    // Nothing is cached before RTK Query has loaded (a signed-in session loads it), so nothing to refetch then.
    const api = loadedApi();
    if (api) dispatch(api.util.invalidateTags(['MyOffers', 'CashoutStats', 'CashoutHistory']));
    refreshProfile.call();
  }

  // A credit between the page's profile fetch and joining the channel sent its event to nobody.
  return { apply, catchUp: refreshProfile.call, stop: refreshProfile.cancel };
}
