import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { sessionSlice } from './session-slice';
import { settingsSlice } from './settings-slice';
import { uiSlice } from './ui-slice';
import { registerStorageListeners } from './storage-listeners';

/** Remotes add their slices with `slice.injectInto(rootReducer)` and declare them here by module augmentation. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty until remotes augment it (RTK's pattern)
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(sessionSlice, uiSlice, settingsSlice, api).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const listeners = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().prepend(listeners.middleware).concat(api.middleware),
  });
  registerStorageListeners(listeners.startListening);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
