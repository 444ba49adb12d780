import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { siteUrl, useBrowser } from '../src/browser';
import { newTestUser, signUpThroughApi, type SignedInUser } from '../src/users';

const browser = useBrowser();

/**
 * Where the page's <main> starts on each frame from the first one, and whether an empty place-holding box is
 * still above it. A script of its own (not a function): the page runs it before any of the site's code.
 */
const WATCH_MAIN = `
  window.mainTops = [];
  function watchMain() {
    var main = document.querySelector('main');
    if (main) {
      var top = main.getBoundingClientRect().top;
      if (window.mainTops[window.mainTops.length - 1] !== top) window.mainTops.push(top);
    }
    requestAnimationFrame(watchMain);
  }
  requestAnimationFrame(watchMain);
`;

/** A user whose email is not verified, with an address of a common length whose every character is as wide (digits). */
function signUpUnverified(): Promise<SignedInUser> {
  const digits = String(randomInt(10_000_000, 100_000_000));
  return signUpThroughApi(siteUrl(), { ...newTestUser(), email: `user-${digits}@example.com` });
}

async function openEarn(user: SignedInUser, width: number, options: { blockAccountRemote?: boolean } = {}) {
  const phone = width < 800;
  // A phone as Lighthouse's mobile run emulates one: no scrollbar taking width from the page.
  const context = await browser().newContext({ viewport: { width, height: phone ? 823 : 800 }, isMobile: phone, hasTouch: phone, baseURL: siteUrl() });
  await context.addCookies([{ name: 'auth_token', value: user.token, url: siteUrl(), httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript({ content: WATCH_MAIN });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (options.blockAccountRemote) await page.route('**/remotes/mf-account/**', (route) => route.abort('connectionrefused'));
  await page.goto('/Earn');
  return { context, page, errors };
}

const mainTops = (page: Page) => page.evaluate(() => (window as unknown as { mainTops: number[] }).mainTops);
const banner = (page: Page) => page.getByRole('region', { name: 'Verify your email' });

describe("the verify-email banner's place, held while it loads", () => {
  // Under 400 px the place held is 4 px short of the banner (the breakpoints the site has: the CSS says why).
  it.each([
    [390, 4],
    [412, 0],
    [800, 0],
    [1280, 0],
  ])('keeps /Earn where it is when the banner arrives (%i px, English; moving %i px at most)', async (width, tolerancePx) => {
    const { context, page, errors } = await openEarn(await signUpUnverified(), width);
    await banner(page).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Earn' }).waitFor();
    // Two frames more, for a move after the banner's own render.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const tops = await mainTops(page);
    const bannerBottom = await banner(page).evaluate((element) => element.getBoundingClientRect().bottom);
    expect(tops.at(-1)).toBe(bannerBottom);
    for (const top of tops) expect(Math.abs(top - bannerBottom)).toBeLessThanOrEqual(tolerancePx);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the place back when mf-account cannot be reached: no banner, no empty band above the page', async () => {
    const { context, page } = await openEarn(await signUpUnverified(), 412, { blockAccountRemote: true });
    await page.getByRole('heading', { level: 1, name: 'Earn' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('main')?.previousElementSibling?.matches('[aria-hidden="true"]'));
    expect(await banner(page).count()).toBe(0);
    const gap = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      return main.getBoundingClientRect().top - main.previousElementSibling!.getBoundingClientRect().bottom;
    });
    expect(gap).toBe(0);
    await context.close();
  });
});
