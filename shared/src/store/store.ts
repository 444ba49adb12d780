import { combineSlices, configureStore, createDynamicMiddleware, createListenerMiddleware } from '@reduxjs/toolkit';
import type { SiteApi } from '../api/loaded-api';
import { whenApiLoaded } from '../api/loaded-api';
import { sessionSlice } from './session-slice';
import { settingsSlice } from './settings-slice';
import { uiSlice } from './ui-slice';
import { registerStorageListeners } from './storage-listeners';

/** Remotes add their slices with `slice.injectInto(rootReducer)` and declare them here by module augmentation. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty until remotes augment it (RTK's pattern)
export interface LazyLoadedSlices {}

/** The RTK Query API's state: injected when the API loads (see `api/loaded-api.ts`), absent before. */
type ApiSlices = { [K in SiteApi['reducerPath']]: ReturnType<SiteApi['reducer']> };

export const rootReducer = combineSlices(sessionSlice, uiSlice, settingsSlice).withLazyLoadedSlices<LazyLoadedSlices & ApiSlices>();

export type RootState = ReturnType<typeof rootReducer>;

const DEV_CHECK_WARN_AFTER_MS = 1_000;

/**
 * The site's one store. The RTK Query API joins it when some module first imports `api/api` (a page's calls,
 * a signed-in session): its reducer is injected and its middleware added then, so a visitor's landing page
 * does not load the query library at all.
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listeners = createListenerMiddleware();
  const apiMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // The development checks (not in production builds) warn when they take over 32 ms: on a busy 2-core CI machine
    // that warning came after a test had ended and failed its suite. They warn from a second on.
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ serializableCheck: { warnAfter: DEV_CHECK_WARN_AFTER_MS }, immutableCheck: { warnAfter: DEV_CHECK_WARN_AFTER_MS } })
        .prepend(listeners.middleware)
        .concat(apiMiddleware.middleware),
  });
  registerStorageListeners(listeners.startListening);
  whenApiLoaded((api) => {
    rootReducer.inject(api);
    apiMiddleware.addMiddleware(api.middleware);
    // Any action now fills the API's initial state (its middleware registers itself on the first one it sees).
    store.dispatch({ type: 'store/apiAttached' });
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
