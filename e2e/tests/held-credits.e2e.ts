import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, siteUrl } from '../src/browser';
import { globalSiteDataDir, opsCommand } from '../src/ops';
import { creditThroughDemoPostback } from '../src/postbacks';
import { profileOf, sessionHeaders } from '../src/session-api';
import { signUpThroughApi, openSignedInPage, markDocument, isSameDocument } from '../src/users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const DAY_MS = 24 * 3600 * 1000;
/** EARNING_HOLDS' default: a single credit of $10.00 or more is held 7 days. */
const LARGE_CREDIT_HOLD_DAYS = 7;

const nav = (page: Page) => page.getByRole('banner');
const balanceLink = (page: Page) => nav(page).getByRole('link', { name: /^Balance: / });
const historyRow = (panel: Locator, title: string) => panel.getByRole('row').filter({ hasText: title });

type Earning = { title: string; amount: string; status: string; available_at: string | null };

describe('held credits and the earnings history (issue 29)', () => {
  it('shows a $12.00 credit pending with its date; ops holds:release makes it available and the open page follows without a reload', async () => {
    const url = siteUrl();
    const user = await signUpThroughApi(url);
    const { id } = await profileOf(url, user);
    await creditThroughDemoPostback(url, { userId: id, payout: '12.00', offerId: 'dragon-forge-legends' });

    const answer = await fetch(`${url}/api/user/earnings`, { headers: sessionHeaders(user) });
    const [credit] = ((await answer.json()) as { data: { items: Earning[] } }).data.items;
    expect(credit).toMatchObject({ title: 'Dragon Forge Legends', amount: '12.00', status: 'pending' });
    const availableIn = Date.parse(credit!.available_at!) - Date.now();
    expect(Math.abs(availableIn - LARGE_CREDIT_HOLD_DAYS * DAY_MS)).toBeLessThan(5 * 60_000);

    const { context, page, errors } = await openSignedInPage(browser, user);

    await page.goto('/Profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    // The navigation: nothing to cash out yet, the held credit beside it.
    await balanceLink(page).filter({ hasText: '$0.00' }).waitFor();
    await nav(page).getByText('$12.00 pending', { exact: true }).waitFor();

    // The Withdrawals tab's balance card says it too.
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const balanceCard = page.getByRole('region', { name: 'Available balance' });
    await balanceCard.getByText('pending').filter({ hasText: '$12.00' }).waitFor();

    await page.getByRole('tab', { name: 'Earnings history' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Earnings history' });
    const row = historyRow(panel, 'Dragon Forge Legends');
    const availableOn = await page.evaluate((iso) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso)), credit!.available_at!);
    await row.getByText(`Available on ${availableOn}`, { exact: true }).waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      expect.any(String),
      'Dragon Forge Legends',
      'demo',
      '+$12.00',
      `PendingAvailable on ${availableOn}`,
    ]);
    await panel.getByText('Reversed in the last 90 days: 0 of 1 credit (0 %)', { exact: true }).waitFor();
    await panel.getByText(/^Reversals never block an account by themselves; above 10 % \(with 5 or more reversals\), new credits are held 14 days\.$/).waitFor();
    expect(await panel.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/user/earnings.csv');
    const csv = await page.request.get('/api/user/earnings.csv');
    expect(csv.headers()['content-disposition']).toBe('attachment; filename="earnings.csv"');
    expect(await csv.text()).toContain(',credit,Dragon Forge Legends,demo,12.00,pending,');

    await markDocument(page);
    const release = await opsCommand(['holds:release', '--user', user.email, '--reason', 'support checked the conversion'], globalSiteDataDir());
    expect(release).toMatchObject({ code: 0, stdout: `Released 1 held credit of ${user.email}: $12.00 available now; the balance is $12.00.\n` });

    // wallet.updated: the balance, the navigation and the row change in the open page.
    await balanceLink(page).filter({ hasText: '$12.00' }).waitFor();
    await nav(page).getByText('$12.00 pending').waitFor({ state: 'detached' });
    await row.getByText('Available', { exact: true }).waitFor();
    expect(await row.getByText(/Available on/).count()).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
