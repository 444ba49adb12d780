import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, useBrowser, openPage, PHONE, siteUrl } from '../src/browser';
import { creditThroughDemoPostback } from '../src/postbacks';
import { profileOf } from '../src/session-api';
import { newTestUser, signUpThroughApi, useSession } from '../src/users';

const browser = useBrowser();

const ticker = (page: Page) => page.getByRole('region', { name: 'Live earnings' });
const entries = (page: Page): Locator => ticker(page).getByRole('listitem');

/**
 * Every WebSocket the page opens (to check it only ever talks to our own origin's gateway), and a promise of
 * the moment the page has joined the feed channel: a credit before that reaches the page only on its next load.
 */
function watchSockets(page: Page): { urls: string[]; joinedFeed: Promise<void> } {
  const urls: string[] = [];
  const joinedFeed = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      urls.push(socket.url());
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('subscription_succeeded') && String(payload).includes('fake-leads')) resolve();
      });
    });
  });
  return { urls, joinedFeed };
}

describe('the live-leads ticker (spec §2, §4)', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('shows a visitor on /faq (%s) a postback credited to another user within seconds', async (_size, viewport) => {
    // A name nobody else in this run has, so the entry can only be this credit: the feed shows "Quillon123 V.".
    const firstName = `Quillon${randomInt(100_000, 999_999)}`;
    const earner = await signUpThroughApi(siteUrl(), { ...newTestUser(), name: `${firstName} Vexley` });
    const { id } = await profileOf(siteUrl(), earner);

    const { context, page, errors } = await openPage(browser(), viewport);
    const sockets = watchSockets(page);
    try {
      await page.goto('/faq');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Never empty on a fresh page: the server's last entries (the simulated feed is on in development and tests).
      await entries(page).first().waitFor();
      await sockets.joinedFeed;

      await creditThroughDemoPostback(siteUrl(), { userId: id, payout: '3.21' });
      const credited = entries(page).filter({ hasText: `${firstName} V.` });
      await credited.waitFor();
      await expect(credited.textContent()).resolves.toContain('$3.21');
      await expect(credited.textContent()).resolves.toContain('Demo Wall');
      expect(await ticker(page).textContent()).not.toContain('Vexley');
      expect(await entries(page).count()).toBeLessThanOrEqual(12);

      const origin = new URL(siteUrl());
      expect(sockets.urls.length).toBeGreaterThan(0);
      for (const url of sockets.urls) expect(new URL(url).host).toBe(origin.host);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a visitor on /faq, once, a credit that went out 300 ms after the page opened, before it joined the feed', async () => {
    const firstName = `Ondrel${randomInt(100_000, 999_999)}`;
    const earner = await signUpThroughApi(siteUrl(), { ...newTestUser(), name: `${firstName} Vexley` });
    const { id } = await profileOf(siteUrl(), earner);

    const { context, page, errors } = await openPage(browser(), DESKTOP);
    const sockets = watchSockets(page);
    let joined = false;
    void sockets.joinedFeed.then(() => (joined = true));
    try {
      const firstRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/leads/recent');
      const loading = page.goto('/faq');
      // Open: the page has read the feed's last entries. The credit comes after that read and before the socket,
      // so its lead.created reaches nobody on this page.
      await firstRead;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await creditThroughDemoPostback(siteUrl(), { userId: id, payout: '7.31' });
      expect(joined).toBe(false);
      await loading;

      const credited = entries(page).filter({ hasText: `${firstName} V.` });
      // Joining waits for the page to settle (3 s after load, when idle), and the list is read 3 s after joining.
      await credited.waitFor();
      expect(joined).toBe(true);
      await expect(credited.textContent()).resolves.toContain('$7.31');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await credited.count()).toBe(1);
      expect(await entries(page).count()).toBeLessThanOrEqual(12);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('goes away at once, in every open tab, when a user turns Live Stats off in Settings, and stays away', async () => {
    const user = await signUpThroughApi(siteUrl());
    const { context, page, errors } = await openPage(browser(), DESKTOP);
    await useSession(context, siteUrl(), user);
    try {
      const otherTab = await context.newPage();
      await otherTab.goto('/Earn');
      await ticker(otherTab).waitFor();

      await page.goto('/Profile');
      await ticker(page).waitFor();
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      const liveStats = settings.getByRole('switch', { name: 'Live Stats' });
      await expect(liveStats.getAttribute('aria-checked')).resolves.toBe('true');
      await liveStats.click();
      await expect(liveStats.getAttribute('aria-checked')).resolves.toBe('false');

      await ticker(page).waitFor({ state: 'detached' });
      await ticker(otherTab).waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await ticker(page).count()).toBe(0);

      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('dialog', { name: 'Settings' }).getByRole('switch', { name: 'Live Stats' }).click();
      await ticker(page).waitFor();
      await ticker(otherTab).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
