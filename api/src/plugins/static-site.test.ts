import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { signUp } from '../test/accounts';
import { buildTestApp } from '../test/build-test-app';
import { BIG_SCRIPT, createSiteFixture, type SiteFixture } from '../test/site-fixture';
import { useTestDatabase } from '../test/test-database';
import { CACHE_FOREVER } from './cache-policy';
import { START_AFTER_PAINT_SCRIPT } from './start-after-paint';

describe('site serving', () => {
  const database = useTestDatabase();
  let site: SiteFixture;
  let app: FastifyInstance;

  beforeEach(async () => {
    site = await createSiteFixture();
    app = await buildTestApp({ database: database(), serveSite: true, siteRoot: site.root });
  });
  afterEach(async () => {
    await app.close();
    await site.remove();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('serves the shell at / with no-cache', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('shell v1');
  });

  it.each(['/Earn', '/ref/123', '/my-offers', '/no-such-page'])('answers %s with the shell page (SPA fallback)', async (url) => {
    const response = await get(url, { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('shell v1');
  });

  describe("preloads of the page's remote", () => {
    const marketingManifest = (remoteEntryName: string, routeFiles: string[]) =>
      JSON.stringify({
        id: 'mf_marketing',
        metaData: { remoteEntry: { name: remoteEntryName, path: '' } },
        exposes: [
          { path: './site-footer', assets: { js: { sync: ['__federation_expose_site_footer.1111111111.js'], async: [] }, css: { sync: [], async: [] } } },
          { path: './routes', assets: { js: { sync: routeFiles, async: ['lazy.2222222222.js'] }, css: { sync: ['routes.3333333333.css'], async: [] } } },
        ],
      });
    const preloadsOf = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]*)" as="(\w+)"/g)].map(([, href, as]) => `${as} ${href}`);

    it('names the manifest and the remote entry of the remote owning the path, in the head', async () => {
      await site.write('shell/dist/index.html', '<!doctype html><html><head><title>shell v1</title></head><body><div id="root"></div></body></html>');
      await site.write('mf-marketing/dist/mf-manifest.json', marketingManifest('remoteEntry.js', ['__federation_expose_routes.a1b2c3d4e5.js']));
      for (const path of ['/', '/faq', '/FAQ/']) {
        const response = await get(path, { accept: 'text/html' });
        expect(preloadsOf(response.body)).toEqual(['fetch /remotes/mf-marketing/mf-manifest.json', 'script /remotes/mf-marketing/remoteEntry.js']);
        expect(response.body).toMatch(/as="script" \/><\/head><body>/);
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    });

    it('names only the manifest of a remote that is not built, and nothing for a path no remote owns', async () => {
      expect(preloadsOf((await get('/Earn', { accept: 'text/html' })).body)).toEqual(['fetch /remotes/mf-earn/mf-manifest.json']);
      expect(preloadsOf((await get('/no-such-page', { accept: 'text/html' })).body)).toEqual([]);
    });

    it('names nothing of the staff console, built or not, signed in or not: only the shell, once it knows a staff member is in, fetches it', async () => {
      await site.write('mf-admin/dist/mf-manifest.json', JSON.stringify({ id: 'mf_admin', metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] }));
      for (const path of ['/admin', '/admin/users/7']) {
        expect(preloadsOf((await get(path, { accept: 'text/html' })).body)).toEqual([]);
        expect(preloadsOf((await get(path, { accept: 'text/html', cookie: 'auth_token=abc' })).body)).toEqual([]);
      }
    });

    it('puts nothing of a hostile manifest into the page: no markup, no path out of the folder', async () => {
      for (const hostile of ['"><script>alert(1)</script>', '../../../etc/passwd', 'x" onload="alert(1)']) {
        await site.write('mf-marketing/dist/mf-manifest.json', marketingManifest(hostile, []));
        const body = (await get('/', { accept: 'text/html' })).body;
        expect(body).not.toContain('<script>alert');
        expect(body).not.toContain('onload');
        expect(body).not.toContain('passwd');
        expect(preloadsOf(body)).toEqual(['fetch /remotes/mf-marketing/mf-manifest.json']);
      }
      await site.write('mf-marketing/dist/mf-manifest.json', '{ not json');
      expect(preloadsOf((await get('/', { accept: 'text/html' })).body)).toEqual(['fetch /remotes/mf-marketing/mf-manifest.json']);
    });
  });

  describe("the shell's start-up files of a signed-in page", () => {
    const signedIn = { accept: 'text/html', cookie: 'auth_token=some-session' };
    const lowPreloadsOf = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]*)" as="(\w+)" fetchpriority="low" \/>/g)].map(([, href, as]) => `${as} ${href}`);

    it("preloads the API client the shell's build names, at low priority, for a request carrying a session only", async () => {
      await site.write('shell/dist/signed-in-preloads.json', JSON.stringify([{ href: '/query.0123456789.js', as: 'script' }]));
      for (const path of ['/Earn', '/Cashout', '/']) expect(lowPreloadsOf((await get(path, signedIn)).body)).toEqual(['script /query.0123456789.js']);
      expect(lowPreloadsOf((await get('/Earn', { accept: 'text/html' })).body)).toEqual([]);
      expect(lowPreloadsOf((await get('/Earn', { accept: 'text/html', cookie: 'other=auth_token=x' })).body)).toEqual([]);
    });

    it('puts nothing of a hostile or broken list into the page, and still serves the page', async () => {
      const hostile = [
        { href: '"><script>alert(1)</script>', as: 'script' },
        { href: '/x.js" onload="alert(1)', as: 'script' },
        { href: '/../../etc/passwd', as: 'script' },
        { href: 'https://elsewhere.example/x.js', as: 'script' },
        { href: '//elsewhere.example/x.js', as: 'script' },
        { href: '/ok.js', as: 'fetch" onload="alert(1)' },
        { href: 42, as: 'script' },
        'query.js',
        null,
      ];
      for (const content of [JSON.stringify(hostile), '{ not json', JSON.stringify({ href: '/query.js', as: 'script' }), '']) {
        await site.write('shell/dist/signed-in-preloads.json', content);
        const response = await get('/Earn', signedIn);
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('shell v1');
        expect(lowPreloadsOf(response.body)).toEqual([]);
        for (const marker of ['<script>alert', 'onload', 'passwd', 'elsewhere']) expect(response.body).not.toContain(marker);
      }
    });
  });

  describe("the session's user in a signed-in page", () => {
    const sessionBlockOf = (html: string) => /<script type="application\/json" id="session-answer">([^<]*)<\/script>(?:<\/body><\/html>)?$/.exec(html)?.[1];
    const hostileName = '</script><script>alert(1)</script><!--';

    it('carries what the Session call answers this cookie, escaped, in a page no cache keeps', async () => {
      const { token, user } = await signUp(app, { name: hostileName });
      await site.write('shell/dist/index.html', '<!doctype html><html><head><title>shell v1</title></head><body><div id="root"></div></body></html>');
      for (const path of ['/Earn', '/Cashout', '/Profile']) {
        const response = await get(path, { accept: 'text/html', cookie: `theme=dark; auth_token=${token}` });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('private, no-store');
        const block = sessionBlockOf(response.body);
        expect(block).toBeDefined();
        expect(JSON.parse(block!)).toEqual(user);
        // One script element (the data block), closed once: the name stays text.
        expect(response.body.match(/<script/g)).toHaveLength(1);
        expect(response.body.match(/<\/script>/g)).toHaveLength(1);
        expect(response.body).not.toContain('alert(1)</script>');
        expect(response.body).not.toContain('<!--');
        // No script runs it: the page's policy allows no inline script.
        expect(String(response.headers['content-security-policy'] ?? '')).not.toContain('unsafe-inline');
      }
    });

    it("preloads the verify-email banner's files for a user whose email is not verified, and for nobody else", async () => {
      await site.write(
        'mf-account/dist/mf-manifest.json',
        JSON.stringify({
          metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
          exposes: [{ path: './verify-email-banner', assets: { js: { sync: ['banner.0e1ff9f6a4.js'] }, css: { sync: ['banner.a5177c03d5.css'] } } }],
        }),
      );
      const bannerFiles = (html: string) => [...html.matchAll(/<link rel="preload" href="(\/remotes\/mf-account\/[^"]*)" as="(\w+)"[^>]*fetchpriority="low"/g)].map(([, href, as]) => `${as} ${href}`);
      const { token } = await signUp(app);
      expect(bannerFiles((await get('/Earn', { accept: 'text/html', cookie: `auth_token=${token}` })).body)).toEqual([
        'fetch /remotes/mf-account/mf-manifest.json',
        'script /remotes/mf-account/remoteEntry.js',
        'script /remotes/mf-account/banner.0e1ff9f6a4.js',
        'style /remotes/mf-account/banner.a5177c03d5.css',
      ]);
      // /Profile is mf-account's own page: its manifest and entry once, at the route's priority.
      const profile = (await get('/Profile', { accept: 'text/html', cookie: `auth_token=${token}` })).body;
      expect(profile.match(/href="\/remotes\/mf-account\/remoteEntry.js"/g)).toHaveLength(1);
      expect(bannerFiles(profile)).toEqual(['script /remotes/mf-account/banner.0e1ff9f6a4.js', 'style /remotes/mf-account/banner.a5177c03d5.css']);
      expect(bannerFiles((await get('/Earn', { accept: 'text/html' })).body)).toEqual([]);
      expect(bannerFiles((await get('/Earn', { accept: 'text/html', cookie: 'auth_token=abc' })).body)).toEqual([]);
    });

    it('carries nothing for a visitor, an unknown or malformed session, or a signed-out session, and keeps their cache rules', async () => {
      const { token } = await signUp(app);
      await app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie: `auth_token=${token}` } });
      for (const cookie of ['', 'auth_token=abc', `auth_token=${'x'.repeat(43)}`, 'auth_token="><script>alert(1)</script>', `auth_token=${token}`]) {
        const response = await get('/Earn', { accept: 'text/html', ...(cookie ? { cookie } : {}) });
        expect(response.statusCode).toBe(200);
        expect(sessionBlockOf(response.body)).toBeUndefined();
        expect(response.headers['cache-control']).not.toBe('private, no-store');
      }
    });
  });

  describe("the page a remote prerendered", () => {
    const SHELL =
      '<!doctype html><html><head><title>shell v1</title><link rel="preload" href="/runtime-config.json" as="fetch" crossorigin></head>' +
      '<body><div id="root"></div><script defer src="/main.0123456789.js"></script></body></html>';
    const HERO = '<section aria-labelledby="landing-title"><h1 id="landing-title" class="t1">Get paid</h1></section>';
    // What the root holds: up to the page's script, or the template holding it.
    const mountPointOf = (html: string) => /<div id="root">(.*?)(?:<template id="after-first-paint">.*|<script defer src="[^"]*"><\/script>)?<\/body>/s.exec(html)?.[1] ?? '';
    const heldOf = (html: string) => /<template id="after-first-paint">(.*?)<\/template>/.exec(html)?.[1] ?? null;
    const scriptSources = (header: string | string[] | number | undefined) => /(?:^|;)\s*script-src ([^;]*)/.exec(String(header))?.[1]?.split(' ') ?? [];

    beforeEach(async () => {
      await site.write('shell/dist/index.html', SHELL);
      await site.writeRemote('mf-marketing', { 'prerendered/index.html': HERO, 'prerendered/index.css': '.t1{color:red}' });
    });

    it("puts the landing's first screen into the mount point of / and its CSS into the head", async () => {
      for (const url of ['/', '/?utm_source=mail']) {
        const body = (await get(url, { accept: 'text/html' })).body;
        expect(mountPointOf(body)).toBe(`<div class="prerendered-page" data-prerendered-path="/">${HERO}</div></div>`);
        expect(body).toContain('<link rel="stylesheet" href="/remotes/mf-marketing/prerendered/index.css" /></head>');
      }
    });

    it("carries the content its first screen is made from, as data the page reads instead of a chunk (and no visitor's page without one)", async () => {
      const landing = { title: 'Get paid', lead: '</script><script>alert(1)</script>' };
      await site.write(
        'mf-marketing/dist/prerendered/content.json',
        JSON.stringify({ hashes: {}, pages: { index: ['landing.json'] }, firstScreen: { index: { 'landing.json': landing } } }),
      );
      try {
        const body = (await get('/', { accept: 'text/html' })).body;
        const block = /<script type="application\/json" id="published-content">(.*?)<\/script>/s.exec(body)?.[1];
        expect(block).toBeDefined();
        expect(block).not.toMatch(/<\/script|<!--/i);
        expect(JSON.parse(block!)).toEqual({ 'landing.json': landing });
        for (const [url, cookie] of [['/faq', ''], ['/', 'auth_token=abc']] as const) {
          expect((await get(url, { accept: 'text/html', ...(cookie ? { cookie } : {}) })).body).not.toContain('published-content');
        }
      } finally {
        await rm(join(site.root, 'mf-marketing/dist/prerendered/content.json'), { force: true });
      }
    });

    it('holds its scripts and preloads, in their order, until its first paint, and allows exactly the script that starts them', async () => {
      const response = await get('/', { accept: 'text/html' });
      expect(heldOf(response.body)).toBe(
        '<link rel="preload" href="/runtime-config.json" as="fetch" crossorigin>' +
          '<link rel="preload" href="/remotes/mf-marketing/mf-manifest.json" as="fetch" crossorigin="anonymous" />' +
          '<link rel="preload" href="/remotes/mf-marketing/remoteEntry.js" as="script" />' +
          '<script defer src="/main.0123456789.js"></script>',
      );
      // Nothing outside the template that the browser would fetch before the paint, but the page's CSS.
      const outside = response.body.replace(/<template id="after-first-paint">.*?<\/template>/, '');
      expect(outside).not.toMatch(/rel="preload"|<script [^>]*src=/);
      const inline = [...outside.matchAll(/<script>(.*?)<\/script>/gs)].map(([, script]) => script!);
      expect(inline).toEqual([START_AFTER_PAINT_SCRIPT]);
      const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
      expect(scriptSources(response.headers['content-security-policy'])).toEqual(["'self'", hash]);
    });

    it('lets every other page fetch its scripts at once, under a policy with no inline script', async () => {
      for (const [url, cookie] of [['/faq', ''], ['/Earn', ''], ['/', 'auth_token=abc']] as const) {
        const response = await get(url, { accept: 'text/html', ...(cookie ? { cookie } : {}) });
        expect(response.body).not.toContain('after-first-paint');
        expect(response.body).toContain('<script defer src="/main.0123456789.js"></script></body>');
        expect(scriptSources(response.headers['content-security-policy'])).toEqual(["'self'"]);
      }
    });

    it('holds nothing of a hostile manifest: no markup, no path out of the folder', async () => {
      for (const hostile of ['"><script>alert(1)</script>', '../../../etc/passwd', 'x" onload="alert(1)', '</template><script>alert(1)</script>']) {
        await site.write('mf-marketing/dist/mf-manifest.json', JSON.stringify({ id: 'mf_marketing', metaData: { remoteEntry: { name: hostile, path: '' } } }));
        const body = (await get('/', { accept: 'text/html' })).body;
        expect(body).not.toMatch(/alert|onload|passwd/);
        expect(heldOf(body)).toBe(
          '<link rel="preload" href="/runtime-config.json" as="fetch" crossorigin>' +
            '<link rel="preload" href="/remotes/mf-marketing/mf-manifest.json" as="fetch" crossorigin="anonymous" />' +
            '<script defer src="/main.0123456789.js"></script>',
        );
      }
    });

    it('sends the shell alone for other routes, a signed-in visitor and a remote without the page', async () => {
      for (const url of ['/faq', '/ref/123', '/signin', '/Earn', '/no-such-page']) expect(mountPointOf((await get(url, { accept: 'text/html' })).body)).toBe('</div>');
      const signedIn = await get('/', { accept: 'text/html', cookie: 'theme=dark; auth_token=abc' });
      expect(mountPointOf(signedIn.body)).toBe('</div>');
      expect(signedIn.body).not.toContain('stylesheet');
      await rm(join(site.root, 'mf-marketing/dist/prerendered'), { recursive: true });
      expect(mountPointOf((await get('/', { accept: 'text/html' })).body)).toBe('</div>');
    });

    it('sends no prerendered page that holds a script, a style attribute or an event handler (the CSP would block them)', async () => {
      for (const hostile of ['<script src="/x.js"></script>', '<h1 style="color:red">Hi</h1>', '<img src="x" onerror="alert(1)">']) {
        await site.write('mf-marketing/dist/prerendered/index.html', hostile);
        const body = (await get('/', { accept: 'text/html' })).body;
        expect(mountPointOf(body)).toBe('</div>');
        expect(body).not.toContain('stylesheet');
      }
    });

    it('answers hostile paths without a prerendered page and never reads outside the remote', async () => {
      for (const url of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/etc/passwd', '//', '/index', '/prerendered/index.html', '/constructor', '/__proto__']) {
        const response = await get(url, { accept: 'text/html' });
        expect(`${url} ${response.body}`).not.toContain('data-prerendered-path');
        expect(response.body).not.toContain('root:');
      }
    });
  });

  describe("a signed-in page's header, prerendered by its remote", () => {
    const SHELL = '<!doctype html><html><head><title>shell v1</title></head><body><div id="root"></div><script defer src="/main.0123456789.js"></script></body></html>';
    const HEADER = '<div class="p1"><header class="h1"><h1 class="t1">Cashout</h1><p class="l1">Turn your balance into cash.</p></header></div>';
    const GERMAN_HEADER = '<div class="p1"><header class="h1"><h1 class="t1">Auszahlung</h1><p class="l1">Mach dein Guthaben zu Geld.</p></header></div>';
    // The path and the page in the mount point, up to the page's scripts (held until the first paint, or not).
    const prerenderedOf = (html: string) => /<div class="prerendered-page" data-prerendered-path="([^"]*)">(.*?)<\/div><\/div>(?=<template|<script)/s.exec(html)?.slice(1, 3) ?? null;
    const verified = async () => {
      const signedUp = await signUp(app);
      await database().db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, signedUp.user.id));
      return signedUp.token;
    };

    beforeEach(async () => {
      await site.write('shell/dist/index.html', SHELL);
      await site.writeRemote('mf-cashout', {
        'prerendered/cashout.html': HEADER,
        'prerendered/cashout.de.html': GERMAN_HEADER,
        'prerendered/index.css': '.l1{color:gray}',
      });
    });

    it('paints the header of /Cashout from the HTML for a signed-in user whose email is verified, in their language, scripts after it', async () => {
      const token = await verified();
      const english = await get('/Cashout', { accept: 'text/html', cookie: `auth_token=${token}` });
      expect(prerenderedOf(english.body)).toEqual(['/Cashout', HEADER]);
      expect(english.body).toContain('<link rel="stylesheet" href="/remotes/mf-cashout/prerendered/index.css" /></head>');
      expect(english.body).toContain('<template id="after-first-paint">');
      expect(english.headers['cache-control']).toBe('private, no-store');
      const german = await get('/Cashout', { accept: 'text/html', cookie: `lang=de; auth_token=${token}` });
      expect(prerenderedOf(german.body)).toEqual(['/Cashout', GERMAN_HEADER]);
    });

    it("leaves no room for the live earnings strip above it when the browser's Live Stats is off, and keeps it for anything else", async () => {
      const token = await verified();
      const wrapperOf = async (cookie: string) => /<div class="prerendered-page"[^>]*>/.exec((await get('/Cashout', { accept: 'text/html', cookie: `${cookie}auth_token=${token}` })).body)?.[0];
      expect(await wrapperOf('live_stats=off; ')).toBe('<div class="prerendered-page" data-prerendered-path="/Cashout" data-live-stats-off="">');
      for (const other of ['', 'live_stats=on; ', 'live_stats=OFF; ', 'live_stats=; ', 'live_stats=off%22%3E%3Cscript%3E; ', 'live_stats="><script>alert(1)</script>; ', 'xlive_stats=off; ']) {
        expect(`${other}${await wrapperOf(other)}`).toBe(`${other}<div class="prerendered-page" data-prerendered-path="/Cashout">`);
      }
    });

    it('paints no signed-in header for a visitor, a session that does not check out, an unverified email (its banner comes above), or a public page', async () => {
      const { token: unverified } = await signUp(app);
      const signedOut = await verified();
      await app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie: `auth_token=${signedOut}` } });
      for (const cookie of ['', 'auth_token=abc', `auth_token=${signedOut}`, `auth_token=${unverified}`, 'auth_token="><script>alert(1)</script>']) {
        const body = (await get('/Cashout', { accept: 'text/html', ...(cookie ? { cookie } : {}) })).body;
        expect(`${cookie} ${prerenderedOf(body)}`).toBe(`${cookie} null`);
        expect(body).not.toContain('prerendered/index.css');
      }
      const token = await verified();
      for (const url of ['/', '/Earn', '/cashout/x', '/Profile', '/Cashout/../Profile']) {
        expect(prerenderedOf((await get(url, { accept: 'text/html', cookie: `auth_token=${token}` })).body)).toBeNull();
      }
    });
  });

  describe("/Earn's first screen, rendered from the signed-in user's offers", () => {
    const SHELL = '<!doctype html><html><head><title>shell v1</title></head><body><div id="root"></div><script defer src="/main.0123456789.js"></script></body></html>';
    // A prerender bundle as mf-earn's build writes one: the offers' names, in the page's language.
    const BUNDLE = `exports.messagesReady = async () => {};
      exports.renderOffersFirstScreen = async ({ offers, locale }) =>
        '<div class="p1"><h1 class="t1">Earn ' + locale + '</h1><ul>' + offers.slice(0, 2).map((offer) => '<li>' + offer.name.replace(/</g, '&lt;') + '</li>').join('') + '</ul></div>';`;
    const prerenderedOf = (html: string) => /<div class="prerendered-page" data-prerendered-path="([^"]*)">(.*?)<\/div><\/div>(?=<template|<script)/s.exec(html)?.slice(1, 3) ?? null;
    const dataOf = (html: string) => /<script type="application\/json" id="offers-first-screen">(.*?)<\/script>/s.exec(html)?.[1] ?? null;
    const verified = async () => {
      const signedUp = await signUp(app);
      await database().db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, signedUp.user.id));
      return signedUp;
    };
    /** The page once its first screen is rendered: the first request for a render starts it and goes without. */
    async function earnPage(cookie: string) {
      const headers = { accept: 'text/html', cookie };
      for (let tries = 0; tries < 100; tries += 1) {
        const response = await get('/Earn', headers);
        if (prerenderedOf(response.body)) return response;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return get('/Earn', headers);
    }

    beforeEach(async () => {
      await site.write('shell/dist/index.html', SHELL);
      await site.writeRemote('mf-earn', { 'prerendered/render.cjs': BUNDLE, 'prerendered/index.css': '.t1{color:gray}' });
    });

    it("paints the offers for a verified user, in their language, with the user's own Offers/Get answer as the page's data", async () => {
      const { token, user } = await verified();
      const offers = (await app.inject({ method: 'POST', url: '/api/Offers/Get', headers: { authorization: `Bearer ${token}` }, payload: {} })).json<{ data: Array<{ name: string; click_url: string }> }>().data;
      expect(offers.length).toBeGreaterThan(2);
      const first = await get('/Earn', { accept: 'text/html', cookie: `auth_token=${token}` });
      expect(first.statusCode).toBe(200);
      const english = await earnPage(`auth_token=${token}`);
      const names = offers.slice(0, 2).map((offer) => `<li>${offer.name}</li>`).join('');
      expect(prerenderedOf(english.body)).toEqual(['/Earn', `<div class="p1"><h1 class="t1">Earn en</h1><ul>${names}</ul></div>`]);
      expect(english.body).toContain('<link rel="stylesheet" href="/remotes/mf-earn/prerendered/index.css" /></head>');
      expect(english.body).toContain('<template id="after-first-paint">');
      expect(english.headers['cache-control']).toBe('private, no-store');
      const data = JSON.parse(dataOf(english.body)!) as { data: typeof offers };
      expect(data.data).toEqual(offers);
      expect(data.data[0]!.click_url).toContain(String(user.id));
      const german = await earnPage(`lang=de; auth_token=${token}`);
      expect(prerenderedOf(german.body)?.[1]).toContain('<h1 class="t1">Earn de</h1>');
    });

    it('paints none for a visitor, a bad or signed-out session, an unverified email, another page, or a bundle that fails or writes a script', async () => {
      const { token: unverified } = await signUp(app);
      const { token: signedOut } = await verified();
      await app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie: `auth_token=${signedOut}` } });
      for (const cookie of ['', 'auth_token=abc', `auth_token=${signedOut}`, `auth_token=${unverified}`, 'auth_token="><script>alert(1)</script>']) {
        for (let tries = 0; tries < 3; tries += 1) {
          const body = (await get('/Earn', { accept: 'text/html', ...(cookie ? { cookie } : {}) })).body;
          expect(`${cookie} ${prerenderedOf(body)} ${dataOf(body)}`).toBe(`${cookie} null null`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const { token } = await verified();
      await earnPage(`auth_token=${token}`);
      for (const url of ['/earn', '/Earn/x', '/offers', '/my-offers']) {
        const body = (await get(url, { accept: 'text/html', cookie: `auth_token=${token}` })).body;
        expect(`${url} ${prerenderedOf(body)} ${dataOf(body)}`).toBe(`${url} null null`);
      }

      for (const bundle of ["exports.renderOffersFirstScreen = async () => { throw new Error('broken'); };", "exports.renderOffersFirstScreen = async () => '<div>x</div><script>alert(1)</script>';", 'this is not JavaScript']) {
        await site.write('mf-earn/dist/prerendered/render.cjs', bundle);
        const response = await get('/Earn', { accept: 'text/html', cookie: `auth_token=${token}` });
        await new Promise((resolve) => setTimeout(resolve, 500));
        const again = await get('/Earn', { accept: 'text/html', cookie: `auth_token=${token}` });
        for (const { statusCode, body } of [response, again]) {
          expect(statusCode).toBe(200);
          expect(body).toContain('shell v1');
          expect(prerenderedOf(body)).toBeNull();
          expect(dataOf(body)).toBeNull();
        }
      }
    });
  });

  it('keeps a missing hashed script a 404, not HTML', async () => {
    const response = await get('/main.ffffffffff.js', { accept: '*/*' });
    expect(response.statusCode).toBe(404);
  });

  it.each(['/api/nothing', '/app/key', '/remotes/mf-unknown/mf-manifest.json', '/remotes/mf-marketing/missing.js'])(
    'never answers %s with the shell page',
    async (url) => {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'error', code: 'not_found', message: 'Not found' });
    },
  );

  it('caches content-hashed files forever', async () => {
    for (const url of ['/main.0123456789.js', '/remotes/mf-marketing/__federation_expose_routes.a1b2c3d4e5.js', '/remotes/mf-marketing/assets/logo.0a1b2c3d4e.svg']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(CACHE_FOREVER);
    }
  });

  it('revalidates the manifest, the remote entry and the runtime config every time', async () => {
    for (const url of ['/remotes/mf-marketing/mf-manifest.json', '/remotes/mf-marketing/remoteEntry.js', '/runtime-config.json']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('lets another origin load a remote (CORS)', async () => {
    const response = await get('/remotes/mf-marketing/mf-manifest.json', { origin: 'https://cdn.example' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json()).toEqual({ id: 'mf_marketing', version: 1 });
  });

  it('compresses files and JSON with brotli', async () => {
    const offers = Array.from({ length: 50 }, (_, id) => ({ id, name: `Offer ${id}` }));
    app.get('/api/offers-example', async () => ({ status: 'success', data: offers }));
    const script = await get('/main.0123456789.js', { 'accept-encoding': 'br, gzip' });
    expect(script.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(script.rawPayload).toString()).toBe(BIG_SCRIPT);

    const json = await get('/api/offers-example', { 'accept-encoding': 'br' });
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(json.rawPayload).toString())).toEqual({ status: 'success', data: offers });
  });

  it('sends gzip to clients without brotli', async () => {
    const script = await get('/main.0123456789.js', { 'accept-encoding': 'gzip' });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(script.rawPayload).toString()).toBe(BIG_SCRIPT);
  });

  describe('files the build precompressed (.br and .gz beside them)', () => {
    const strongest = {
      br: brotliCompressSync(BIG_SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gz: gzipSync(BIG_SCRIPT, { level: 9 }),
    };

    beforeEach(async () => {
      for (const folder of ['shell/dist/main.0123456789.js', 'mf-marketing/dist/__federation_expose_routes.a1b2c3d4e5.js']) {
        await site.writeBytes(`${folder}.br`, strongest.br);
        await site.writeBytes(`${folder}.gz`, strongest.gz);
      }
    });

    it.each(['/main.0123456789.js', '/remotes/mf-marketing/__federation_expose_routes.a1b2c3d4e5.js'])(
      'sends the .br of %s as it is: the script, cached forever, varying on Accept-Encoding',
      async (url) => {
        const script = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
        expect(script.statusCode).toBe(200);
        expect(script.headers['content-encoding']).toBe('br');
        expect(script.headers['content-type']).toMatch(/^(application|text)\/javascript/);
        expect(script.headers['cache-control']).toBe(CACHE_FOREVER);
        expect(script.headers.vary).toMatch(/accept-encoding/i);
        expect(script.rawPayload.equals(strongest.br)).toBe(true);
        expect(brotliDecompressSync(script.rawPayload).toString()).toBe(BIG_SCRIPT);
      },
    );

    it('sends the .gz to a client without brotli, and the file itself to one that takes neither', async () => {
      const gzipped = await get('/main.0123456789.js', { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.rawPayload.equals(strongest.gz)).toBe(true);
      const plain = await get('/main.0123456789.js', { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG_SCRIPT);
    });
  });

  it('serves a rebuilt remote at once and leaves the shell as it was', async () => {
    await site.write('mf-marketing/dist/mf-manifest.json', JSON.stringify({ id: 'mf_marketing', version: 2 }));
    expect((await get('/remotes/mf-marketing/mf-manifest.json')).json()).toEqual({ id: 'mf_marketing', version: 2 });
    expect((await get('/')).body).toContain('shell v1');
  });

  it('starts without the remotes that are not built, answering 404 for them', async () => {
    const response = await get('/remotes/mf-earn/mf-manifest.json');
    expect(response.statusCode).toBe(404);
  });
});

describe('site serving before anything is built', () => {
  const database = useTestDatabase();

  it('starts and says the site is not built yet', async () => {
    const app = await buildTestApp({ database: database(), serveSite: true, siteRoot: '/nonexistent-site-root' });
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', code: 'site_not_built', message: 'The site is not built yet' });
    await app.close();
  });
});
