import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { hasForbiddenNameCharacter } from '@rewards/shared/rules/name-characters';
import { bearer, signUp, uniqueEmail } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const ENDPOINTS = ['Register', 'Login', 'Profile', 'UpdateProfile', 'logout', 'DeleteAccount', 'forgot-password', 'verify-otp', 'reset-password'] as const;
const FIELDS = ['name', 'email', 'password', 'password_confirmation', 'otp', 'referral_code'] as const;

/** Values a careless or hostile client might put in a field. */
const fieldValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.emailAddress(),
  fc.stringMatching(/^\d{6}$/),
  fc.constantFrom('a@b.co', ' A@B.CO ', 'x'.repeat(10_000), '\u0000', '<script>', "' or 1=1 --", 'null', '0'),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A body that would pass, with up to two fields replaced or dropped: reaches the database and the hashing. */
const nearlyValidBody = fc
  .record({
    email: fc.oneof(fc.emailAddress(), fc.stringMatching(/^[a-zA-Z0-9]{1,12}([._+-][a-z0-9]{1,8})?@[a-z0-9]{1,10}\.[a-z]{2,6}$/)),
    otp: fc.stringMatching(/^\d{6}$/),
    replaced: fc.dictionary(fc.constantFrom(...FIELDS), fc.option(fieldValue, { nil: undefined }), { maxKeys: 2 }),
  })
  .map(({ email, otp, replaced }) => ({
    name: 'Fuzz',
    email,
    password: 'password123',
    password_confirmation: 'password123',
    otp,
    ...replaced,
  }));

