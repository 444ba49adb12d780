import { eq } from 'drizzle-orm';
import { LOCALES } from '@rewards/shared/i18n/locales';
import { users } from '../../db/schema';
import { bearer, captureMailer, signUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`the user's language (PUT /api/user/language), on ${kind}`, () => {
  const mailer = captureMailer();
  const { app, db } = useTestApp({ mailer });

  const setLanguage = (token: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
    app().inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const profileOf = async (token: string) => (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).json().data;
  const storedLanguage = async (userId: number) => (await db().select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]?.language;

  it('is null until chosen, in the sign-up answer and the profile', async () => {
    const { token, user } = await signUp(app());
    expect(user.language).toBeNull();
    expect((await profileOf(token)).language).toBeNull();
  });

  it.each(LOCALES)('keeps %s, answers it, sets the lang cookie for a year and the profile shows it', async (language) => {
    const { token, user } = await signUp(app());
    const response = await setLanguage(token, { language });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', data: { language } });
    const cookie = response.cookies.find((item) => item.name === 'lang');
    expect(cookie).toMatchObject({ value: language, path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect((await profileOf(token)).language).toBe(language);
    expect(await storedLanguage(user.id)).toBe(language);
  });

  it('follows the user to another browser: a new sign-in answers the chosen language', async () => {
    const { token, email, password } = await signUp(app());
    await setLanguage(token, { language: 'pt-BR' });
    const login = await app().inject({ method: 'POST', url: '/api/user/Login', payload: { email, password } });
    expect(login.json().data.user.language).toBe('pt-BR');
  });

  it('answers 401 without a session and changes nothing', async () => {
    const response = await setLanguage(undefined, { language: 'de' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'error', code: 'unauthenticated', message: 'Unauthenticated.' });
    expect(response.cookies.find((item) => item.name === 'lang')).toBeUndefined();
    const forged = await setLanguage('x'.repeat(64), { language: 'de' });
    expect(forged.statusCode).toBe(401);
  });

  const HOSTILE_LANGUAGES: unknown[] = [
    'DE', 'de-DE', 'pt-br', 'pt', 'en-XA', 'xx', '', ' de', 'de ', 'de\u0000', '*', 'de;q=1', '__proto__', 'constructor', 'toString',
    'x'.repeat(100_000), 'e\u0301n', '<script>', null, 1, true, [], ['de'], { de: true }, 1e308,
  ];

  it.each(HOSTILE_LANGUAGES.map((value) => [JSON.stringify(value).slice(0, 40), value]))('refuses %s with 422 invalid_language and changes nothing', async (_label, language) => {
    const { token, user } = await signUp(app());
    await setLanguage(token, { language: 'fr' });
    const response = await setLanguage(token, { language });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'invalid_language',
      message: 'The language must be one of en, es, de, pt-BR, fr.',
      errors: { language: ['The language must be one of en, es, de, pt-BR, fr.'] },
      field_codes: { language: [{ code: 'invalid_language' }] },
    });
    expect(response.cookies.find((item) => item.name === 'lang')).toBeUndefined();
    expect(await storedLanguage(user.id)).toBe('fr');
  });

  it.each([
    ['no language field', '{}', 'invalid_language'],
    ['an extra field beside a good one', '{"language":"de","admin":true}', null],
    ['a prototype key (the JSON parser refuses it)', '{"__proto__":{"language":"de"}}', 'invalid_request'],
    ['an array', '["de"]', 'validation_failed'],
    ['a string', '"de"', 'validation_failed'],
    ['malformed JSON', '{"language":', 'invalid_request'],
  ])('answers %s without a 5xx, with a listed code', async (_label, body, code) => {
    const { token } = await signUp(app());
    const response = await setLanguage(token, body);
    if (code === null) expect(response.statusCode).toBe(200);
    else expect([response.statusCode >= 400 && response.statusCode < 500, response.json().code]).toEqual([true, code]);
  });
});
