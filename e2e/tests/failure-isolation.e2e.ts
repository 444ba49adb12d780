import type { Page, Route } from 'playwright-core';
import { useBrowser, openPage } from '../src/browser';

const browser = useBrowser();

const FALLBACK = 'This section is temporarily unavailable';

/** A client-side navigation, as a link click does: the page is not reloaded. */
async function navigateInPage(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('a remote that is down', () => {
  it('shows a fallback with Retry in its area only; the rest keeps working; Retry recovers it', async () => {
    const { context, page } = await openPage(browser());
    const blockMarketing = (route: Route) => route.abort('connectionrefused');
    await page.route('**/remotes/mf-marketing/**', blockMarketing);

    await page.goto('/faq');
    await page.getByText(FALLBACK).waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);

    // Another remote keeps working: the nav's "Sign in" opens mf-account's modal over the fallback.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor({ state: 'detached' });
    await navigateInPage(page, '/no-such-page');
    await page.getByRole('button', { name: 'Go Home' }).waitFor();

    await navigateInPage(page, '/faq');
    await page.getByText(FALLBACK).waitFor();
    await page.unroute('**/remotes/mf-marketing/**', blockMarketing);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    await context.close();
  });

  it('keeps other remotes working while one is blocked', async () => {
    const { context, page } = await openPage(browser());
    await page.route('**/remotes/mf-earn/**', (route) => route.abort('connectionrefused'));
    await page.goto('/bonuses');
    await page.getByRole('heading', { level: 1, name: 'Quests' }).waitFor();
    await page.goto('/offers');
    await page.getByText(FALLBACK).waitFor();
    await context.close();
  });

  it('keeps the landing at /signin working while the remote of its modal is blocked', async () => {
    const { context, page } = await openPage(browser());
    await page.route('**/remotes/mf-account/**', (route) => route.abort('connectionrefused'));
    await page.goto('/signin');
    await page.getByRole('heading', { level: 1, name: 'Get paid to play games, test apps and answer surveys' }).waitFor();
    await page.getByText('Sign in is temporarily unavailable. Please try again in a moment.').waitFor();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await navigateInPage(page, '/faq');
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    await context.close();
  });

  it('times out a remote that never answers into the same fallback', async () => {
    const { context, page } = await openPage(browser());
    await page.route('**/remotes/mf-marketing/mf-manifest.json', () => {
      // never answered: the shell's deadline must end the wait
    });
    // Without the deadline the page would wait for good: the fallback coming at all is the check, whatever the host's speed.
    await page.goto('/contest');
    await page.getByText(FALLBACK).waitFor();
    await context.close();
  });
});
