import type { Page } from 'playwright-core';
import { DESKTOP, useBrowser } from '../src/browser';
import { parseCashoutList, runOps } from '../src/ops';
import { creditThroughDemoPostback } from '../src/postbacks';
import { profileOf } from '../src/session-api';
import { startSite, stopSite, type RunningSite } from '../src/site';
import { openSignedInPage, signUpThroughApi } from '../src/users';

const browser = useBrowser();

type StoredCashout = { id: number; status: string };

const methodButton = (page: Page) => page.getByRole('button', { name: 'Cash out with PayPal', exact: true });

describe('instant cashouts (issue 32)', () => {
  // A site of its own: PayPal paid by the simulated rail, accounts old enough at once.
  let site: RunningSite | undefined;
  afterAll(async () => {
    if (site) await stopSite(site);
  });

  it('pays a $5 PayPal cashout of an eligible user on the simulated rail: the Withdrawals tab shows it paid, no operator', async () => {
    site = await startSite({ PAYOUT_RAIL_PAYPAL: 'simulated', PAYOUT_SIMULATED_DELAY_MS: '10000', AUTO_PAYOUT_MIN_ACCOUNT_HOURS: '0' });
    const user = await signUpThroughApi(site.url);
    const { id } = await profileOf(site.url, user);
    await creditThroughDemoPostback(site.url, { userId: id, payout: '6.00' });
    expect(runOps(['users:verify-email', user.email, '--reason', 'e2e: checked by the test'], site.dataDir)).toContain(`${user.email}: email verified`);

    const { context, page, errors } = await openSignedInPage(browser(), user, DESKTOP, site.url);

    await page.goto('/Cashout');
    await methodButton(page).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('PayPal Email', { exact: true }).fill(user.email);
    await modal.getByLabel('Amount (USD)', { exact: true }).fill('5.00');
    const stored = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/Cashout/Store' && response.status() === 200);
    await modal.getByRole('button', { name: 'Cashout Now', exact: true }).click();
    const cashout = ((await (await stored).json()) as { data: { cashout: StoredCashout } }).data.cashout;
    // Straight to its rail: no review.
    expect(cashout.status).toBe('approved');
    await modal.waitFor({ state: 'detached' });

    await page.goto('/Profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Withdrawals' });
    const row = panel.getByRole('row').filter({ hasText: '$5.00' });
    // With the provider (the simulated one pays 10 s after it was sent)...
    await row.getByText('Sending', { exact: true }).waitFor();
    // ...then paid: the open tab follows without a reload (the paid cashout's notification reads the cashouts again).
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByText(/^Reference SIM-/).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // Nobody reviewed it: it never was in the operators' queue, and the payouts list shows it paid.
    expect(parseCashoutList(runOps(['cashouts:list', '--status', 'pending'], site.dataDir))).toEqual([]);
    expect(runOps(['payouts:list', '--status', 'paid'], site.dataDir)).toMatch(new RegExp(`^${cashout.id}\\s+${user.email.replace(/[.+]/g, '\\$&')}\\s+paypal\\s+\\$5\\.00\\s+simulated\\s+paid`, 'm'));
  });
});
