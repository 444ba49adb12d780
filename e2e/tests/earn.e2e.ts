import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, siteUrl } from '../src/browser';
import { creditThroughDemoPostback, signedDemoPostbackUrl } from '../src/postbacks';
import { profileOf, sessionHeaders } from '../src/session-api';
import { signUpThroughApi, useSession, type SignedInUser } from '../src/users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

type CatalogOffer = { offer_id: string; name: string; payout: number; events: Array<{ name: string; payout: number }> };

/** The catalog as the API serves it (the seeded sample), for one device chip or all. */
async function catalog(user: SignedInUser, device?: 'PC' | 'Android' | 'iOS'): Promise<CatalogOffer[]> {
  const response = await fetch(`${siteUrl()}/api/Offers/Get`, {
    method: 'POST',
    headers: { ...sessionHeaders(user), 'content-type': 'application/json' },
    body: JSON.stringify({ country_code: '', ip: '', ...(device ? { device } : {}) }),
  });
  if (!response.ok) throw new Error(`Offers/Get answered ${response.status}`);
  return ((await response.json()) as { data: CatalogOffer[] }).data;
}

type SignedInPage = { user: SignedInUser; userId: number; context: BrowserContext; page: Page; errors: string[] };

async function signedInPage(): Promise<SignedInPage> {
  const user = await signUpThroughApi(siteUrl());
  const { id: userId } = await profileOf(siteUrl(), user);
  const { context, page, errors } = await openPage(browser);
  await useSession(context, siteUrl(), user);
  return { user, userId, context, page, errors };
}

const nav = (page: Page) => page.getByRole('banner');
const balanceLink = (page: Page, dollars: string) => nav(page).getByRole('link', { name: `Balance: ${dollars}`, exact: true });
const shelf = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
/** Offer cards carry the full offer name as their title (the card itself shows two words). */
const offerCards = (scope: Locator) => scope.locator('button[title]');
const offerCard = (scope: Locator, name: string) => scope.locator(`button[title="${name}"]`);
const cardNames = (scope: Locator) => offerCards(scope).evaluateAll((cards) => cards.map((card) => card.getAttribute('title')));

const isOffersGet = (url: string) => new URL(url).pathname === '/api/Offers/Get';

/** The first offer of the sample catalog, with four reward events. */
const DRAGON_FORGE = {
  offerId: 'dragon-forge-legends',
  name: 'Dragon Forge Legends',
  firstEvent: { id: 'install', name: 'Install and open the game', payout: '0.50' },
};
const FIRST_EVENT_DOLLARS = `$${DRAGON_FORGE.firstEvent.payout}`;

