import type { Browser, Cookie, Page } from 'playwright-core';
import { siteUrl, type Viewport } from './browser';
import { useSession, type SignedInUser } from './users';

// Every layout shift from the first frame on, as Lighthouse's CLS counts them (none after an input here).
const WATCH_SHIFTS = `
  window.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.layoutShifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** What `read` finds in `path` as the server painted it for `user` (and the browser's `cookies`): the page with JavaScript off. */
export async function readPainted<T>(
  browser: Browser,
  viewport: Viewport,
  user: SignedInUser,
  path: string,
  read: (page: Page) => Promise<T>,
  cookies: Cookie[] = [],
): Promise<T> {
  const context = await browser.newContext({ viewport, baseURL: siteUrl(), javaScriptEnabled: false });
  try {
    await useSession(context, siteUrl(), user);
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(path);
    await page.waitForLoadState('load');
    return await read(page);
  } finally {
    await context.close();
  }
}

/** A page of `user`'s that records its layout shifts and its errors from its first frame on; not yet navigated. */
export async function watchedPage(browser: Browser, viewport: Viewport, user: SignedInUser) {
  const context = await browser.newContext({ viewport, baseURL: siteUrl() });
  await useSession(context, siteUrl(), user);
  await context.addInitScript({ content: WATCH_SHIFTS });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    page,
    errors,
    /** The layout shifts the page recorded, each its score. */
    layoutShifts: () => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts),
    /** Once the remote's page has replaced the painted one (the shell's placeholder is gone too). */
    tookOver: () => page.locator('[data-prerendered-path], [data-prerendered]').first().waitFor({ state: 'detached' }),
    close: () => context.close(),
  };
}
