import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, useBrowser, siteUrl } from '../src/browser';
import { parseCashoutList, runOps } from '../src/ops';
import { creditThroughDemoPostback } from '../src/postbacks';
import { profileOf, sessionHeaders } from '../src/session-api';
import { startSite, stopSite, type RunningSite } from '../src/site';
import { openSignedInPage, signInThroughApi, signUpThroughApi, useSession, verifyEmailThroughApi, type SignedInUser, markDocument, isSameDocument } from '../src/users';

const browser = useBrowser();

const PAYOUT_METHODS = ['Stake', 'Visa virtual gift card', 'PayPal', 'Letcoin', 'Payeer'];
const SUBMITTED = 'Cashout request submitted successfully! It will be processed within 24-48 hours.';
/** Spec §9: the success screen closes after 3 s. */
const SUCCESS_MODAL_MS = 3_000;

type CashoutStats = { current_balance: string; pending_amount: string; pending_count: number; total_requested: string; total_approved: string };
type StoredCashout = { id: number; status: string; amount: string; method: string };

/** A new user whose balance is `payout` dollars, credited by a signed demo-wall postback. */
async function creditedUser(baseUrl: string, payout: string, logFile?: string): Promise<SignedInUser> {
  const user = await signUpThroughApi(baseUrl);
  // A first cashout needs a verified email (the banner's code).
  await verifyEmailThroughApi(baseUrl, user, logFile);
  const { id } = await profileOf(baseUrl, user);
  await creditThroughDemoPostback(baseUrl, { userId: id, payout });
  return user;
}

const nav = (page: Page) => page.getByRole('banner');
const balanceLink = (page: Page, dollars: string) => nav(page).getByRole('link', { name: `Balance: ${dollars}`, exact: true });
const methodCard = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Most Popular' }).getByRole('listitem').filter({ has: page.getByRole('button', { name: `Cash out with ${title}`, exact: true }) });
const figure = (card: Locator, term: string) => card.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

describe('cashing out (spec §2 Cashout page, §4 cashout modal, §5; issue 5)', () => {
  // A site of its own, so that the operators' cashout list holds this test's cashout only; `pnpm ops` works
  // on it while it runs (through its operator API).
  let site: RunningSite | undefined;
  afterAll(async () => {
    if (site) await stopSite(site);
  });

  it('cashes $1.00 out with PayPal after the §5 messages, then an operator pays it by hand and marks it with pnpm ops', async () => {
    site = await startSite();
    const user = await creditedUser(site.url, '2.00', site.logFile);
    const { context, page, errors } = await openSignedInPage(browser(), user, DESKTOP, site.url);

    await page.goto('/Cashout');
    await page.getByRole('heading', { level: 1, name: 'Cashout' }).waitFor();
    await balanceLink(page, '$2.00').waitFor();
    const methods = page.getByRole('region', { name: 'Most Popular' }).getByRole('listitem');
    await methodCard(page, 'PayPal').waitFor();
    expect(await methods.count()).toBe(PAYOUT_METHODS.length);
    for (const title of PAYOUT_METHODS) {
      const card = methodCard(page, title);
      await figure(card, 'Balance').filter({ hasText: '$2.00' }).waitFor();
      expect(await figure(card, 'Minimum').innerText()).toBe('$0.25');
      // $2.00 over the $0.25 minimum, capped at 100 %.
      expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    }

    await markDocument(page);
    await page.getByRole('button', { name: 'Cash out with PayPal', exact: true }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Cash out with PayPal' }).waitFor();
    const submit = modal.getByRole('button', { name: 'Cashout Now', exact: true });
    const message = modal.getByRole('alert');

    await submit.click();
    await message.filter({ hasText: /^Please enter your PayPal Email$/ }).waitFor();
    await modal.getByLabel('PayPal Email', { exact: true }).fill(user.email);
    await modal.getByLabel('Amount (USD)', { exact: true }).fill('0.10');
    await submit.click();
    await message.filter({ hasText: /^Minimum amount is \$0\.25$/ }).waitFor();

    // More than the balance passes the form's checks; the server refuses it and the modal shows its message.
    await modal.getByLabel('Amount (USD)', { exact: true }).fill('5.00');
    await submit.click();
    await message.filter({ hasText: /^Insufficient balance\.$/ }).waitFor();

    await modal.getByLabel('Amount (USD)', { exact: true }).fill('1.00');
    const stored = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/Cashout/Store' && response.status() === 200);
    await submit.click();
    const cashout = ((await (await stored).json()) as { data: { cashout: StoredCashout } }).data.cashout;
    await modal.getByRole('heading', { name: 'Cashout requested' }).waitFor();
    const shownAt = Date.now();
    await modal.getByText(SUBMITTED, { exact: true }).waitFor();
    expect(await figure(modal, 'New balance').innerText()).toBe('$1.00');
    // The server's status word, capitalised by the style sheet only.
    expect(await figure(modal, 'Status').textContent()).toBe('pending');

    await modal.waitFor({ state: 'detached', timeout: SUCCESS_MODAL_MS + 3_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(SUCCESS_MODAL_MS - 500);
    await balanceLink(page, '$1.00').waitFor();
    await figure(methodCard(page, 'PayPal'), 'Balance').filter({ hasText: '$1.00' }).waitFor();
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    const pending = parseCashoutList(runOps(['cashouts:list', '--status', 'pending'], site.dataDir));
    expect(pending).toEqual([{ id: cashout.id, email: user.email, method: 'paypal', account: user.email, amount: '$1.00', status: 'pending' }]);
    expect(runOps(['cashouts:approve', String(cashout.id), '--reason', 'paid by PayPal'], site.dataDir)).toContain(`Cashout ${cashout.id}: pending -> paid`);

    const again = await browser().newContext({ viewport: DESKTOP, baseURL: site.url });
    await useSession(again, site.url, await signInThroughApi(site.url, user));
    const request = (await again.newPage()).request;
    const stats = (await (await request.get('/api/Cashout/stats')).json()) as { data: CashoutStats };
    expect(stats.data).toMatchObject({ current_balance: '1.00', total_approved: '1.00', total_requested: '1.00', pending_count: 0, pending_amount: '0.00' });
    const history = (await (await request.get('/api/Cashout/history')).json()) as { data: { items: StoredCashout[] } };
    expect(history.data.items).toEqual([expect.objectContaining({ id: cashout.id, status: 'paid', amount: '1.00', method: 'paypal' })]);
    await again.close();
  });
});

describe('concurrent cashouts (issue 5)', () => {
  it('accepts exactly one of two simultaneous cashouts of the whole balance', async () => {
    const user = await creditedUser(siteUrl(), '2.00');
    const cashOutWholeBalance = () =>
      fetch(`${siteUrl()}/api/Cashout/Store`, {
        method: 'POST',
        headers: { ...sessionHeaders(user), 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({ wallet: 'paypal', amount: 2, account: user.email }),
      });

    const answers = await Promise.all([cashOutWholeBalance(), cashOutWholeBalance()]);
    const outcomes = await Promise.all(
      answers.map(async (answer) => ({ code: answer.status, message: ((await answer.json()) as { message: string }).message })),
    );
    expect(outcomes.sort((first, second) => first.code - second.code)).toEqual([
      { code: 200, message: SUBMITTED },
      { code: 422, message: 'Insufficient balance.' },
    ]);

    const stats = await fetch(`${siteUrl()}/api/Cashout/stats`, { headers: sessionHeaders(user) });
    expect(((await stats.json()) as { data: CashoutStats }).data).toMatchObject({ current_balance: '0.00', pending_count: 1, pending_amount: '2.00' });
  });
});
