import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, siteUrl, type Viewport } from '../src/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

// Where the before/after screenshots go, to be looked at (E2E_SCREENSHOTS_DIR, else a temporary folder).
const screenshotsDir = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'earnly-prerendered-landing');

type Box = { x: number; y: number; width: number; height: number };

async function boxesOf(page: Page): Promise<Record<string, Box | null>> {
  const hero = page.locator('section[aria-labelledby="landing-title"]');
  return {
    heading: await page.getByRole('heading', { level: 1 }).boundingBox(),
    subtitle: await hero.locator('p').first().boundingBox(),
    figures: await hero.locator('dl').boundingBox(),
    email: await hero.getByRole('textbox', { name: 'Email address' }).boundingBox(),
  };
}

describe('the landing painted from the first HTML response', () => {
  it('sends the hero, its heading and figures, in the HTML of / to a visitor', async () => {
    const response = await fetch(`${siteUrl()}/`, { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(html).toMatch(/<div id="root"><div class="prerendered-page" data-prerendered-path="\/"><section [^>]*aria-labelledby="landing-title"/);
    expect(html).toMatch(/<h1 id="landing-title"[^>]*>Get <span[^>]*>paid<\/span> to play games/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/remotes\/mf-marketing\/[^"]*prerendered\/index\.css" \/>/);
    expect(html).not.toMatch(/\sstyle="/);
  });

  it('sends nothing prerendered to a signed-in visitor of / or on another page', async () => {
    const signedIn = await fetch(`${siteUrl()}/`, { headers: { accept: 'text/html', cookie: 'auth_token=any' } });
    expect(await signedIn.text()).not.toContain('data-prerendered-path');
    const faq = await fetch(`${siteUrl()}/faq`, { headers: { accept: 'text/html' } });
    expect(await faq.text()).not.toContain('data-prerendered-path');
  });

  it("fetches the page's scripts and preloads only once the first screen has painted, and then takes over", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: siteUrl() });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await page.locator('[data-prerendered-path], [data-prerendered]').first().waitFor({ state: 'detached' });
    const { paintedAt, requests } = await page.evaluate(() => ({
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      requests: performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
    }));
    expect(paintedAt).toBeGreaterThan(0);
    // Before the paint: the page's CSS (and its icon) only.
    const before = requests.filter((request) => request.startTime < paintedAt).map((request) => request.path);
    expect(before.filter((path) => !/\/prerendered\/index\.css$|favicon/.test(path))).toEqual([]);
    const after = requests.filter((request) => request.startTime >= paintedAt).map((request) => request.path);
    expect(after).toEqual(expect.arrayContaining(['/runtime-config.json', '/remotes/mf-marketing/mf-manifest.json', '/remotes/mf-marketing/remoteEntry.js']));
    expect(after.some((path) => /^\/main\.[0-9a-f]+\.js$/.test(path))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each<[string, Viewport]>([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 375, height: 812 }],
  ])('looks the same before any script and once React has taken over (%s)', async (name, viewport) => {
    mkdirSync(screenshotsDir, { recursive: true });
    // Without scripts: exactly what the first response paints.
    const before = await browser.newContext({ viewport, baseURL: siteUrl(), javaScriptEnabled: false });
    const staticPage = await before.newPage();
    await staticPage.goto('/');
    await staticPage.getByRole('heading', { level: 1 }).waitFor();
    const staticBoxes = await boxesOf(staticPage);
    await staticPage.screenshot({ path: path.join(screenshotsDir, `${name}-before.png`) });
    await before.close();

    const after = await browser.newContext({ viewport, baseURL: siteUrl() });
    const page = await after.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    // React's page has replaced the prerendered one: the placeholder is gone and the page's lazy part is there.
    await page.locator('[data-prerendered-path], [data-prerendered]').first().waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    const liveBoxes = await boxesOf(page);
    await page.screenshot({ path: path.join(screenshotsDir, `${name}-after.png`) });
    expect(liveBoxes).toEqual(staticBoxes);
    expect(errors).toEqual([]);
    await after.close();
  });
});
