import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, PHONE, siteUrl, untilPrerenderReplaced } from '../src/browser';
import { sharedModuleUse } from '../src/federation-share';
import { signUpThroughApi, useSession } from '../src/users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const marketingPages: Array<[string, string]> = [
  ['/faq', 'FAQ'],
  ['/contest', 'Contest'],
  ['/leaderboard', 'Leaderboard'],
  ['/about-us', 'About us'],
  ['/contact', 'Contact us'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/cookies', 'Cookie Policy'],
  ['/bonuses', 'Quests'],
];

describe('composition', () => {
  it.each(marketingPages)('serves %s from mf-marketing with heading "%s" and its own title', async (path, heading) => {
    const { context, page, errors } = await openPage(browser);
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('mf-manifest.json')) manifests.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await page.title()).toMatch(/\| Earnly$|Earnly/);
    expect(manifests).toEqual(['/remotes/mf-marketing/mf-manifest.json']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['/Earn', 'mf-earn'],
    ['/offers', 'mf-earn'],
    ['/my-offers', 'mf-earn'],
    ['/Cashout', 'mf-cashout'],
    ['/Profile', 'mf-account'],
  ])('resolves %s to %s, whose signed-in page sends a visitor to /', async (path, remote) => {
    const { context, page } = await openPage(browser);
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('mf-manifest.json')) manifests.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/');
    expect(manifests[0]).toBe(`/remotes/${remote}/mf-manifest.json`);
    await context.close();
  });

  it('shows the Quests page complete: heading and image', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/bonuses');
    await page.getByRole('heading', { level: 1, name: 'Quests' }).waitFor();
    await page.locator('main img[alt]').first().waitFor();
    expect(await page.locator('main img[alt]').first().evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    await context.close();
  });

  /** The shell's hashed files the page's HTML preloads, by path. */
  const shellPreloadsOf = (html: string) =>
    [...html.matchAll(/<link [^>]*rel="preload"[^>]*>/g)]
      .map(([tag]) => /href="([^"]+)"/.exec(tag)?.[1] ?? '')
      .filter((href) => /^\/[\w-]+\.[0-9a-f]+\.(js|css)$/.test(href));
  const fileOf = (name: string) => expect.stringMatching(new RegExp(`^/${name}\\.[0-9a-f]+\\.js$`));
  const resourcesFetched = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));

  it("names the shell's start-up files in the page's head, and fetches each of them once", async () => {
    const { context, page, errors } = await openPage(browser);
    const response = await page.goto('/faq');
    const preloaded = shellPreloadsOf(await response!.text());
    for (const name of ['bootstrap', 'react', 'state', 'router', 'contracts']) expect(preloaded).toContainEqual(fileOf(name));
    // A visitor's page has no use for the API client.
    expect(preloaded).not.toContainEqual(fileOf('query'));
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    const fetched = await resourcesFetched(page);
    // Each preload used by the page, not fetched a second time (a preload whose kind differs from its use is).
    for (const href of preloaded) expect([href, fetched.filter((path) => path === href).length]).toEqual([href, 1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("serves the shell's entry with V8's hint to compile all of it as it streams in", async () => {
    const html = await (await fetch(`${siteUrl()}/`)).text();
    const entry = /<script defer src="(\/main\.[0-9a-f]+\.js)"><\/script>/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const response = await fetch(`${siteUrl()}${entry}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect((await response.text()).split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
  });

  it("names the API client too in a signed-in page's head, and fetches it once", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await useSession(context, siteUrl(), await signUpThroughApi(siteUrl()));
    const response = await page.goto('/Earn');
    const preloaded = shellPreloadsOf(await response!.text());
    for (const name of ['bootstrap', 'react', 'state', 'router', 'contracts', 'query']) expect(preloaded).toContainEqual(fileOf(name));
    // The offers are in: the API client (RTK Query) has run.
    await page.getByRole('region', { name: 'Featured Offers', exact: true }).locator('button[title]').first().waitFor();
    const fetched = await resourcesFetched(page);
    for (const href of preloaded) expect([href, fetched.filter((path) => path === href).length]).toEqual([href, 1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has one React, one router, one store library and one contracts package in the page', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/bonuses');
    await page.getByRole('heading', { level: 1, name: 'Quests' }).waitFor();
    const shared = await sharedModuleUse(page);
    const singletons = ['react', 'react-dom', '@rewards/shared/router', 'react-redux', '@reduxjs/toolkit', '@rewards/shared/store/store'];
    for (const name of singletons) {
      const use = shared.find((entry) => entry.packageName === name);
      expect(use).toBeDefined();
      expect(use!.versions).toHaveLength(1);
      expect(use!.providers).toEqual(['shell']);
    }
    const react = shared.find((entry) => entry.packageName === 'react')!;
    expect(react.usedBy).toEqual(expect.arrayContaining(['shell', 'mf_marketing']));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fetches no copy of a shared module for the landing: each mf-marketing file it loads is the remote's entry or its own code", async () => {
    type Manifest = { exposes: Array<{ assets: { js: { sync: string[]; async: string[] } } }> };
    const remote = '/remotes/mf-marketing/';
    const manifest = (await (await fetch(`${siteUrl()}${remote}mf-manifest.json`)).json()) as Manifest;
    const ownCode = new Set(manifest.exposes.flatMap(({ assets }) => [...assets.js.sync, ...assets.js.async]));
    const { context, page, errors } = await openPage(browser, PHONE);
    const fetched: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith(remote) && pathname.endsWith('.js')) fetched.push(pathname.slice(remote.length));
    });
    await page.goto('/');
    await untilPrerenderReplaced(page);
    // A file outside the exposed modules' own is the remote's copy of a module the shell did not provide.
    expect(fetched.filter((file) => file !== 'remoteEntry.js' && !ownCode.has(file))).toEqual([]);
    expect(fetched.length).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a remote drive the shell through the one store: "Start earning now" makes the shell mount the account modals', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/');
    await untilPrerenderReplaced(page);
    const accountManifest = page.waitForRequest((request) => request.url().endsWith('/remotes/mf-account/mf-manifest.json'));
    // The landing's separate button (the hero's own is the sign-up form's submit).
    await page.getByRole('region', { name: 'Offers waiting for you' }).getByRole('button', { name: 'Start earning now' }).click();
    await accountManifest;
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a visitor's console", () => {
  it.each(['/', '/faq'])('stays clean on %s: no error, no warning, no failed request (the session check answers 200)', async (path) => {
    const { context, page, errors } = await openPage(browser);
    const console: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.push(`${message.type()}: ${message.text()}`);
    });
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    const sessionProbe = page.waitForResponse((response) => response.url().endsWith('/api/user/Session'));
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect((await sessionProbe).status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    expect(console).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('shell', () => {
  it('shows the 404 page with its links for an unknown path', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/no-such-page');
    await page.getByRole('button', { name: 'Go Home' }).waitFor();
    for (const name of ['Browse Offers', 'Go Back']) expect(await page.getByRole('button', { name }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the offline overlay while the browser is offline, and removes it when back', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    const notice = page.getByText(
      'Network connection error. This app requires a network connection; it cannot be used offline. Please check your connection.',
    );
    await context.setOffline(true);
    await notice.waitFor();
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    await context.setOffline(false);
    await notice.waitFor({ state: 'detached' });
    await context.close();
  });

  it('publishes the share image at 1200x630 with the page metadata', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(await page.locator('meta[property="og:image:width"]').getAttribute('content')).toBe('1200');
    expect(await page.locator('meta[property="og:image:height"]').getAttribute('content')).toBe('630');
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src!;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, image);
    expect(size).toEqual([1200, 630]);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    await context.close();
  });

  it('keeps the phone layout usable at 390 px', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Start earning now' }).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
