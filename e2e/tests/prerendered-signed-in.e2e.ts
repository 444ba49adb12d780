import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, siteLogFile, siteUrl, useBrowser, type Viewport } from '../src/browser';
import { readPainted, watchedPage } from '../src/painted-first-screen';
import { signUpThroughApi, verifyEmailThroughApi, type SignedInUser } from '../src/users';

const browser = useBrowser();

const PAGES = [
  { path: '/Cashout', title: 'Cashout', lead: 'Turn your Earnly balance into cash, gift cards or crypto. Pick a method to withdraw.', content: 'Most Popular' },
  { path: '/Profile', title: 'Profile', lead: 'Your level, your earnings and your withdrawals.', content: 'Your level' },
] as const;

let verified: SignedInUser;
beforeAll(async () => {
  verified = await signUpThroughApi(siteUrl());
  await verifyEmailThroughApi(siteUrl(), verified, siteLogFile());
});

const pageHtml = async (path: string, token: string) => (await fetch(`${siteUrl()}${path}`, { headers: { accept: 'text/html', cookie: `auth_token=${token}` } })).text();

async function headerBoxes(page: Page, lead: string) {
  return {
    heading: await page.getByRole('heading', { level: 1 }).boundingBox(),
    lead: await page.getByText(lead, { exact: true }).boundingBox(),
  };
}

describe('a signed-in page’s header, painted from the first HTML response', () => {
  it.each(PAGES)('sends the header of $path, and nothing of the user, in the HTML of a user whose email is verified', async ({ path, title, lead }) => {
    const html = await pageHtml(path, verified.token);
    const painted = new RegExp(`<div class="prerendered-page" data-prerendered-path="${path}"><div class="[^"]+"><header class="[^"]+"><h1 class="[^"]+">${title}</h1><p class="[^"]+">([^<]*)</p></header></div></div>`).exec(html);
    expect(painted?.[1]).toBe(lead);
    expect(html).toMatch(/<link rel="stylesheet" href="\/remotes\/mf-[a-z]+\/[^"]*prerendered\/index\.css" \/>/);
    const mountPoint = html.slice(html.indexOf('<div id="root">'), html.indexOf('</header>'));
    for (const own of [verified.email, verified.name]) expect(mountPoint).not.toContain(own);
  });

  it('sends no header to a user whose email is not verified: the banner above would push it down', async () => {
    const unverified = await signUpThroughApi(siteUrl());
    for (const { path } of PAGES) expect(await pageHtml(path, unverified.token)).not.toContain('data-prerendered-path');
  });

  describe.each<[string, Viewport]>([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('on a %s', (_, viewport) => {
    it.each(PAGES)('keeps $path’s header where it was painted while the page takes over, with no layout shift', async ({ path, lead, content }) => {
      const painted = await readPainted(browser(), viewport, verified, path, (staticPage) => headerBoxes(staticPage, lead));
      const { page, errors, layoutShifts, tookOver, close } = await watchedPage(browser(), viewport, verified);
      await page.goto(path);
      // The remote's page has replaced the painted one, and shows what follows the header.
      await tookOver();
      await page.getByText(content, { exact: true }).first().waitFor();
      expect(await headerBoxes(page, lead)).toEqual(painted);
      expect(await layoutShifts()).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    });

    it('keeps /Cashout’s header in place for a browser whose Live Stats is off: the painted page leaves no room for the strip', async () => {
      const { path, lead, content } = PAGES[0];
      const { page, errors, layoutShifts, tookOver, close } = await watchedPage(browser(), viewport, verified);
      try {
        await page.goto('/Profile');
        await page.getByRole('button', { name: 'Settings' }).click();
        const liveStats = page.getByRole('dialog', { name: 'Settings' }).getByRole('switch', { name: 'Live Stats' });
        await liveStats.click();
        await expect(liveStats.getAttribute('aria-checked')).resolves.toBe('false');
        await page.keyboard.press('Escape');
        const liveStatsCookie = (await page.context().cookies()).filter((cookie) => cookie.name === 'live_stats');
        expect(liveStatsCookie.map((cookie) => cookie.value)).toEqual(['off']);

        const withStrip = await readPainted(browser(), viewport, verified, path, (staticPage) => headerBoxes(staticPage, lead));
        const painted = await readPainted(browser(), viewport, verified, path, (staticPage) => headerBoxes(staticPage, lead), liveStatsCookie);
        expect(withStrip.heading!.y - painted.heading!.y).toBe(52);

        await page.goto(path);
        await tookOver();
        await page.getByText(content, { exact: true }).first().waitFor();
        expect(await page.locator('[data-live-ticker]').count()).toBe(0);
        expect(await headerBoxes(page, lead)).toEqual(painted);
        expect(await layoutShifts()).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  });
});