const jsonBody = fc.oneof(
  { arbitrary: nearlyValidBody, weight: 3 },
  { arbitrary: fc.dictionary(fc.constantFrom(...FIELDS, '__proto__', 'constructor', 'status'), fieldValue, { maxKeys: 8 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 1 },
);

const headerText = fc.stringMatching(/^[\x20-\x7e]{0,120}$/);

type Request = { endpoint: (typeof ENDPOINTS)[number]; build: (url: string) => InjectOptions };

const request: fc.Arbitrary<Request> = fc.record({
  endpoint: fc.constantFrom(...ENDPOINTS),
  build: fc.oneof(
    jsonBody.map((body) => (url: string): InjectOptions => ({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })),
    fc.string({ unit: 'binary', maxLength: 500 }).map((raw) => (url: string): InjectOptions => ({ method: 'POST', url, payload: raw, headers: { 'content-type': 'application/json' } })),
    fc
      .record({ type: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml', ''), raw: fc.string({ maxLength: 200 }) })
      .map(({ type, raw }) => (url: string): InjectOptions => ({ method: 'POST', url, payload: raw, headers: type ? { 'content-type': type } : {} })),
    fc
      .record({ authorization: headerText, cookie: headerText, body: jsonBody })
      .map(({ authorization, cookie, body }) => (url: string): InjectOptions => ({
        method: 'POST',
        url,
        payload: body as object,
        headers: { authorization, cookie: `auth_token=${cookie}` },
      })),
  ),
});

describe(`hostile input to the account calls on ${kind}`, () => {
  const { app } = useTestApp();

  it('never answers 5xx, and always answers the JSON envelope', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ endpoint, build }) => {
        const response = await app().inject(build(`/api/user/${endpoint}`));
        expect(response.statusCode).toBeLessThan(500);
        expect(['success', 'error']).toContain(response.json().status);
      }),
      { numRuns: 400 },
    );
  });

  it('renames a signed-in user only to a clean name, whatever the body; never 5xx', async () => {
    const { token } = await signUp(app(), { name: 'Kept Name' });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fieldValue, fc.record({ name: fieldValue })), async (body) => {
        const response = await app().inject({
          method: 'POST',
          url: '/api/user/UpdateProfile',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? '',
        });
        expect([200, 400, 422]).toContain(response.statusCode);
        expect(response.json().status).toBe(response.statusCode === 200 ? 'success' : 'error');
        const profile = await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) });
        expect(hasForbiddenNameCharacter(profile.json().data.name)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps a language only when it is one of the site\'s, whatever the body, cookie or Accept-Language; never 5xx', async () => {
    const { token } = await signUp(app());
    await fc.assert(
      fc.asyncProperty(fc.oneof(fieldValue, fc.record({ language: fc.oneof(fieldValue, fc.constantFrom('de', 'pt-BR', 'en-XA', 'DE', 'pt')) })), headerText, async (body, header) => {
        const before = (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).json().data.language;
        const response = await app().inject({
          method: 'PUT',
          url: '/api/user/language',
          headers: { ...bearer(token), 'content-type': 'application/json', 'accept-language': header, cookie: `lang=${header}` },
          payload: JSON.stringify(body) ?? '',
        });
        expect([200, 400, 422]).toContain(response.statusCode);
        const after = (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).json().data.language;
        if (response.statusCode === 200) expect(['en', 'es', 'de', 'pt-BR', 'fr']).toContain(after);
        else expect({ after, code: ['invalid_language', 'validation_failed', 'invalid_request'].includes(response.json().code) }).toEqual({ after: before, code: true });
      }),
      { numRuns: 150 },
    );
  });

  it('refuses at sign-up and at rename every name holding a control or formatting character, changing nothing', async () => {
    const { token } = await signUp(app(), { name: 'Kept Name' });
    const forbidden = fc.constantFrom(
      '\u0000', '\u0007', '\t', '\n', '\u001b', '\u007f', '\u0085', '\u009b', '\u00ad', '\u061c', '\u200b', '\u200e', '\u200f',
      '\u2028', '\u2029', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2060', '\u2066', '\u2067', '\u2068', '\u2069',
      '\ufeff', '\u{e0041}', '\ud800', '\udfff',
    );
    const hostileName = fc
      .tuple(fc.string({ maxLength: 40 }), forbidden, fc.string({ maxLength: 40 }))
      .map(([before, character, after]) => `${before}x${character}x${after}`);
    await fc.assert(
      fc.asyncProperty(hostileName, async (name) => {
        const email = uniqueEmail('hostile-name');
        const registered = await app().inject({ method: 'POST', url: '/api/user/Register', payload: { name, email, password: 'password123', password_confirmation: 'password123' } });
        expect(registered.statusCode).toBe(422);
        expect(registered.json().errors.name).toEqual([expect.stringContaining('control characters')]);
        const renamed = await app().inject({ method: 'POST', url: '/api/user/UpdateProfile', headers: bearer(token), payload: { name } });
        expect(renamed.statusCode).toBe(422);
        expect(renamed.json().errors.name).toEqual([expect.stringContaining('control characters')]);
      }),
      { numRuns: 200 },
    );
    const profile = await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) });
    expect(profile.json().data.name).toBe('Kept Name');
    const login = await app().inject({ method: 'POST', url: '/api/user/Login', payload: { email: uniqueEmail('hostile-name'), password: 'password123' } });
    expect(login.statusCode).toBe(401);
  });

  it('answers a 2 MB body with 413, not by hashing it', async () => {
    const huge = 'p'.repeat(2 * 1024 * 1024);
    for (const endpoint of ['Register', 'Login']) {
      const response = await app().inject({ method: 'POST', url: `/api/user/${endpoint}`, payload: { email: 'a@b.co', password: huge, name: huge } });
      expect(response.statusCode).toBe(413);
      expect(response.json().status).toBe('error');
    }
  });

  it('answers a long but allowed-size password with a 422, not a slow hash', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/user/Register',
      payload: { name: 'Long', email: 'long@example.com', password: 'p'.repeat(100_000), password_confirmation: 'p'.repeat(100_000) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password).toEqual(['The password may not be greater than 200 characters.']);
  });

  it('answers a GET to a POST-only account call with 404 in the envelope', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/user/Profile' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'error', code: 'not_found', message: 'Not found' });
  });
});
