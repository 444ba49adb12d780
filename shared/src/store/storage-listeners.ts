import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { isProfileFulfilled } from '../api/profile-actions';
import { LIVE_STATS_COOKIE, STORAGE_KEYS } from '../constants';
import { readStoredSettings, setLiveStats, storedSettingsChanged } from './settings-slice';

type StartListening = ListenerMiddlewareInstance['startListening'];

function browserStorage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

/** Browser storage of spec §3: the signed-in user, the user id for partner walls, the Live Stats toggle. */
export function registerStorageListeners(startListening: StartListening): void {
  startListening({
    matcher: isProfileFulfilled,
    effect: (action) => {
      const storage = browserStorage();
      if (!storage) return;
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(action.payload));
      storage.setItem(STORAGE_KEYS.userId, String(action.payload.id));
    },
  });
  startListening({
    actionCreator: setLiveStats,
    effect: (action) => {
      browserStorage()?.setItem(STORAGE_KEYS.liveStats, String(action.payload));
      rememberLiveStatsForServer(action.payload);
    },
  });
}

type StorageEventTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * Every open tab follows the settings stored by any other tab of the browser: the `storage` event fires in the
 * other tabs when one writes "Live Stats" (or clears storage, on logout). Returns the function that stops.
 */
export function followSettingsOfOtherTabs(
  dispatch: (action: ReturnType<typeof storedSettingsChanged>) => unknown,
  target: StorageEventTarget = window,
): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.liveStats) return;
    dispatch(storedSettingsChanged(readStoredSettings(browserStorage() ?? undefined)));
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

/**
 * Tells the site's server whether Live Stats is on (`LIVE_STATS_COOKIE`): the cookie while it is off, none while
 * it is on (the default, and what a browser without the cookie gets).
 */
export function rememberLiveStatsForServer(liveStats: boolean): void {
  if (typeof document === 'undefined') return;
  const { name, off, maxAgeSeconds } = LIVE_STATS_COOKIE;
  document.cookie = `${name}=${liveStats ? '' : off}; Path=/; Max-Age=${liveStats ? 0 : maxAgeSeconds}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}
