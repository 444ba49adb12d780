import { bearer, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const JSON_TYPE = { 'content-type': 'application/json' };

// Plain clients (curl -X POST -H 'content-type: application/json', fetch with the header and no body) send
// the JSON type with nothing after it: that is no body, not a malformed one.
describe(`an empty body sent as JSON on ${kind}`, () => {
  const { app } = useTestApp();

  const post = (url: string, headers: Record<string, string>, payload?: string) => app().inject({ method: 'POST', url, headers, payload });

  it('signs out (a route without a body) as if no body had come', async () => {
    const empty = await post('/api/user/logout', JSON_TYPE, '');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual((await post('/api/user/logout', {})).json());
  });

  it('reads the profile of a bearer with the JSON type and no body', async () => {
    const { token, email } = await signUp(app());
    const answer = await post('/api/user/Profile', { ...JSON_TYPE, ...bearer(token) }, '');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.email).toBe(email);
  });

  it('answers a route that needs a body exactly as it answers no body at all', async () => {
    for (const url of ['/api/user/Login', '/api/user/forgot-password', '/api/contact']) {
      const empty = await post(url, JSON_TYPE, '');
      const none = await post(url, {});
      expect({ url, status: empty.statusCode, body: empty.json() }).toEqual({ url, status: none.statusCode, body: none.json() });
      expect(empty.statusCode).toBeLessThan(500);
    }
  });

  it('still refuses malformed JSON, prototype pollution and bodies over the limit', async () => {
    expect((await post('/api/user/Login', JSON_TYPE, `{"email":"${'a'.repeat(2 * 1024 * 1024)}"}`)).statusCode).toBe(413);
    expect((await post('/api/user/Login', JSON_TYPE, '{')).statusCode).toBe(400);
    expect((await post('/api/user/Login', JSON_TYPE, ' ')).statusCode).toBe(400);
    expect((await post('/api/user/Login', JSON_TYPE, '{"__proto__":{"x":1},"email":"a@b.co","password":"p"}')).statusCode).toBe(400);
  });
});
