import fc from 'fast-check';
import { jsonResponse } from '../test/render-with-providers';
import { sampleUser } from '../test/sample-user';
import { setApiBase } from './api-base';
import { peekInlinedSessionUser, probeSession, takeInlinedSessionUser } from './session-probe';

describe('session probe (spec §4, §7): the base query’s rules with fetch alone', () => {
  let fetchMock: jest.SpyInstance;
  const dispatch = jest.fn();
  beforeEach(() => {
    fetchMock = jest.spyOn(window, 'fetch');
    dispatch.mockReset();
    setApiBase('/api/');
  });
  afterEach(() => {
    fetchMock.mockRestore();
    jest.useRealTimers();
    document.cookie = 'auth_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('posts to {apiBase}/user/Session with credentials, JSON accepted, and the bearer header when the cookie is readable', async () => {
    document.cookie = 'auth_token=abc%20def';
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: null }));
    await expect(probeSession(dispatch)).resolves.toEqual({ data: null });
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/user/Session');
    expect(request.method).toBe('POST');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('Accept')).toBe('application/json');
    expect(request.headers.get('Authorization')).toBe('Bearer abc def');
  });

  it('answers the signed-in user', async () => {
    const user = sampleUser({ id: 3 });
    fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: user }));
    await expect(probeSession(dispatch)).resolves.toEqual({ data: user });
  });

  it('turns a blocked or pending account into the alert modal (spec §8)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'error', message: 'Blocked', error_type: 'account_blocked' }, 403));
    await expect(probeSession(dispatch)).resolves.toEqual({ error: { status: 403, message: 'Blocked', errorType: 'account_blocked' } });
    expect(dispatch).toHaveBeenCalledWith(expect.objectContaining({ type: 'ui/showAlert', payload: expect.objectContaining({ type: 'blocked' }) }));
  });

  it('reads an envelope error inside a 200 as a failure, a network failure and a timeout as theirs', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'error', message: 'Nope' }));
    await expect(probeSession(dispatch)).resolves.toEqual({ error: { status: 200, message: 'Nope' } });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(probeSession(dispatch)).resolves.toEqual({ error: { status: 'NETWORK_ERROR' } });
    jest.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (request: Request) => new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
    );
    const probing = probeSession(dispatch);
    jest.advanceTimersByTime(10_000);
    await expect(probing).resolves.toEqual({ error: { status: 'TIMEOUT' } });
  });

  it('treats any hostile or malformed answer as no user, never as a signed-in one, and never throws', async () => {
    const bodies = fc.oneof(
      fc.string(),
      fc.json(),
      fc.constantFrom('', 'null', '[]', '{"data":[1]}', '{"data":"x"}', '{"status":"success","data":7}', '<html>'),
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.constantFrom(200, 204, 400, 401, 404, 500), async (body, status) => {
        fetchMock.mockResolvedValueOnce(new Response(status === 204 ? null : body, { status }));
        const result = await probeSession(dispatch);
        if ('data' in result && result.data !== null) {
          expect(typeof result.data).toBe('object');
          expect(Array.isArray(result.data)).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });

  describe('the user the server wrote into the page (contracts/session-answer.ts)', () => {
    const inline = (text: string, type = 'application/json') => {
      const element = document.createElement('script');
      element.type = type;
      element.id = 'session-answer';
      element.textContent = text;
      document.body.append(element);
    };
    afterEach(() => document.getElementById('session-answer')?.remove());

    it('answers it without asking the API, once: the next check asks', async () => {
      const user = sampleUser({ id: 9 });
      inline(JSON.stringify(user));
      await expect(probeSession(dispatch)).resolves.toEqual({ data: user });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(document.getElementById('session-answer')).toBeNull();
      fetchMock.mockResolvedValue(jsonResponse({ status: 'success', data: null }));
      await expect(probeSession(dispatch)).resolves.toEqual({ data: null });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('lets the first render look at it (peek) and leaves it for the check, which takes it', async () => {
      const user = sampleUser({ id: 6, email_verified: false });
      inline(JSON.stringify(user));
      expect(peekInlinedSessionUser()).toEqual(user);
      expect(peekInlinedSessionUser()).toEqual(user);
      await expect(probeSession(dispatch)).resolves.toEqual({ data: user });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(peekInlinedSessionUser()).toBeNull();
      inline('[]');
      expect(peekInlinedSessionUser()).toBeNull();
    });

    it('reads a hostile name as the text it is, as the server escapes it (no markup can leave the element)', () => {
      const name = '</script><script>alert(1)</script><!-- \u2028 & >';
      // The server's escaping (api/src/plugins/session-answer.ts): <, >, & and the line separators as \u escapes.
      const escaped = JSON.stringify({ ...sampleUser({ id: 4 }), name }).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
      document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="session-answer">${escaped}</script>`);
      expect(document.querySelectorAll('script:not([type="application/json"])')).toHaveLength(0);
      expect(takeInlinedSessionUser()).toEqual(expect.objectContaining({ id: 4, name }));
    });

    it('asks the API when the element holds anything but a user, or is not a data block', async () => {
      for (const text of ['', 'null', '[]', '7', '"x"', '{', '<html>']) {
        inline(text);
        fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'success', data: null }));
        await expect(probeSession(dispatch)).resolves.toEqual({ data: null });
      }
      inline(JSON.stringify(sampleUser({ id: 5 })), 'text/plain');
      fetchMock.mockResolvedValueOnce(jsonResponse({ status: 'success', data: null }));
      await expect(probeSession(dispatch)).resolves.toEqual({ data: null });
      expect(fetchMock).toHaveBeenCalledTimes(8);
    });
  });
});
