import { createAsyncThunk } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { STORAGE_KEYS } from '../constants';
import { signedOut } from './session-slice';
import { closeAlert, type UiState } from './ui-slice';

/** One profile fetch decides whether the visitor is signed in (spec §4). */
export const refreshSession = createAsyncThunk('session/refresh', async (_: void, { dispatch }) => {
  const result = await dispatch(api.endpoints.getProfile.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return result.isSuccess;
});

type ApiState = { [api.reducerPath]: ReturnType<typeof api.reducer> };

/**
 * A page's first look at the session (spec §4): the session probe answers a visitor 200 with no user, where
 * the profile call answers 401, which the browser logs as a failed request. A signed-in answer fills the
 * profile, as a profile fetch would; anything else (no one, a network or server failure) means signed out.
 */
export const checkSession = createAsyncThunk<boolean, void, { state: ApiState }>('session/check', async (_, { dispatch }) => {
  const result = await dispatch(api.endpoints.probeSession.initiate(undefined, { subscribe: false, forceRefetch: true }));
  if (result.data) {
    await dispatch(api.util.upsertQueryData('getProfile', undefined, result.data));
    return true;
  }
  dispatch(signedOut());
  return false;
});

/** Spec §4/§7: the server is asked, then the session ends whatever it answered. */
export const logout = createAsyncThunk('session/logout', async (_: void, { dispatch }) => {
  const result = await dispatch(api.endpoints.logout.initiate());
  const serverAccepted = !('error' in result);
  if (serverAccepted) localStorage.clear();
  else console.warn('Logout failed on the server', result.error);
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
