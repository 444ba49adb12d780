import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { DESKTOP, PHONE, openPage, untilPrerenderReplaced, useBrowser } from '../src/browser';
import { runOps } from '../src/ops';
import { creditThroughDemoPostback } from '../src/postbacks';
import { screenshotPng } from '../src/screenshot-png';
import { profileOf, sessionHeaders } from '../src/session-api';
import { startSite, stopSite, type RunningSite } from '../src/site';
import { nextTotpCode } from '../src/totp';
import { totpOnThroughApi } from '../src/two-factor-api';
import { openSignedInPage, signUpThroughApi, verifyEmailThroughApi, type SignedInUser } from '../src/users';

const browser = useBrowser();

const OFFER = { id: 'dragon-forge-legends', name: 'Dragon Forge Legends' };
const REMOTE_PATH = '/remotes/mf-admin/';

// A site of its own: tickets may be reported at once, the ticket queue holds this file's tickets only, and PayPal
// has an automatic rail (the simulated one, slow enough to watch) so that an approved cashout stays `approved`
// until the rail sends it; new accounts' cashouts wait for review (AUTO_PAYOUT_MIN_ACCOUNT_HOURS keeps its 24).
let site: RunningSite | undefined;
const url = () => {
  if (!site) throw new Error('the site starts in beforeAll');
  return site.url;
};
beforeAll(async () => {
  site = await startSite({ TICKET_WAIT_HOURS: '0', PAYOUT_RAIL_PAYPAL: 'simulated', PAYOUT_SIMULATED_DELAY_MS: '600000' });
}, 240_000);
afterAll(async () => {
  if (site) await stopSite(site);
});

/** Screenshots at 1280 and 390 px wide into SCREENSHOT_DIR, when set (to look at the console's pages). */
async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(folder, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** A staff member of `role`, added with `pnpm ops staff:add`, with the authenticator app on. */
async function staffMember(role: 'support' | 'finance' | 'admin'): Promise<SignedInUser & { secret: string; usedStep: number }> {
  const member = await signUpThroughApi(url());
  const { secret, usedStep } = await totpOnThroughApi(url(), member);
  expect(runOps(['staff:add', member.email, role, '--reason', `e2e: the ${role} team`], site!.dataDir)).toContain(member.email);
  return { ...member, secret, usedStep };
}

/** Opens `/admin` as the staff member and passes the code step with the app's next code; answers the page. */
async function openConsole(member: Awaited<ReturnType<typeof staffMember>>) {
  const opened = await openSignedInPage(browser(), member, DESKTOP, url());
  const remoteRequests: string[] = [];
  opened.page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(REMOTE_PATH)) remoteRequests.push(request.url());
  });
  // Through the Rewards menu's "Staff console": a full page load, whose runtime config lists the console.
  await opened.page.goto('/Earn');
  await opened.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Rewards' }).click();
  await opened.page.getByRole('menuitem', { name: 'Staff console' }).click();
  await opened.page.waitForURL('**/admin');
  const step = opened.page.getByRole('region', { name: 'Staff console' });
  await step.getByText('Confirm it is you: enter the 6-digit code from your authenticator app.').waitFor();
  await shoot(opened.page, 'code-step');
  const { code } = await nextTotpCode(member.secret, member.usedStep);
  await step.getByLabel('Code', { exact: true }).fill(code);
  await step.getByRole('button', { name: 'Open the console' }).click();
  const nav = opened.page.getByRole('navigation', { name: 'Staff console' });
  await nav.getByText(member.email, { exact: true }).waitFor();
  await opened.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await shoot(opened.page, `overview-${member.email.split('@')[0]}`);
  expect(remoteRequests.length).toBeGreaterThan(0);
  return { ...opened, nav };
}

