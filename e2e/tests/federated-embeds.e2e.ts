import type { Page, Route } from 'playwright-core';
import { useBrowser, openPage, siteUrl, untilPrerenderReplaced } from '../src/browser';
import { sharedModuleUse } from '../src/federation-share';
import { creditThroughDemoPostback } from '../src/postbacks';
import { profileOf, sessionHeaders } from '../src/session-api';
import { signUpThroughApi, useSession, verifyEmailThroughApi, type SignedInUser } from '../src/users';

const browser = useBrowser();

const HERO = 'Get paid to play games, test apps and answer surveys';
const MF_EARN_FILES = '**/remotes/mf-earn/**';

const heroOf = (page: Page) => page.getByRole('heading', { level: 1, name: HERO });
const offerPartners = (page: Page) => page.getByRole('list', { name: 'Offer Partners' });
const surveyPartners = (page: Page) => page.getByRole('list', { name: 'Survey Partners' });

/** mf-earn's sections load as the visitor scrolls towards them: scrolls there. */
async function scrollToEmbeds(page: Page): Promise<void> {
  const placeholder = page.getByRole('status', { name: 'Loading Featured surveys and partner walls' });
  if (await placeholder.count()) await placeholder.scrollIntoViewIfNeeded();
}

/** The paths of the requests to one remote's folder, e.g. `/remotes/mf-earn/`. */
function recordRequests(page: Page, folder: string): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(folder)) paths.push(pathname);
  });
  return paths;
}

async function requestCashout(user: SignedInUser, body: { wallet: string; amount: string; account: string }) {
  const response = await fetch(`${siteUrl()}/api/Cashout/Store`, {
    method: 'POST',
    headers: { ...sessionHeaders(user), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`Cashout/Store answered ${response.status}: ${await response.text()}`);
}

describe("the home page shows mf-earn's sections through federation (spec §2 Home page)", () => {
  it('shows the Featured Surveys teaser and the offer and survey partner walls to a visitor, loaded from mf-earn', async () => {
    const { context, page, errors } = await openPage(browser());
    const mfEarn = recordRequests(page, '/remotes/mf-earn/');
    await page.goto('/');
    await heroOf(page).waitFor();
    await untilPrerenderReplaced(page);
    // A visitor who reads only the first screen never loads mf-earn.
    await page.waitForLoadState('networkidle');
    expect(mfEarn).toEqual([]);

    await scrollToEmbeds(page);
    await offerPartners(page).getByRole('button', { name: 'Open the Bloomtask wall' }).waitFor();
    expect(await offerPartners(page).getByRole('listitem').count()).toBe(14);
    // Signed out is level 0: every survey wall is locked (spec §4).
    await surveyPartners(page).getByRole('button', { name: 'Offery, Level 1 required' }).waitFor();
    expect(await surveyPartners(page).getByRole('listitem').count()).toBe(4);
    await page.getByText('20 Surveys are locked').waitFor();
    // One heading per section: the home page adds none of its own over mf-earn's.
    for (const name of ['Featured Surveys', 'Offer Partners', 'Survey Partners']) {
      expect(await page.getByRole('heading', { name, exact: true }).count()).toBe(1);
    }

    expect(mfEarn).toContain('/remotes/mf-earn/mf-manifest.json');
    expect(mfEarn.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0);
    // The loader lives in the contracts package: one instance, the shell's, reached by mf-marketing.
    const contract = (await sharedModuleUse(page)).find((use) => use.packageName === '@rewards/shared/contracts/federated-modules');
    expect(contract?.providers).toEqual(['shell']);
    expect(contract?.versions).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks a visitor to sign up on an unlocked partner's card (the shell hosts mf-account's modal)", async () => {
    const { context, page, errors } = await openPage(browser());
    await page.goto('/');
    await heroOf(page).waitFor();
    await untilPrerenderReplaced(page);
    await scrollToEmbeds(page);
    await offerPartners(page).getByRole('button', { name: 'Open the Bloomtask wall' }).click();
    await page.getByRole('dialog', { name: 'Sign up' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Bloomtask' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps its own hero while mf-earn is down, with Retry notices where the sections go; Retry brings them', async () => {
    const { context, page } = await openPage(browser());
    const blockMfEarn = (route: Route) => route.abort('connectionrefused');
    await page.route(MF_EARN_FILES, blockMfEarn);
    await page.goto('/');
    await heroOf(page).waitFor();
    await untilPrerenderReplaced(page);
    await scrollToEmbeds(page);
    const wallsNotice = page.locator('[data-federated-fallback="mf_earn/partner-walls"]');
    await wallsNotice.getByText('Partner walls could not be loaded. Please try again in a moment.').waitFor();
    expect(await page.getByRole('button', { name: 'Start earning now' }).first().isVisible()).toBe(true);
    expect(await offerPartners(page).count()).toBe(0);

    await page.unroute(MF_EARN_FILES, blockMfEarn);
    await wallsNotice.getByRole('button', { name: 'Retry' }).click();
    await offerPartners(page).getByRole('button', { name: 'Open the Bloomtask wall' }).waitFor();
    await page.locator('[data-federated-fallback="mf_earn/featured-surveys"]').getByRole('button', { name: 'Retry' }).click();
    await page.getByText('20 Surveys are locked').waitFor();
    expect(await heroOf(page).isVisible()).toBe(true);
    await context.close();
  });
});

describe("Profile → Withdrawals shows mf-cashout's panel through federation (spec §2 Profile page)", () => {
  it('shows a pending cashout of a credited user, loaded from mf-cashout', async () => {
    const user = await signUpThroughApi(siteUrl());
    const { id } = await profileOf(siteUrl(), user);
    await creditThroughDemoPostback(siteUrl(), { userId: id, payout: '2.00' });
    await verifyEmailThroughApi(siteUrl(), user);
    await requestCashout(user, { wallet: 'PayPal', amount: '1.00', account: 'payouts@example.com' });

    const { context, page, errors } = await openPage(browser());
    await useSession(context, siteUrl(), user);
    const mfCashout = recordRequests(page, '/remotes/mf-cashout/');
    await page.goto('/Profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.getByRole('tab', { name: 'Withdrawals' }).click();

    const panel = page.getByRole('tabpanel', { name: 'Withdrawals' });
    const row = panel.getByRole('row').filter({ hasText: 'PayPal' });
    await row.waitFor();
    expect(await row.getByText('Pending', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('$1.00').isVisible()).toBe(true);
    await panel.getByRole('region', { name: 'Available balance' }).getByText('$1.00').waitFor();
    expect(await panel.getByRole('link', { name: 'Request New Cashout' }).getAttribute('href')).toBe('/Cashout');
    expect(mfCashout).toContain('/remotes/mf-cashout/mf-manifest.json');
    expect(errors).toEqual([]);
    await context.close();
  });
});
