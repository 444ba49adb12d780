import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE, siteUrl } from '../src/browser';
import { globalSiteDataDir, opsCommand } from '../src/ops';
import { creditThroughDemoPostback } from '../src/postbacks';
import { profileOf, sessionHeaders } from '../src/session-api';
import { signUpThroughApi, type SignedInUser, useSession, verifyEmailThroughApi, openSignedInPage, markDocument, isSameDocument } from '../src/users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const bell = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name, exact: true });
const REASON = 'The PayPal account does not exist';

/** Marks every notification of the user read, as the panel's "Mark all as read" does. */
async function readAll(url: string, user: SignedInUser): Promise<void> {
  const response = await fetch(`${url}/api/notifications/read`, {
    method: 'POST',
    headers: { ...sessionHeaders(user), 'Content-Type': 'application/json' },
    body: JSON.stringify({ all: true }),
  });
  if (!response.ok) throw new Error(`notifications/read answered ${response.status}`);
}

/**
 * A user with a pending $1.00 PayPal cashout (credited $2.00 by a signed demo-wall postback, whose notification
 * is read already); answers its id.
 */
async function userWithPendingCashout(url: string): Promise<{ user: SignedInUser; cashoutId: number }> {
  const user = await signUpThroughApi(url);
  await creditThroughDemoPostback(url, { userId: (await profileOf(url, user)).id, payout: '2.00' });
  await verifyEmailThroughApi(url, user);
  await readAll(url, user);
  const response = await fetch(`${url}/api/Cashout/Store`, {
    method: 'POST',
    headers: { ...sessionHeaders(user), 'Content-Type': 'application/json' },
    body: JSON.stringify({ wallet: 'paypal', amount: '1.00', account: 'nobody@example.com' }),
  });
  if (!response.ok) throw new Error(`Cashout/Store answered ${response.status}: ${await response.text()}`);
  return { user, cashoutId: ((await response.json()) as { data: { cashout: { id: number } } }).data.cashout.id };
}

describe('the notification centre (issue 30)', () => {
  it('a user on /Earn gets a credit from a postback: the bell says "Notifications, 1 unread" without a reload, the panel shows the amount, and "Mark all as read" clears it', async () => {
    const url = siteUrl();
    const user = await signUpThroughApi(url);
    const { context, page, errors } = await openSignedInPage(browser, user);

    await page.goto('/Earn');
    await bell(page, 'Notifications').waitFor();
    await markDocument(page);
    // The live channel joins once the page has settled; a credit before then is counted on joining too.
    await creditThroughDemoPostback(url, { userId: (await profileOf(url, user)).id, payout: '3.40' });
    await bell(page, 'Notifications, 1 unread').waitFor();
    expect(await isSameDocument(page)).toBe(true);

    await bell(page, 'Notifications, 1 unread').click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const entry = panel.getByRole('link', { name: /^Unread: You earned \$3\.40/ });
    await entry.waitFor();
    expect((await entry.innerText()).replace(/\s+/g, ' ')).toMatch(/^Unread: You earned \$3\.40 .*available now\. just now$/);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await bell(page, 'Notifications').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an operator rejects a cashout with pnpm ops: the bell says "Notifications, 1 unread" without a reload, the panel shows it, and "Mark all as read" clears it', async () => {
    // The site of the global setup, started as `pnpm start` starts it; the operator works on it from another process.
    const url = siteUrl();
    const { user, cashoutId } = await userWithPendingCashout(url);
    const { context, page, errors } = await openSignedInPage(browser, user);

    await page.goto('/Earn');
    await bell(page, 'Notifications').waitFor();
    await markDocument(page);

    const rejected = await opsCommand(['cashouts:reject', String(cashoutId), '--reason', REASON], globalSiteDataDir());
    expect(rejected.code).toBe(0);
    await bell(page, 'Notifications, 1 unread').waitFor();
    expect(await bell(page, 'Notifications, 1 unread').innerText()).toBe('1');
    expect(await isSameDocument(page)).toBe(true);

    await bell(page, 'Notifications, 1 unread').click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const entry = panel.getByRole('link', { name: /^Unread: Cashout rejected/ });
    await entry.waitFor();
    expect((await entry.innerText()).replace(/\s+/g, ' ')).toBe(
      `Unread: Cashout rejected Your $1.00 PayPal cashout was rejected and refunded to your balance. Reason: ${REASON}. just now`,
    );

    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await bell(page, 'Notifications').waitFor();
    await panel.getByRole('link', { name: /^Cashout rejected/ }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await bell(page, 'Notifications').evaluate((element) => element === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fills a phone’s screen, and "See all" leads to /notifications', async () => {
    const url = siteUrl();
    const { user, cashoutId } = await userWithPendingCashout(url);
    expect((await opsCommand(['cashouts:approve', String(cashoutId), '--reason', 'paid by hand'], globalSiteDataDir())).code).toBe(0);
    const context = await browser.newContext({ viewport: PHONE, baseURL: url, isMobile: true, hasTouch: true });
    await useSession(context, url, user);
    const page = await context.newPage();

    await page.goto('/Earn');
    await bell(page, 'Notifications, 1 unread').click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: /^Unread: Cashout paid/ }).waitFor();
    // Measured where the panel comes to rest, not while it slides in.
    await panel.evaluate((element) =>
      Promise.all(
        element
          .getAnimations({ subtree: true })
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished),
      ),
    );
    expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });

    await panel.getByRole('link', { name: 'See all' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/notifications');
    await page.getByRole('main').getByText('Your $1.00 PayPal cashout was sent.').waitFor();
    await context.close();
  });
});
