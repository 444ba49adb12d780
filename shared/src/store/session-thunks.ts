import { createAsyncThunk, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { SiteApi } from '../api/loaded-api';
import { probeSession } from '../api/session-probe';
import { STORAGE_KEYS } from '../constants';
import { signedOut } from './session-slice';
import { readStoredSettings, storedSettingsChanged } from './settings-slice';
import { rememberLiveStatsForServer } from './storage-listeners';
import { closeAlert, type UiState } from './ui-slice';

/**
 * The RTK Query API, loaded on first use: the session thunks live in every page, the query library only in
 * those that call something beyond the session probe.
 */
function loadApi(): Promise<SiteApi> {
  return import('../api/api').then((module) => module.api);
}

/** One profile fetch decides whether the visitor is signed in (spec §4). */
export const refreshSession = createAsyncThunk('session/refresh', async (_: void, { dispatch }) => {
  const api = await loadApi();
  const result = await dispatch(api.endpoints.getProfile.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return result.isSuccess;
});

type ApiState = { [K in SiteApi['reducerPath']]: ReturnType<SiteApi['reducer']> };

function hasStoredUser(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(STORAGE_KEYS.user) !== null;
  } catch {
    return false;
  }
}

/**
 * A page's first look at the session (spec §4): the session probe answers a visitor 200 with no user, where
 * the profile call answers 401, which the browser logs as a failed request. A signed-in answer fills the
 * profile, as a profile fetch would; anything else (no one, a network or server failure) means signed out.
 * The probe is a plain `fetch`; RTK Query loads for a signed-in answer only (beside the probe when this
 * browser last stored a signed-in user, so that a returning user does not wait for it after the answer).
 * `load` imports the API; by default this package's own module.
 */
export const checkSession = createAsyncThunk('session/check', async (load: (() => Promise<SiteApi>) | void, { dispatch }) => {
  // The shell passes its federated import of the API (the share scope's one), a harness nothing.
  const importApi = load ?? loadApi;
  const apiOnItsWay = hasStoredUser() ? importApi() : null;
  apiOnItsWay?.catch(() => undefined);
  const result = await probeSession(dispatch);
  if ('data' in result && result.data) {
    let api;
    try {
      api = await (apiOnItsWay ?? importApi());
    } catch (error) {
      // The page's own code failed to load: it cannot work signed in, and must not wait forever either.
      console.error('The API client could not load', error);
      dispatch(signedOut());
      return false;
    }
    // The API's state exists from here on: loading the API added it to the store.
    await (dispatch as ThunkDispatch<ApiState, unknown, UnknownAction>)(api.util.upsertQueryData('getProfile', undefined, result.data));
    return true;
  }
  dispatch(signedOut());
  return false;
});

/** Spec §4/§7: the server is asked, then the session ends whatever it answered. */
export const logout = createAsyncThunk('session/logout', async (_: void, { dispatch }) => {
  const api = await loadApi();
  const result = await dispatch(api.endpoints.logout.initiate());
  const serverAccepted = !('error' in result);
  if (serverAccepted) {
    // The browser's settings go with the session, here as in the other tabs: Live Stats is on again.
    localStorage.clear();
    dispatch(storedSettingsChanged(readStoredSettings(localStorage)));
    rememberLiveStatsForServer(true);
  } else console.warn('Logout failed on the server', result.error);
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
  return serverAccepted;
});

/** OK on the alert modal; for a blocked account it also forgets the stored user and leaves for `/` (spec §8). */
export const acknowledgeAlert = createAsyncThunk(
  'ui/acknowledgeAlert',
  async (navigate: (path: string) => void, { dispatch, getState }) => {
    const { ui } = getState() as { ui: UiState };
    dispatch(closeAlert());
    if (ui.alert.type === 'blocked') {
      localStorage.removeItem(STORAGE_KEYS.user);
      dispatch(signedOut());
      navigate('/');
    } else if (ui.alert.type === 'pending') {
      console.info('Account pending notice closed');
    }
  },
);
