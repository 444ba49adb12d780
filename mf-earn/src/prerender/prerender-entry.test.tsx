import { act, within, screen } from '@testing-library/react';
import { fakeApi, ok } from '@rewards/shared/test/fake-api';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { switchLocale } from '@rewards/shared/translate/messages';
import EarnPage from '../pages/earn-page';
import { sampleOffer, sampleOffers } from '../test/sample-offers';
import * as entry from './prerender-entry';

/**
 * Markup as the document holds it, each element's attributes in one order (React's client sets an image's `src`
 * last, its server renderer in the props' order), React's own ids made alike.
 */
function asParsed(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll('*')) {
    const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  return template.innerHTML.replace(/id="[^"]*"|aria-labelledby="[^"]*"/g, (attribute) => attribute.replace(/"[^"]*"/, '"id"'));
}

/** How the Earn page itself begins once it has `offers`: its container, header, device chips and Featured Offers. */
async function pageBeginning(offers = sampleOffers(4)): Promise<string> {
  fakeApi({ 'POST /Offers/Get': ok({ status: 'success', data: offers }) });
  const { container, unmount } = renderWithProviders(<EarnPage />, { route: '/Earn' });
  await within(screen.getByRole('list', { name: /Featured Offers|Top-Angebote/ })).findAllByRole('button');
  const page = container.firstElementChild!;
  const beginning = asParsed(`<div class="${page.className}">${[...page.children].slice(0, 3).map((child) => child.outerHTML).join('')}</div>`);
  unmount();
  return beginning;
}

/** The first screen as the server sends it: React's image preloads first (hoisted by its renderer), then the page. */
async function firstScreen(offers = sampleOffers(4), locale: 'en' | 'de' = 'en') {
  await entry.messagesReady();
  const html = await entry.renderOffersFirstScreen({ offers, locale });
  const pageStart = html.indexOf('<div');
  return { preloads: html.slice(0, pageStart), page: asParsed(html.slice(pageStart)), html };
}

describe("/Earn's first screen, rendered by the site server with mf-earn's prerender bundle", () => {
  afterEach(async () => {
    jest.restoreAllMocks();
    await act(() => switchLocale('en'));
  });

  it('is the Earn page’s beginning with the same offers, in English and in German, and lists no page for the build to write', async () => {
    expect(entry.PRERENDERED_PAGES).toEqual([]);
    expect(await entry.renderPrerenderedPages()).toEqual([]);
    const english = await firstScreen();
    expect(english.page).toBe(await pageBeginning());
    const german = await firstScreen(sampleOffers(4), 'de');
    await act(() => switchLocale('de'));
    expect(german.page).toBe(await pageBeginning());
    expect(german.page).toContain('Top-Angebote');
  });

  it('paints the first 12 Featured Offers of a longer list, as the page begins; the page adds the rest after them', async () => {
    const offers = sampleOffers(20);
    const painted = (await firstScreen(offers)).page;
    expect(painted.match(/role="listitem"/g)).toHaveLength(12);
    const page = await pageBeginning(offers);
    const cards = (html: string) => html.match(/<div class="item" role="listitem">.*?<\/button><\/div>/g) ?? [];
    expect(cards(page)).toHaveLength(20);
    expect(cards(painted)).toEqual(cards(page).slice(0, 12));
    expect(painted.slice(0, painted.indexOf('<div class="item"'))).toBe(page.slice(0, page.indexOf('<div class="item"')));
  });

  it('fetches the images of the first three cards at once (the page’s largest paint), and holds no script, style or handler', async () => {
    const { preloads, html } = await firstScreen(sampleOffers(5));
    expect(preloads.match(/<link rel="preload" as="image" href="[^"]+"/g)).toEqual([1, 2, 3].map((id) => `<link rel="preload" as="image" href="/api/offer-images/${id}.svg"`));
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
  });

  it('writes partner text as text', async () => {
    const { html } = await firstScreen([sampleOffer(1, { name: '<img src=x onerror=alert(1)>', categories: ['</script><script>alert(1)</script>'] })]);
    expect(html).not.toMatch(/<script|<img src=x/i);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('refuses offers without their image (the stand-in icon’s address is not this bundle’s to know)', async () => {
    await expect(entry.renderOffersFirstScreen({ offers: [sampleOffer(1, { image_url: '' })], locale: 'en' })).rejects.toThrow('image_url');
  });
});
