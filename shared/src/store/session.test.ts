import { createSlice } from '@reduxjs/toolkit';
import { api, selectRequestsInFlight } from '../api/api';
import { jsonResponse } from '../test/render-with-providers';
import { sampleUser } from '../test/sample-user';
import { selectIsAuthenticated, selectSessionStatus, selectUser, walletUpdated } from './session-slice';
import { acknowledgeAlert, checkSession, logout, refreshSession } from './session-thunks';
import { makeStore, rootReducer } from './store';
import { selectLiveStats, setLiveStats } from './settings-slice';
import { showAlert } from './ui-slice';

const profile = sampleUser({ id: 7 });

describe('session (spec §4)', () => {
  let fetchMock: jest.SpyInstance;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = jest.spyOn(window, 'fetch');
  });
  afterEach(() => fetchMock.mockRestore());

  it('starts unknown', () => {
    expect(selectSessionStatus(makeStore().getState())).toBe('unknown');
  });

  it('becomes authenticated when the profile fetch succeeds, and stores the user and ID', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: profile }));
    const store = makeStore();
    await expect(store.dispatch(refreshSession()).unwrap()).resolves.toBe(true);
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    expect(selectUser(store.getState())).toEqual(profile);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(profile);
    expect(localStorage.getItem('ID')).toBe('7');
  });

  it('becomes unauthenticated when the profile fetch fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'error', message: 'Unauthenticated' }, 401));
    const store = makeStore();
    await expect(store.dispatch(refreshSession()).unwrap()).resolves.toBe(false);
    expect(selectSessionStatus(store.getState())).toBe('unauthenticated');
    expect(selectUser(store.getState())).toBeNull();
  });

  it('checks a signed-in session with the session probe, and stores the user as a profile fetch does', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: profile }));
    const store = makeStore();
    await expect(store.dispatch(checkSession()).unwrap()).resolves.toBe(true);
    expect((fetchMock.mock.calls[0]![0] as Request).url).toMatch(/\/user\/Session$/);
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    expect(selectUser(store.getState())).toEqual(profile);
    expect(api.endpoints.getProfile.select()(store.getState() as Parameters<ReturnType<typeof api.endpoints.getProfile.select>>[0]).data).toEqual(profile);
    expect(localStorage.getItem('ID')).toBe('7');
  });

  it.each([
    ['the probe answers no user', () => jsonResponse({ status: 'success', data: null })],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server fails', () => jsonResponse({ status: 'error', message: 'Server error' }, 503)],
  ])('checks a visitor as signed out when %s', async (_case, answer) => {
    fetchMock.mockImplementation(answer);
    const store = makeStore();
    await expect(store.dispatch(checkSession()).unwrap()).resolves.toBe(false);
    expect(selectSessionStatus(store.getState())).toBe('unauthenticated');
    expect(selectUser(store.getState())).toBeNull();
  });

  it('stays signed in when a later profile refresh fails on the network or the server', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'success', data: profile }));
    const store = makeStore();
    await store.dispatch(refreshSession());
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await store.dispatch(refreshSession());
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'error', message: 'Server error' }, 503));
    await store.dispatch(refreshSession());
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'error', message: 'Unauthenticated.' }, 401));
    await store.dispatch(refreshSession());
    expect(selectSessionStatus(store.getState())).toBe('unauthenticated');
  });

  it('updates the wallet from an answer that carries the new balance', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'success', data: profile }));
    const store = makeStore();
    await store.dispatch(refreshSession());
    store.dispatch(walletUpdated({ wallet: '2.34' }));
    expect(selectUser(store.getState())?.wallet).toBe('2.34');
  });

  it('logs out: asks the server, clears local storage and the user; Live Stats is on again, for the server too', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'success', data: profile }));
    const store = makeStore();
    await store.dispatch(refreshSession());
    store.dispatch(setLiveStats(false));
    expect(document.cookie).toContain('live_stats=off');
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'success', message: 'Logged out' }));
    await expect(store.dispatch(logout()).unwrap()).resolves.toBe(true);
    expect(new URL((fetchMock.mock.calls.at(-1)![0] as Request).url).pathname).toBe('/api/user/logout');
    expect(selectSessionStatus(store.getState())).toBe('unauthenticated');
    expect(localStorage.getItem('user')).toBeNull();
    expect(selectLiveStats(store.getState())).toBe(true);
    expect(document.cookie).not.toContain('live_stats');
  });

  it('still signs out locally when the server refuses the logout', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'success', data: profile }));
    const store = makeStore();
    await store.dispatch(refreshSession());
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'error', message: 'Server error' }, 500));
    await expect(store.dispatch(logout()).unwrap()).resolves.toBe(false);
    expect(selectUser(store.getState())).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('unauthenticated');
  });
});

describe('alert acknowledgement (spec §8)', () => {
  it('for a blocked account removes the stored user and goes to /', async () => {
    localStorage.setItem('user', '{"id":1}');
    localStorage.setItem('Live Stats', 'false');
    const store = makeStore();
    store.dispatch(showAlert({ type: 'blocked', title: 'Your account has been blocked.', message: 'x' }));
    const navigate = jest.fn();
    await store.dispatch(acknowledgeAlert(navigate));
    expect(store.getState().ui.alert.isOpen).toBe(false);
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('Live Stats')).toBe('false');
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('for other types only closes', async () => {
    localStorage.setItem('user', '{"id":1}');
    const store = makeStore();
    store.dispatch(showAlert({ type: 'success', title: 'Done', message: 'ok' }));
    const navigate = jest.fn();
    await store.dispatch(acknowledgeAlert(navigate));
    expect(store.getState().ui.alert.isOpen).toBe(false);
    expect(localStorage.getItem('user')).toBe('{"id":1}');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('store', () => {
  it('lets a remote inject its own slice into the one root reducer', () => {
    const offersFilter = createSlice({ name: 'offersFilterTest', initialState: { device: 'All' }, reducers: {} });
    const store = makeStore();
    offersFilter.injectInto(rootReducer);
    store.dispatch({ type: 'any/action' });
    expect((store.getState() as unknown as Record<string, unknown>).offersFilterTest).toEqual({ device: 'All' });
  });

  it('reports requests in flight', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = jest.spyOn(window, 'fetch').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const store = makeStore();
    expect(selectRequestsInFlight(store.getState())).toBe(false);
    const pending = store.dispatch(api.endpoints.getProfile.initiate());
    expect(selectRequestsInFlight(store.getState())).toBe(true);
    await Promise.resolve();
    answer(jsonResponse({ status: 'success', data: profile }));
    await pending;
    expect(selectRequestsInFlight(store.getState())).toBe(false);
    fetchMock.mockRestore();
  });
});