/** Reports a started offer as missing with a screenshot, as the My Offers form does; answers the ticket's id. */
async function ticketWithScreenshot(user: SignedInUser): Promise<number> {
  const started = await fetch(`${url()}/api/Offers/start`, {
    method: 'POST',
    headers: { ...sessionHeaders(user), 'content-type': 'application/json' },
    body: JSON.stringify({ offer_id: OFFER.id }),
  });
  expect(started.status).toBe(200);
  const form = new FormData();
  form.set('offer_id', OFFER.id);
  form.set('completed_at', new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  form.set('details', 'I reached level 10 yesterday and the reward never arrived.');
  form.set('screenshot', new Blob([new Uint8Array(screenshotPng())], { type: 'image/png' }), 'level-10.png');
  const opened = await fetch(`${url()}/api/tickets`, { method: 'POST', headers: sessionHeaders(user), body: form });
  expect(opened.status).toBe(201);
  return ((await opened.json()) as { data: { id: number } }).data.id;
}

const WITHIN_MS = 5_000;

/** Polls `check` until it holds, at most `ms`. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The `<h1>` of the prerendered `/` as a visitor's first response carries it, no script run. */
async function prerenderedHeading(): Promise<string> {
  const html = await (await fetch(`${url()}/`, { headers: { accept: 'text/html' } })).text();
  const heading = /<div class="prerendered-page" data-prerendered-path="\/">.*?<h1 id="landing-title"[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '';
  return heading.replace(/<[^>]+>/g, '');
}

/**
 * On the Content page: picks `file`, changes its JSON in the textarea with `change`, saves a draft and publishes
 * it with `reason`; answers when the console says it is published.
 */
async function publishThroughConsole<T>(page: Page, file: string, change: (json: T) => void, reason: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Content files' }).getByRole('button', { name: file, exact: true }).click();
  const editor = page.getByLabel(`JSON of ${file}`, { exact: true });
  await editor.waitFor();
  const json = JSON.parse(await editor.inputValue()) as T;
  change(json);
  await editor.fill(JSON.stringify(json, null, 2));
  await page.getByRole('button', { name: 'Save draft' }).click();
  const saved = page.getByRole('status').filter({ hasText: new RegExp(`^Draft \\d+ of ${file.replace('.', '\\.')} saved`) });
  await saved.waitFor();
  const draftId = /^Draft (\d+)/.exec((await saved.textContent()) ?? '')![1];
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Publish draft ${draftId} of ${file}` });
  await dialog.getByLabel('Reason', { exact: true }).fill(reason);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('status').filter({ hasText: new RegExp(`^Published ${file.replace('.', '\\.')} as version \\d+\\.$`) }).waitFor();
}

type VersionsJson = { result: Array<{ version: number; file: string; operator: string; reason: string | null; source: string; shown: boolean }> };

type AuditJson = { result: Array<{ operator: string; command: string; reason: string | null; user_email: string | null; arguments: string[] }> };

describe('the staff console (issue 33)', () => {
  it('a support member passes the code step, answers the oldest ticket, sees its screenshot and accepts it with an amount', async () => {
    const user = await signUpThroughApi(url());
    const ticketId = await ticketWithScreenshot(user);
    const support = await staffMember('support');
    const { context, page, nav, errors } = await openConsole(support);

    await nav.getByRole('link', { name: 'Tickets' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor();
    const table = page.getByRole('table', { name: 'Tickets, oldest first' });
    const oldest = table.getByRole('row').nth(1);
    await oldest.getByRole('link', { name: `#${ticketId} ${OFFER.name}` }).waitFor();
    await shoot(page, 'tickets');
    await oldest.getByRole('link', { name: `#${ticketId} ${OFFER.name}` }).click();

    await page.getByRole('heading', { level: 1, name: `Ticket #${ticketId}: ${OFFER.name}` }).waitFor();
    await page.getByText('I reached level 10 yesterday and the reward never arrived.').waitFor();
    const screenshot = page.getByRole('img', { name: `Screenshot attached to ticket #${ticketId}` });
    await screenshot.waitFor();
    await page.waitForFunction((alt) => (document.querySelector(`img[alt="${alt}"]`) as HTMLImageElement | null)?.naturalWidth === 40, `Screenshot attached to ticket #${ticketId}`);

    await page.getByLabel('Reply to the user').fill('Thanks, we are checking with the partner.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByRole('status').filter({ hasText: 'Reply sent.' }).waitFor();
    await page.getByText(`Staff (${support.email})`, { exact: false }).waitFor();
    await page.getByText('Thanks, we are checking with the partner.', { exact: true }).waitFor();
    await shoot(page, 'ticket');

    const before = Number((await profileOf(url(), user)).wallet);
    await page.getByRole('button', { name: 'Accept with an amount' }).click();
    const dialog = page.getByRole('dialog', { name: `Accept ticket #${ticketId}` });
    await dialog.getByLabel('Amount to credit (dollars)').fill('2.50');
    await dialog.getByLabel('Reason', { exact: true }).fill('The partner confirmed your level 10.');
    await shoot(page, 'ticket-accept');
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Ticket accepted.' }).waitFor();
    await page.getByText('accepted', { exact: true }).first().waitFor();

    expect(Number((await profileOf(url(), user)).wallet)).toBeCloseTo(before + 2.5, 3);
    const { result: audit } = JSON.parse(runOps(['audit', '--user', user.email, '--json'], site!.dataDir)) as AuditJson;
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operator: support.email, command: 'tickets:accept', reason: 'The partner confirmed your level 10.', user_email: user.email }),
        expect.objectContaining({ operator: support.email, command: 'tickets:reply' }),
      ]),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a finance member approves a cashout held for review', async () => {
    const user = await signUpThroughApi(url());
    await verifyEmailThroughApi(url(), user, site!.logFile);
    await creditThroughDemoPostback(url(), { userId: (await profileOf(url(), user)).id, payout: '2.00' });
    const stored = await fetch(`${url()}/api/Cashout/Store`, {
      method: 'POST',
      headers: { ...sessionHeaders(user), 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ wallet: 'paypal', amount: 1, account: user.email }),
    });
    expect(stored.status).toBe(200);
    const cashout = ((await stored.json()) as { data: { cashout: { id: number; status: string } } }).data.cashout;
    // A new account is not old enough to be paid without a look (AUTO_PAYOUT_MIN_ACCOUNT_HOURS).
    expect(cashout.status).toBe('pending');

    const finance = await staffMember('finance');
    const { context, page, nav, errors } = await openConsole(finance);
    await nav.getByRole('link', { name: 'Cashouts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cashouts' }).waitFor();
    const row = page.getByRole('table', { name: 'Cashouts waiting for review, oldest first' }).getByRole('row').filter({ hasText: user.email });
    await row.getByRole('button', { name: `Approve cashout #${cashout.id}` }).waitFor();
    await shoot(page, 'cashouts');
    await row.getByRole('button', { name: `Approve cashout #${cashout.id}` }).click();

    const dialog = page.getByRole('dialog', { name: `Approve cashout #${cashout.id}` });
    await dialog.getByLabel('Reason', { exact: true }).fill('Checked the account by hand.');
    const approved = page.waitForResponse((response: Response) => new URL(response.url()).pathname === `/api/admin/cashouts/${cashout.id}/approve`);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    const answer = await approved;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { data: { status: string; rail: string } }).data).toMatchObject({ status: 'approved', rail: 'simulated' });
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: `Cashout #${cashout.id} approved.` }).waitFor();
    await row.waitFor({ state: 'detached' });
    await shoot(page, 'cashouts-approved');

    const history = await fetch(`${url()}/api/Cashout/history`, { headers: sessionHeaders(user) });
    const items = ((await history.json()) as { data: { items: Array<{ id: number; status: string }> } }).data.items;
    // Approved; the simulated rail may already be sending it.
    expect(['approved', 'sending']).toContain(items.find((item) => item.id === cashout.id)?.status);
    const { result: audit } = JSON.parse(runOps(['audit', '--user', user.email, '--json'], site!.dataDir)) as AuditJson;
    expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ operator: finance.email, command: 'cashouts:approve', reason: 'Checked the account by hand.' })]));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin publishes a new FAQ answer and a new landing headline from the Content page; visitors see them within 5 seconds', async () => {
    const admin = await staffMember('admin');
    const { context, page, nav, errors } = await openConsole(admin);
    await nav.getByRole('link', { name: 'Content' }).click();
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();

    let question = '';
    const answer = `No upper limit: published from the console at ${Date.now()}.`;
    await publishThroughConsole(
      page,
      'faq.json',
      (faq: { questions: Array<{ question: string; answer: string }> }) => {
        question = faq.questions[1]!.question;
        faq.questions[1]!.answer = answer;
      },
      'clearer earnings answer',
    );
    const faqShown = Date.now();
    await shoot(page, 'content');

    // A visitor, in a browser of their own: the new answer on /faq.
    const visitor = await openPage(browser(), PHONE, url());
    await within(WITHIN_MS - (Date.now() - faqShown), 'the new answer on /faq', async () => {
      await visitor.page.goto('/faq');
      await visitor.page.getByRole('button', { name: question }).click();
      return (await visitor.page.getByRole('region', { name: question }).textContent())?.includes(answer) ?? false;
    });
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    let headline = '';
    await publishThroughConsole(
      page,
      'landing.json',
      (landing: { hero: { titleBefore: string; highlight: string; titleAfter: string } }) => {
        landing.hero.titleAfter = `to test apps, published from the console at ${Date.now()}`;
        headline = `${landing.hero.titleBefore} ${landing.hero.highlight} ${landing.hero.titleAfter}`;
      },
      'new headline',
    );
    const landingShown = Date.now();
    // The prerendered / of a visitor, no JavaScript: the new headline.
    await within(WITHIN_MS - (Date.now() - landingShown), 'the new headline in the HTML of /', async () => (await prerenderedHeading()) === headline);
    await shoot(page, 'content-published');

    const { result: versions } = JSON.parse(runOps(['content:versions', '--json'], site!.dataDir)) as VersionsJson;
    expect(versions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'faq.json', operator: admin.email, reason: 'clearer earnings answer', shown: true }),
        expect.objectContaining({ file: 'landing.json', operator: admin.email, reason: 'new headline', shown: true }),
      ]),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  // The "the console must not add a byte to the public pages": a visitor's / names no console anywhere.
  it("a visitor's / fetches nothing of mf-admin, gets a runtime config without it, and runs no script that knows of the console", async () => {
    const { context, page, errors } = await openPage(browser(), DESKTOP, url());
    const requested: string[] = [];
    const scripts: Array<Promise<{ url: string; body: string }>> = [];
    let runtimeConfig: Promise<string> | undefined;
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname === '/runtime-config.json') runtimeConfig = response.text();
      if (response.request().resourceType() === 'script') scripts.push(response.text().then((body) => ({ url: pathname, body })));
    });
    await page.goto('/');
    await untilPrerenderReplaced(page);
    // What a visitor's pointer on the navigation and the footer would warm up comes with it.
    for (const link of await page.getByRole('link').all()) await link.hover({ trial: false, timeout: 1_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle');

    expect(requested.filter((path) => path.startsWith(REMOTE_PATH))).toEqual([]);
    expect(runtimeConfig).toBeDefined();
    const config = JSON.parse(await runtimeConfig!) as { remotes: Array<{ name: string; routes: string[] }> };
    expect(config.remotes.map((remote) => remote.name)).toEqual(['mf_marketing', 'mf_earn', 'mf_cashout', 'mf_account']);
    expect(config.remotes.flatMap((remote) => remote.routes)).not.toContain('/admin');
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(3);
    // Nor the staff item of the Rewards menu: it comes with the opened menu, which a visitor has not.
    expect(loaded.filter(({ body }) => /staffOnly|mf[-_]admin|Staff console/.test(body)).map((script) => script.url)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['a signed-in user who is not staff', 'a visitor'] as const)('%s opening /admin sees the 404 page and loads nothing of mf-admin; /api/admin/overview is 404', async (who) => {
    const user = who === 'a visitor' ? null : await signUpThroughApi(url());
    const { context, page, errors } = user ? await openSignedInPage(browser(), user, DESKTOP, url()) : await openPage(browser(), DESKTOP, url());
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(REMOTE_PATH)) remoteRequests.push(request.url());
    });
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    if (user) {
      await page.getByRole('banner').getByRole('link', { name: /^Balance: / }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Rewards' }).click();
      await page.getByRole('menuitem', { name: 'Invite friends' }).waitFor();
      expect(await page.getByRole('menu', { name: 'Rewards' }).getByRole('menuitem').allTextContents()).toEqual(['Quests', 'Leaderboard', 'Missing credits', 'Invite friends']);
    }
    await page.goto('/admin/tickets');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(remoteRequests).toEqual([]);

    const overview = await fetch(`${url()}/api/admin/overview`, { headers: user ? sessionHeaders(user) : {} });
    expect(overview.status).toBe(404);
    const unknown = await fetch(`${url()}/api/no-such-route-${randomUUID().slice(0, 8)}`, { headers: user ? sessionHeaders(user) : {} });
    expect(await overview.text()).toBe(await unknown.text());
    expect(errors).toEqual([]);
    await context.close();
  });
});