/** Opens an offer-wall partner open to level 0 (a new user's level) and answers its dialog and frame. */
async function openPartnerWall(page: Page, title: string): Promise<{ dialog: Locator; frame: Locator }> {
  await page.getByRole('button', { name: `Open the ${title} wall`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  const frame = dialog.locator(`iframe[title="${title} wall"]`);
  await frame.waitFor();
  return { dialog, frame };
}

/** Presses Complete on a task of the wall inside the site's frame; answers once the wall confirms the credit. */
async function completeTaskInWall(frame: Locator, task: string, payout: string): Promise<void> {
  await frame.contentFrame().getByRole('button', { name: `Complete ${task} (${payout})`, exact: true }).first().click();
  // The form POST replaces the sandboxed frame's document, and a wait begun on the old one can miss the new
  // one: ask again until the banner is there.
  const banner = `Completed: +${payout} credited`;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await frame.page().waitForTimeout(200)) {
    const shown = await frame.contentFrame().getByRole('status').allInnerTexts().catch(() => []);
    if (shown.some((text) => text.includes(banner))) return;
  }
  throw new Error(`The wall did not confirm "${banner}" within 15 s`);
}

/** Goes to My Offers through the navigation and answers the listed offer's progress (aria-valuenow, percent). */
async function myOffersProgress(page: Page, offerName: string): Promise<string | null> {
  await nav(page).getByRole('link', { name: 'My offers', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/my-offers');
  const listed = page.getByRole('list', { name: 'Your offers' }).getByRole('progressbar', { name: `${offerName} progress` });
  await listed.waitFor();
  return listed.getAttribute('aria-valuenow');
}

describe('the Earn page (spec §2 Earn page, issue 4)', () => {
  it('shows the seeded catalog as Featured Offers, the last two as Other Offers, and reloads it for the PC chip', async () => {
    const { user, context, page, errors } = await signedInPage();
    const [allOffers, pcOffers] = await Promise.all([catalog(user), catalog(user, 'PC')]);
    expect(allOffers.length).toBeGreaterThan(pcOffers.length);

    await page.goto('/Earn');
    const featured = shelf(page, 'Featured Offers');
    await offerCard(featured, allOffers[0]!.name).waitFor();
    expect(await cardNames(featured)).toEqual(allOffers.map((offer) => offer.name));
    expect(await cardNames(shelf(page, 'Other Offers'))).toEqual(allOffers.slice(-2).map((offer) => offer.name));

    const chips = page.getByRole('group', { name: 'Device' });
    const pcRequest = page.waitForRequest((request) => isOffersGet(request.url()) && request.postDataJSON()?.device === 'PC');
    await chips.getByRole('button', { name: 'PC', exact: true }).click();
    await pcRequest;
    await offerCard(featured, allOffers[0]!.name).waitFor({ state: 'detached' });
    await offerCard(featured, pcOffers[0]!.name).waitFor();
    expect(await cardNames(featured)).toEqual(pcOffers.map((offer) => offer.name));
    expect(await chips.getByRole('button', { name: 'PC', exact: true }).getAttribute('aria-pressed')).toBe('true');

    const allRequest = page.waitForRequest((request) => isOffersGet(request.url()) && request.postDataJSON()?.device === undefined);
    await chips.getByRole('button', { name: 'All', exact: true }).click();
    await allRequest;
    await offerCard(featured, allOffers[0]!.name).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens an offer (reward in dollars, sanitised description, events); Play and Earn starts it and opens the wall with the user id; a task done there raises the balance live', async () => {
    const { user, userId, context, page, errors } = await signedInPage();
    const offer = (await catalog(user)).find((candidate) => candidate.offer_id === DRAGON_FORGE.offerId)!;
    await page.goto('/Earn');
    await offerCard(shelf(page, 'Featured Offers'), offer.name).click();

    const modal = page.getByRole('dialog', { name: offer.name, exact: true });
    await modal.getByText(`$${offer.payout.toFixed(2)}`, { exact: true }).waitFor();
    // The description is partner HTML: rendered as markup, never as text, and with nothing active left in it.
    await modal.locator('strong', { hasText: 'How to earn:' }).waitFor();
    expect(await modal.innerText()).not.toContain('<p>');
    expect(await modal.locator('script, iframe, object, embed, form, style, [onerror], [onclick], [onload]').count()).toBe(0);
    const events = modal.getByRole('region', { name: 'Rewards', exact: true }).getByRole('listitem');
    expect(await events.allInnerTexts()).toEqual(offer.events.map((event) => expect.stringContaining(event.name)));
    expect((await events.first().innerText()).replace(/\s+/g, ' ')).toBe(`${FIRST_EVENT_DOLLARS} ${DRAGON_FORGE.firstEvent.name}`);

    const popupOpened = page.waitForEvent('popup');
    const started = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/Offers/start');
    await modal.getByRole('button', { name: 'Play and Earn', exact: true }).click();
    const startAnswer = await started;
    expect(startAnswer.status()).toBe(200);
    expect(startAnswer.request().postDataJSON()).toEqual({ offer_id: offer.offer_id });

    const popup = await popupOpened;
    await popup.waitForURL((url) => url.pathname.startsWith('/api/walls/'));
    const clickUrl = new URL(popup.url());
    expect(clickUrl.searchParams.get('user_id')).toBe(String(userId));
    expect(clickUrl.searchParams.get('offer_id')).toBe(offer.offer_id);
    await popup.getByText(`Earning as user #${userId}`).waitFor();

    // The loop: a task done on the (demo) partner's page credits the user, and the site's
    // navigation shows it at once, without a reload.
    await balanceLink(page, '$0.00').waitFor();
    await popup.getByRole('button', { name: `Complete ${DRAGON_FORGE.firstEvent.name} (${FIRST_EVENT_DOLLARS})`, exact: true }).click();
    await popup.getByRole('status').filter({ hasText: `Completed: +${FIRST_EVENT_DOLLARS} credited` }).waitFor();
    await popup.close();
    await balanceLink(page, FIRST_EVENT_DOLLARS).waitFor();

    // The started offer is the user's, one of its four steps done.
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await myOffersProgress(page, offer.name)).toBe('25');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('partner walls and the balance (spec §2 offer partners, My Offers; issue 4)', () => {
  it('completes a task on an offer wall in its sandboxed frame; the balance and My Offers show the credit', async () => {
    const { userId, context, page, errors } = await signedInPage();
    await page.goto('/Earn');
    await balanceLink(page, '$0.00').waitFor();

    const { dialog, frame } = await openPartnerWall(page, 'Bloomtask');
    // No allow-same-origin: the wall is served from our origin and must not reach the session.
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups');
    const frameUrl = new URL((await frame.getAttribute('src'))!, siteUrl());
    expect(frameUrl.pathname).toBe('/api/walls/bloomtask');
    expect(frameUrl.searchParams.get('user_id')).toBe(String(userId));
    await frame.contentFrame().getByText(`Earning as user #${userId}`).waitFor();

    await completeTaskInWall(frame, DRAGON_FORGE.firstEvent.name, FIRST_EVENT_DOLLARS);
    // Pushed on the user's private channel: no reload, the wall still open.
    await balanceLink(page, FIRST_EVENT_DOLLARS).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // One of its four events is done.
    expect(await myOffersProgress(page, DRAGON_FORGE.name)).toBe('25');
    const detail = page.getByRole('article', { name: DRAGON_FORGE.name, exact: true });
    await detail.getByRole('heading', { name: 'Completed', exact: true }).waitFor();
    // The step lists: still to do under Reward Steps, then the done one under Completed.
    const [toDo, done] = [detail.locator('ol').first(), detail.locator('ol').last()];
    expect(await toDo.getByRole('listitem').count()).toBe(3);
    expect(await done.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining(DRAGON_FORGE.firstEvent.name)]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("raises the balance live in each of the user's open pages, and in nobody else's", async () => {
    const { userId, context, page } = await signedInPage();
    const other = await signedInPage();
    try {
      const secondTab = await context.newPage();
      await Promise.all([page.goto('/Earn'), secondTab.goto('/Profile'), other.page.goto('/Earn')]);
      await Promise.all([balanceLink(page, '$0.00').waitFor(), balanceLink(secondTab, '$0.00').waitFor(), balanceLink(other.page, '$0.00').waitFor()]);
      await creditThroughDemoPostback(siteUrl(), {
        userId,
        payout: DRAGON_FORGE.firstEvent.payout,
        offerId: DRAGON_FORGE.offerId,
        eventId: DRAGON_FORGE.firstEvent.id,
      });
      await Promise.all([balanceLink(page, FIRST_EVENT_DOLLARS).waitFor(), balanceLink(secondTab, FIRST_EVENT_DOLLARS).waitFor()]);
      await other.page.waitForTimeout(500);
      expect(await balanceLink(other.page, '$0.00').isVisible()).toBe(true);
    } finally {
      await context.close();
      await other.context.close();
    }
  });

  it('answers a tampered postback with 403 and leaves the balance shown at $0.00', async () => {
    const { userId, context, page, errors } = await signedInPage();
    await page.goto('/Earn');
    await balanceLink(page, '$0.00').waitFor();
    const genuine = signedDemoPostbackUrl(siteUrl(), {
      userId,
      payout: DRAGON_FORGE.firstEvent.payout,
      offerId: DRAGON_FORGE.offerId,
      eventId: DRAGON_FORGE.firstEvent.id,
    });
    const tampered = new URL(genuine);
    tampered.searchParams.set('payout', '500.00');

    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ status: 'error', message: 'Invalid signature.' });
    await page.reload();
    await balanceLink(page, '$0.00').waitFor();

    // The same postback as signed is credited: the changed payout alone was refused.
    expect((await fetch(genuine)).status).toBe(200);
    await page.reload();
    await balanceLink(page, FIRST_EVENT_DOLLARS).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
