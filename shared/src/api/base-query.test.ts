import { jsonResponse } from '../test/render-with-providers';
import { sampleUser } from '../test/sample-user';
import { makeStore } from '../store/store';
import { api } from './api';
import { setApiBase } from './base-query';

const profile = sampleUser({ id: 7 });

function lastRequest(fetchMock: jest.SpyInstance): Request {
  return fetchMock.mock.calls.at(-1)![0] as Request;
}

describe('base query (spec §7)', () => {
  let fetchMock: jest.SpyInstance;

  beforeEach(() => {
    setApiBase('/api');
    fetchMock = jest.spyOn(window, 'fetch');
    document.cookie = 'auth_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  afterEach(() => fetchMock.mockRestore());

  it('calls the API base with credentials and JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: profile }));
    const store = makeStore();
    const result = await store.dispatch(api.endpoints.getProfile.initiate());
    const request = lastRequest(fetchMock);
    expect(new URL(request.url).pathname).toBe('/api/user/Profile');
    expect(request.method).toBe('POST');
    expect(request.credentials).toBe('include');
    expect(result.data).toEqual(profile);
  });

  it('sends a bearer token built from the auth_token cookie when readable', async () => {
    document.cookie = 'auth_token=secret-token';
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: profile }));
    await makeStore().dispatch(api.endpoints.getProfile.initiate());
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it('sends no Authorization header without the cookie', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: profile }));
    await makeStore().dispatch(api.endpoints.getProfile.initiate());
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBeNull();
  });

  it('decodes an error envelope into status, message and field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ status: 'error', message: 'The given data was invalid.', errors: { email: ['Required'] } }, 422),
    );
    const result = await makeStore().dispatch(api.endpoints.getProfile.initiate());
    expect(result.error).toEqual({ status: 422, message: 'The given data was invalid.', errors: { email: ['Required'] } });
  });

  it('keeps the error code, and the method a step-up asks for, leaving the alert modal alone', async () => {
    const stepUp = { status: 'error', code: 'step_up_required', method: 'totp', message: 'Enter the code we sent to confirm this cashout.' };
    fetchMock.mockResolvedValue(jsonResponse(stepUp, 403));
    const store = makeStore();
    const result = await store.dispatch(api.endpoints.getProfile.initiate());
    expect(result.error).toEqual({ status: 403, code: 'step_up_required', method: 'totp', message: 'Enter the code we sent to confirm this cashout.' });
    expect(store.getState().ui.alert.isOpen).toBe(false);
  });

  it('drops a method it does not know', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'error', code: 'step_up_required', method: 'sms', message: 'Code' }, 403));
    const result = await makeStore().dispatch(api.endpoints.getProfile.initiate());
    expect(result.error).toEqual({ status: 403, code: 'step_up_required', message: 'Code' });
  });

  it('treats a 200 whose envelope says status "error" as a failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'error', message: 'Nope' }));
    const result = await makeStore().dispatch(api.endpoints.getProfile.initiate());
    expect(result.error).toEqual({ status: 200, message: 'Nope' });
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = await makeStore().dispatch(api.endpoints.getProfile.initiate());
    expect(result.error).toEqual({ status: 'NETWORK_ERROR' });
  });

  it('opens the blocked modal on 403 account_blocked', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'error', message: 'Blocked', error_type: 'account_blocked' }, 403));
    const store = makeStore();
    await store.dispatch(api.endpoints.getProfile.initiate());
    expect(store.getState().ui.alert).toEqual({
      isOpen: true,
      type: 'blocked',
      title: 'Your account has been blocked.',
      message: 'If you dont know the reason, please contact support.',
      code: 'account_blocked',
    });
  });

  it('opens the pending modal on 403 account_pending', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'error', message: 'Pending', error_type: 'account_pending' }, 403));
    const store = makeStore();
    await store.dispatch(api.endpoints.getProfile.initiate());
    expect(store.getState().ui.alert).toMatchObject({
      isOpen: true,
      type: 'pending',
      title: 'The account has been temporarily disabled.',
    });
  });

  it('leaves other 403s to the caller', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'error', message: 'Forbidden' }, 403));
    const store = makeStore();
    await store.dispatch(api.endpoints.getProfile.initiate());
    expect(store.getState().ui.alert.isOpen).toBe(false);
  });
});

describe('request timeout', () => {
  it('gives up after 10 000 ms with TIMEOUT', async () => {
    jest.useFakeTimers();
    const fetchMock = jest.spyOn(window, 'fetch').mockImplementation(
      (input) =>
        new Promise((_, reject) => {
          const { signal } = input as Request;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const pending = makeStore().dispatch(api.endpoints.getProfile.initiate());
    await jest.advanceTimersByTimeAsync(9_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result.error).toEqual({ status: 'TIMEOUT' });
    fetchMock.mockRestore();
    jest.useRealTimers();
  });
});
