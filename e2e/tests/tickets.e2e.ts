import type { Page } from 'playwright-core';
import { DESKTOP, useBrowser } from '../src/browser';
import { runOps } from '../src/ops';
import { screenshotPng } from '../src/screenshot-png';
import { sessionHeaders } from '../src/session-api';
import { startSite, stopSite, type RunningSite } from '../src/site';
import { openSignedInPage, signUpThroughApi } from '../src/users';

const browser = useBrowser();

const OFFER = { id: 'dragon-forge-legends', name: 'Dragon Forge Legends' };

const balanceLink = (page: Page, dollars: string) => page.getByRole('banner').getByRole('link', { name: `Balance: ${dollars}`, exact: true });
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('a missing-credit ticket from report to credit (issue 29)', () => {
  // A site of its own: reports open at once (TICKET_WAIT_HOURS=0), and the operators' list holds this test's ticket only.
  let site: RunningSite | undefined;
  afterAll(async () => {
    if (site) await stopSite(site);
  });

  it('a user reports a started offer from My Offers, an operator accepts it with pnpm ops, the user sees it accepted and the balance', async () => {
    site = await startSite({ TICKET_WAIT_HOURS: '0' });
    const user = await signUpThroughApi(site.url);
    const started = await fetch(`${site.url}/api/Offers/start`, {
      method: 'POST',
      headers: { ...sessionHeaders(user), 'content-type': 'application/json' },
      body: JSON.stringify({ offer_id: OFFER.id }),
    });
    expect(started.status).toBe(200);

    const { context, page, errors } = await openSignedInPage(browser(), user, DESKTOP, site.url);

    await page.goto('/my-offers');
    await page.getByRole('article').getByRole('heading', { name: OFFER.name }).waitFor();
    await page.getByRole('link', { name: 'Report missing credit' }).click();
    const form = page.getByRole('form', { name: 'Report missing credit' });
    await form.getByText(OFFER.name, { exact: true }).waitFor();
    await form.getByLabel('Date you completed it').fill(yesterday());
    await form.getByLabel('What happened?').fill('I reached level 10 yesterday and the reward never arrived.');
    await form.getByLabel('Screenshot (optional)').setInputFiles({ name: 'level-10.png', mimeType: 'image/png', buffer: screenshotPng() });
    await form.getByRole('button', { name: 'Send report' }).click();

    await page.waitForURL(/\/tickets\/\d+$/);
    const ticketId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: OFFER.name }).waitFor();
    await page.getByText('Support will answer here. Add anything that helps below.').waitFor();
    const screenshot = page.getByRole('img', { name: 'Your screenshot' });
    await screenshot.waitFor();
    await page.waitForFunction(() => (document.querySelector('img[alt="Your screenshot"]') as HTMLImageElement | null)?.naturalWidth === 40);
    await balanceLink(page, '$0.00').waitFor();

    // The screenshot is its owner's only.
    const stranger = await signUpThroughApi(site.url);
    expect((await fetch(`${site.url}/api/tickets/${ticketId}/screenshot`, { headers: sessionHeaders(stranger) })).status).toBe(404);

    const listed = runOps(['tickets:list', '--status', 'awaiting'], site.dataDir);
    expect(listed).toMatch(new RegExp(`^${ticketId} +${user.email.replace(/[.+]/g, '\\$&')} +${OFFER.name} \\(offer ${OFFER.id}\\) +${yesterday()} +awaiting`, 'm'));
    const accepted = runOps(['tickets:accept', String(ticketId), '2.50', '--reason', 'The partner confirmed your level 10.'], site.dataDir);
    expect(accepted).toContain(`Ticket ${ticketId}: accepted; $2.50 credited, the user's balance is now $2.50.`);

    // The open page's balance changes without a reload; the ticket's state shows on the next load.
    await balanceLink(page, '$2.50').waitFor();
    await page.reload();
    await page.getByText('Accepted: $2.50 was added to your balance. The partner confirmed your level 10.').waitFor();
    expect(await page.getByLabel('Your reply').count()).toBe(0);
    await page.getByRole('link', { name: '← All tickets' }).click();
    const row = page.getByRole('list', { name: 'Your tickets' }).getByRole('link', { name: new RegExp(OFFER.name) });
    await row.getByText('Accepted').waitFor();
    expect(await row.textContent()).toContain('+$2.50');
    expect(errors).toEqual([]);
    await context.close();
  });
});
