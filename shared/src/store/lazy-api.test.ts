import { jsonResponse } from '../test/render-with-providers';
import { sampleUser } from '../test/sample-user';

type Modules = {
  store: typeof import('./store');
  thunks: typeof import('./session-thunks');
  session: typeof import('./session-slice');
  loaded: typeof import('../api/loaded-api');
};

/**
 * The store's modules as a page loads them: without the RTK Query API, which loads on first use. A fresh
 * module registry, which the thunks' own `import()` of the API also uses.
 */
function freshModules(): Modules {
  jest.resetModules();
  return {
    store: jest.requireActual('./store'),
    thunks: jest.requireActual('./session-thunks'),
    session: jest.requireActual('./session-slice'),
    loaded: jest.requireActual('../api/loaded-api'),
  };
}

describe('the RTK Query API loads on first use, not with the store', () => {
  let fetchMock: jest.SpyInstance;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = jest.spyOn(window, 'fetch');
  });
  afterEach(() => fetchMock.mockRestore());

  it('checks a visitor with the session probe alone: no API, no API state', async () => {
    const { store, thunks, session, loaded } = freshModules();
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: null }));
    const appStore = store.makeStore();
    await expect(appStore.dispatch(thunks.checkSession()).unwrap()).resolves.toBe(false);
    expect(session.selectSessionStatus(appStore.getState())).toBe('unauthenticated');
    expect(loaded.loadedApi()).toBeNull();
    expect(appStore.getState().api).toBeUndefined();
  });

  it('loads the API for a signed-in answer, joins it to the store made before, and caches the profile', async () => {
    const { store, thunks, session, loaded } = freshModules();
    const user = sampleUser({ id: 11 });
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: user }));
    const appStore = store.makeStore();
    await expect(appStore.dispatch(thunks.checkSession()).unwrap()).resolves.toBe(true);
    const api = loaded.loadedApi();
    expect(api).not.toBeNull();
    expect(session.selectUser(appStore.getState())).toEqual(user);
    expect(appStore.getState().api?.queries['getProfile(undefined)']?.data).toEqual(user);
    expect(localStorage.getItem('ID')).toBe('11');
    // Its middleware is in the store too: a query runs through it and lands in the cache.
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: { ...user, wallet: '9.99' } }));
    await appStore.dispatch(thunks.refreshSession());
    expect(session.selectUser(appStore.getState())?.wallet).toBe('9.99');
  });

  it('uses the loader it is given (the shell passes its federated import)', async () => {
    const { store, thunks } = freshModules();
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: sampleUser() }));
    const { api } = jest.requireActual<typeof import('../api/api')>('../api/api');
    const load = jest.fn(() => Promise.resolve(api));
    await store.makeStore().dispatch(thunks.checkSession(load));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading the API beside the probe when this browser last stored a signed-in user', async () => {
    const { store, thunks } = freshModules();
    localStorage.setItem('user', '{"id":1}');
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const { api } = jest.requireActual<typeof import('../api/api')>('../api/api');
    const load = jest.fn(() => Promise.resolve(api));
    const checking = store.makeStore().dispatch(thunks.checkSession(load));
    expect(load).toHaveBeenCalledTimes(1);
    answer(jsonResponse({ status: 'success', data: null }));
    await expect(checking.unwrap()).resolves.toBe(false);
  });

  it('signs out rather than waiting forever when the API cannot load', async () => {
    const { store, thunks, session } = freshModules();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: sampleUser() }));
    const appStore = store.makeStore();
    await expect(appStore.dispatch(thunks.checkSession(() => Promise.reject(new Error('chunk failed')))).unwrap()).resolves.toBe(false);
    expect(session.selectSessionStatus(appStore.getState())).toBe('unauthenticated');
  });
});
