import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/build-test-app';
import { createSiteFixture, type SiteFixture } from '../test/site-fixture';
import { useTestDatabase } from '../test/test-database';
import { localeOfCurrentRequest, requestLocale, requestLocalePlugin, varyWith, withHtmlLang } from './request-locale';

const HOSTILE_HEADERS = [
  'x'.repeat(100_000),
  `${'de;q=0.1,'.repeat(2_000)}fr`,
  'de;q=abc',
  'de;q=-1',
  'de;q=NaN, es;q=Infinity',
  '*',
  '*;q=1, de;q=0',
  ';;;,,,',
  '\u0000de',
  'de-DE\r\nX: y',
  '<script>alert(1)</script>',
  'ümlaut-ÜÜ',
  '__proto__, constructor',
];
const HOSTILE_COOKIES = ['lang=', 'lang=DE', 'lang=de-DE', 'lang=%64%65', 'lang="de"', 'lang=de; lang=fr', `lang=${'x'.repeat(5_000)}`, 'lang=__proto__', 'lang=<b>', 'lang', '=de', ';;;'];

async function localeApp(pseudoLocaleOffered: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(cookie);
  await app.register(requestLocalePlugin, { pseudoLocaleOffered });
  app.get('/locale', async (request) => ({ locale: requestLocale(request), current: await Promise.resolve().then(() => localeOfCurrentRequest()) }));
  return app;
}

describe('the locale of a request', () => {
  it.each([
    [{ cookie: 'lang=de' }, 'de'],
    [{ cookie: 'lang=pt-BR', 'accept-language': 'fr' }, 'pt-BR'],
    [{ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' }, 'fr'],
    [{ 'accept-language': 'pt-PT' }, 'pt-BR'],
    [{ 'accept-language': 'ja, es;q=0.5' }, 'es'],
    [{ cookie: 'lang=xx', 'accept-language': 'de' }, 'de'],
    [{}, 'en'],
  ])('with %j is %s, also for work the request starts', async (headers, locale) => {
    const app = await localeApp(false);
    expect((await app.inject({ method: 'GET', url: '/locale', headers })).json()).toEqual({ locale, current: locale });
    await app.close();
  });

  it('offers the pseudo-language in development only', async () => {
    const development = await localeApp(true);
    const production = await localeApp(false);
    const headers = { cookie: 'lang=en-XA', 'accept-language': 'es' };
    expect((await development.inject({ method: 'GET', url: '/locale', headers })).json().locale).toBe('en-XA');
    expect((await production.inject({ method: 'GET', url: '/locale', headers })).json().locale).toBe('es');
    await Promise.all([development.close(), production.close()]);
  });

  it('is a locale of the site, never an error, for hostile headers and cookies', async () => {
    const app = await localeApp(true);
    for (const acceptLanguage of HOSTILE_HEADERS) {
      for (const cookieHeader of ['', ...HOSTILE_COOKIES]) {
        const response = await app.inject({ method: 'GET', url: '/locale', headers: { 'accept-language': acceptLanguage, ...(cookieHeader ? { cookie: cookieHeader } : {}) } });
        expect({ acceptLanguage: acceptLanguage.slice(0, 30), cookieHeader: cookieHeader.slice(0, 30), status: response.statusCode }).toEqual({
          acceptLanguage: acceptLanguage.slice(0, 30),
          cookieHeader: cookieHeader.slice(0, 30),
          status: 200,
        });
        expect(['en', 'es', 'de', 'pt-BR', 'fr', 'en-XA']).toContain(response.json().locale);
      }
    }
    await app.close();
  });

  it('is undefined outside a request', () => {
    expect(localeOfCurrentRequest()).toBeUndefined();
  });
});

describe('withHtmlLang and varyWith', () => {
  it.each([
    ['<!doctype html><html lang="en"><head></head></html>', '<!doctype html><html lang="de"><head></head></html>'],
    ['<html><head></head></html>', '<html lang="de"><head></head></html>'],
    ['<HTML class="x" LANG=en dir="ltr"><body></body></HTML>', '<html lang="de" class="x" dir="ltr"><body></body></HTML>'],
    ["<html lang='en-US' data-x><p>lang=\"en\"</p></html>", '<html lang="de" data-x><p>lang="en"</p></html>'],
    ['<!doctype html><title>t</title><p>no html tag</p>', '<!doctype html><html lang="de"><title>t</title><p>no html tag</p>'],
    ['<p>no doctype</p>', '<html lang="de"><p>no doctype</p>'],
  ])('sets the language of %s', (html, expected) => {
    expect(withHtmlLang(html, 'de')).toBe(expected);
  });

  it('adds each name once to what a Vary header already says', () => {
    expect(varyWith(undefined, ['Cookie', 'Accept-Language'])).toBe('Cookie, Accept-Language');
    expect(varyWith('cookie', ['Cookie', 'Accept-Language'])).toBe('cookie, Accept-Language');
    expect(varyWith(['Accept-Encoding', 'Cookie'], ['Cookie', 'Accept-Language'])).toBe('Accept-Encoding, Cookie, Accept-Language');
  });
});

describe("the shell's page in the visitor's language", () => {
  const database = useTestDatabase();
  let site: SiteFixture;
  let app: FastifyInstance;

  beforeAll(async () => {
    site = await createSiteFixture();
    app = await buildTestApp({ database: database(), serveSite: true, siteRoot: site.root });
  });
  afterAll(async () => {
    await app.close();
    await site.remove();
  });

  const page = (path: string, headers: Record<string, string>) => app.inject({ method: 'GET', url: path, headers: { accept: 'text/html', ...headers } });
  const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

  it.each([
    [{ cookie: 'lang=de' }, 'de'],
    [{ 'accept-language': 'es-MX,es;q=0.9' }, 'es'],
    [{ cookie: 'lang=fr', 'accept-language': 'de' }, 'fr'],
    [{ cookie: 'lang=en-XA' }, 'en-XA'],
    [{}, 'en'],
  ])('sets <html lang> for %j to %s and says the page varies with Cookie and Accept-Language', async (headers, lang) => {
    for (const path of ['/', '/Earn', '/no-such-page']) {
      const response = await page(path, headers);
      expect(response.statusCode).toBe(200);
      expect(langOf(response.body)).toBe(lang);
      expect(response.body.match(/<html\b/g)).toHaveLength(1);
      const vary = String(response.headers.vary).toLowerCase();
      expect(vary).toContain('cookie');
      expect(vary).toContain('accept-language');
      expect(response.headers['cache-control']).toMatch(/no-cache/);
    }
  });

  it('answers hostile headers and cookies with a page in a site language, never an error', async () => {
    for (const acceptLanguage of HOSTILE_HEADERS.filter((header) => !/[\r\n]/.test(header))) {
      for (const cookieHeader of HOSTILE_COOKIES) {
        const response = await page('/', { 'accept-language': acceptLanguage, cookie: cookieHeader });
        expect(response.statusCode).toBe(200);
        expect(['en', 'es', 'de', 'pt-BR', 'fr', 'en-XA']).toContain(langOf(response.body));
        expect(response.body).not.toContain('<script>alert');
      }
    }
  });
});
