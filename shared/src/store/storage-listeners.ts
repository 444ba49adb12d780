import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { STORAGE_KEYS } from '../constants';
import { setLiveStats } from './settings-slice';

type StartListening = ListenerMiddlewareInstance['startListening'];

function browserStorage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

/** Browser storage of spec §3: the signed-in user, the user id for partner walls, the Live Stats toggle. */
export function registerStorageListeners(startListening: StartListening): void {
  startListening({
    matcher: api.endpoints.getProfile.matchFulfilled,
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
    },
  });
}
