import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, siteLogFile, siteUrl, useBrowser, type Viewport } from '../src/browser';
import { readPainted, watchedPage } from '../src/painted-first-screen';
import { signUpThroughApi, verifyEmailThroughApi, type SignedInUser } from '../src/users';

const browser = useBrowser();

const MOUNT_POINT = /<div class="prerendered-page" data-prerendered-path="\/Earn">(.*?)<\/div><\/div>(?=<template|<script)/s;
const DATA = /<script type="application\/json" id="offers-first-screen">(.*?)<\/script>/s;

type OfferAnswer = { id: number; name: string; click_url: string };

let verified: SignedInUser;
let offers: OfferAnswer[];
beforeAll(async () => {
  verified = await signUpThroughApi(siteUrl());
  await verifyEmailThroughApi(siteUrl(), verified, siteLogFile());
  const answer = await fetch(`${siteUrl()}/api/Offers/Get`, { method: 'POST', headers: { authorization: `Bearer ${verified.token}`, 'content-type': 'application/json' }, body: '{}' });
  offers = ((await answer.json()) as { data: OfferAnswer[] }).data;
});

const earnHtml = async (token: string) => (await fetch(`${siteUrl()}/Earn`, { headers: { accept: 'text/html', cookie: `auth_token=${token}` } })).text();

/** /Earn's HTML once its first screen is rendered: the first request for a catalog version and language starts the render. */
async function renderedEarnHtml(token: string): Promise<string> {
  for (let tries = 0; tries < 60; tries += 1) {
    const html = await earnHtml(token);
    if (MOUNT_POINT.test(html)) return html;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("/Earn's first screen was not rendered within 15 s");
}

async function firstCards(page: Page) {
  const cards = page.getByRole('list', { name: 'Featured Offers' }).getByRole('button');
  return {
    heading: await page.getByRole('heading', { level: 1, name: 'Earn' }).boundingBox(),
    chips: await page.getByRole('group', { name: 'Device' }).boundingBox(),
    cards: await Promise.all([0, 1].map((index) => cards.nth(index).boundingBox())),
    names: await Promise.all([0, 1].map((index) => cards.nth(index).getAttribute('title'))),
    image: await cards.first().locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
  };
}

describe("/Earn's first screen, painted from the HTML with the user's offers", () => {
  it("sends the Featured Offers in the page, and the user's own Offers/Get answer as its data", async () => {
    const html = await renderedEarnHtml(verified.token);
    const painted = MOUNT_POINT.exec(html)![1]!;
    for (const offer of offers.slice(0, 3)) expect(painted).toContain(`title="${offer.name}"`);
    expect(painted).toContain('fetchPriority="high"');
    // The markup is every user's: nothing of this user in it.
    for (const own of [verified.email, verified.name, `user_id=${offers[0]!.click_url.match(/\d+/)?.[0]}`]) expect(painted).not.toContain(own);
    const data = JSON.parse(DATA.exec(html)![1]!) as { data: OfferAnswer[] };
    expect(data.data).toEqual(offers);
    expect(html).toMatch(/<link rel="stylesheet" href="\/remotes\/mf-earn\/[^"]*prerendered\/index\.css" \/>/);
  });

  it('sends none to a user whose email is not verified (the banner above would push it down), nor to a visitor', async () => {
    const unverified = await signUpThroughApi(siteUrl());
    for (const token of [unverified.token, 'not-a-session']) {
      const html = await earnHtml(token);
      expect(html).not.toContain('data-prerendered-path');
      expect(html).not.toContain('id="offers-first-screen"');
    }
  });

  describe.each<[string, Viewport]>([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('on a %s', (_, viewport) => {
    it('shows the cards and their images before any script, keeps them in place as the page takes over, and asks Offers/Get nothing', async () => {
      await renderedEarnHtml(verified.token);
      const painted = await readPainted(browser(), viewport, verified, '/Earn', firstCards);
      expect(painted.names).toEqual(offers.slice(0, 2).map((offer) => offer.name));
      expect(painted.image).toBe(true);

      const { page, errors, layoutShifts, tookOver, close } = await watchedPage(browser(), viewport, verified);
      const offersCalls: string[] = [];
      page.on('request', (request) => new URL(request.url()).pathname === '/api/Offers/Get' && offersCalls.push(request.method()));
      await page.goto('/Earn');
      // The remote's page has replaced the painted one, and shows what follows the first screen.
      await tookOver();
      await page.getByRole('heading', { level: 2, name: 'Other Offers' }).waitFor();
      expect(await firstCards(page)).toEqual(painted);
      expect(await layoutShifts()).toEqual([]);
      expect(offersCalls).toEqual([]);
      expect(await page.locator('#offers-first-screen').count()).toBe(0);
      // The cards are the page's own: one opens its offer.
      await page.getByRole('list', { name: 'Featured Offers' }).getByRole('button').first().click();
      await page.getByRole('dialog').waitFor();
      // Another filter asks the API for its offers.
      await page.keyboard.press('Escape');
      const pcOffers = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/Offers/Get');
      await page.getByRole('button', { name: 'PC', exact: true }).click();
      expect(JSON.parse((await pcOffers).request().postData() ?? '{}')).toMatchObject({ device: 'PC' });
      expect(errors).toEqual([]);
      await close();
    });
  });
});
