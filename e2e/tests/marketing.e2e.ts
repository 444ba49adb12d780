import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { useBrowser, openPage, PHONE, siteUrl } from '../src/browser';
import { runOps } from '../src/ops';
import { creditThroughDemoPostback } from '../src/postbacks';
import { profileOf } from '../src/session-api';
import { startSite, stopSite, type RunningSite } from '../src/site';
import { newTestUser, signUpThroughApi, useSession } from '../src/users';

const browser = useBrowser();

const heroForm = (page: Page) => page.getByRole('form', { name: 'Sign up with email' });

async function signUpFromHero(page: Page, email: string, password: string) {
  await page.goto('/');
  const form = heroForm(page);
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Start earning now' }).click();
}

describe('the landing hero is a sign-up', () => {
  it('creates the account of a new email (named after it) and lands on /Earn', async () => {
    const { context, page, errors } = await openPage(browser());
    const email = `hero.${randomUUID().slice(0, 8)}@example.com`;
    await signUpFromHero(page, email, 'Passw0rd-hero');
    await page.waitForURL('**/Earn');
    await page.getByRole('heading', { level: 1, name: 'Earn' }).waitFor();
    // The session is real: the API knows the new account, named after the address.
    const cookie = (await context.cookies()).find((item) => item.name === 'auth_token');
    const profile = await profileOf(siteUrl(), { token: cookie!.value });
    expect(profile).toMatchObject({ email, name: email.split('@')[0] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs a known email in with its password, and says so when the password is wrong', async () => {
    const user = await signUpThroughApi(siteUrl(), newTestUser());
    const { context, page } = await openPage(browser(), PHONE);
    await signUpFromHero(page, user.email, 'not-the-password-1');
    await heroForm(page).getByRole('alert').filter({ hasText: 'Email or password is incorrect' }).waitFor();
    await heroForm(page).getByLabel('Password').fill(user.password);
    await heroForm(page).getByRole('button', { name: 'Start earning now' }).click();
    await page.waitForURL('**/Earn');
    await context.close();
  });
});

describe('the live cashout dashboard (simulated)', () => {
  // Every 3 to 10 s (the unit tests hold the timing with fake timers); here the margin is for a busy machine.
  it("receives a 'Just now' entry at the top", async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Latest cashouts' });
    // The lower landing loads as the visitor scrolls towards it.
    await scrollUntilPresent(page, list);
    await list.scrollIntoViewIfNeeded();
    await expectEventually(async () => (await list.getByRole('listitem').first().textContent()) ?? '', /Just now/, 25_000);
    expect(await list.getByRole('listitem').count()).toBe(5);
    expect(await page.getByTestId('transaction-count').textContent()).not.toBe('0');
    await context.close();
  });
});

describe('the site footer', () => {
  it('is below a signed-in page too, and its links lead to the pages', async () => {
    const user = await signUpThroughApi(siteUrl());
    const { context, page, errors } = await openPage(browser());
    await useSession(context, siteUrl(), user);
    await page.goto('/Earn');
    await page.getByRole('heading', { level: 1, name: 'Earn' }).waitFor();
    // The footer loads as the reader nears the bottom of the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    for (const network of ['Twitter', 'Facebook', 'Instagram', 'Discord', 'YouTube', 'TikTok']) {
      expect(await footer.getByRole('link', { name: `Earnly on ${network}` }).count()).toBe(1);
    }
    // The page's language, shown by its own name.
    expect(await footer.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('en');
    expect(await footer.getByRole('combobox', { name: 'Language' }).locator('option:checked').textContent()).toBe('English');
    const pages: Array<[string, string]> = [
      ['FAQ', 'FAQ'],
      ['Contact', 'Contact us'],
      ['About us', 'About us'],
      ['Affiliates', 'Affiliates'],
      ['Advertisers', 'Advertisers'],
      ['Careers', 'Careers'],
      ['Press', 'Press'],
      ['Terms of Service', 'Terms of Service'],
      ['Privacy Policy', 'Privacy Policy'],
      ['Cookie Policy', 'Cookie Policy'],
    ];
    for (const [link, heading] of pages) {
      await footer.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('search', () => {
  it('finds offers at /search?q= with the offer cards of mf-earn', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/search?q=puzzle');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.waitFor();
    expect(await results.locator('button[title="Puzzle Harbor"]').count()).toBe(1);
    const description = await (await fetch(`${siteUrl()}/opensearch.xml`)).text();
    expect(description).toContain('/search?q={searchTerms}');
    await context.close();
  });
});

describe('the leaderboard', () => {
  it('shows a user credited today on the Daily board, as first name and last initial', async () => {
    const first = `Lea${randomUUID().replace(/\d|-/g, '').slice(0, 6)}`;
    const user = await signUpThroughApi(siteUrl(), { ...newTestUser(), name: `${first} Boardman` });
    const { id } = await profileOf(siteUrl(), user);
    // More than anyone else earns in these tests, so the user is on the top 20.
    await creditThroughDemoPostback(siteUrl(), { userId: id, payout: '900.00', offerId: 'dragon-forge-legends' });
    const { context, page } = await openPage(browser());
    await page.goto('/leaderboard');
    await page.getByRole('button', { name: 'Daily' }).click();
    // The board is cached for a few seconds: reload until the credit shows.
    await expectEventually(
      async () => {
        const ranking = page.getByRole('list', { name: 'Daily ranking' });
        if (!(await ranking.isVisible())) {
          await page.reload();
          await page.getByRole('button', { name: 'Daily' }).click();
          await page.waitForTimeout(500);
        }
        return (await ranking.textContent().catch(() => '')) ?? '';
      },
      new RegExp(`${first} B\\.\\$900\\.00`),
      30_000,
    );
    expect(await page.getByRole('list', { name: 'Daily ranking' }).textContent()).not.toContain(user.email);
    await context.close();
  });
});

describe('the contact form', () => {
  let site: RunningSite | undefined;
  afterAll(async () => {
    if (site) await stopSite(site);
  });

  it('stores a message that ops contact:list then shows', async () => {
    site = await startSite();
    const { context, page } = await openPage(browser());
    const subject = `Missing credit ${randomUUID().slice(0, 8)}`;
    await page.goto(`${site.url}/contact`);
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('textbox', { name: 'Full name' }).fill('Grace Hopper');
    await form.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await form.getByRole('textbox', { name: 'Message' }).fill('My reward for Dragon Forge Legends has not arrived.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Message Sent!' }).waitFor();
    await context.close();

    // While the site runs: it runs the command itself, through its operator API.
    const listed = runOps(['contact:list', '--limit', '5'], site.dataDir);
    expect(listed).toMatch(new RegExp(`grace@example\\.com +${subject}`));
    expect(listed).toContain('My reward for Dragon Forge Legends has not arrived.');
  });
});

async function scrollUntilPresent(page: Page, target: ReturnType<Page['getByRole']>): Promise<void> {
  for (let step = 0; step < 60 && (await target.count()) === 0; step += 1) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(250);
  }
}

async function expectEventually(read: () => Promise<string>, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await read();
    if (pattern.test(last)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Expected ${pattern} within ${timeoutMs} ms; last seen: ${last.slice(0, 300)}`);
}
