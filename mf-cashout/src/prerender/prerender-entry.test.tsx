import { act } from '@testing-library/react';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { fakeApi, fail } from '@rewards/shared/test/fake-api';
import { switchLocale } from '@rewards/shared/translate/messages';
import CashoutPage from '../pages/cashout-page';
import { messagesReady, PRERENDERED_PAGES, renderPrerenderedPages } from './prerender-entry';

/** How the page itself begins: its container and its header, without what follows the header. */
function pageBeginning(): string {
  // The page's data does not change its header: not loaded here.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  fakeApi({ 'GET /Cashout/stats': fail(503) });
  const { container } = renderWithProviders(<CashoutPage />, { preloadedState: signedInState(), route: '/Cashout' });
  const page = container.firstElementChild!;
  return `<div class="${page.className}">${page.querySelector(':scope > header')!.outerHTML}</div>`;
}

describe("/Cashout's prerendered first screen", () => {
  afterEach(() => act(() => switchLocale('en')));

  it('is the page’s header in every language, one file each, English unsuffixed', async () => {
    expect(PRERENDERED_PAGES.map(({ path, file }) => `${path} ${file}`)).toEqual(['/Cashout cashout', '/Cashout cashout.es', '/Cashout cashout.de', '/Cashout cashout.pt-BR', '/Cashout cashout.fr']);
    await messagesReady();
    const pages = await renderPrerenderedPages();
    expect(pages.map(({ file }) => file)).toEqual(PRERENDERED_PAGES.map(({ file }) => file));
    const english = pages.find(({ file }) => file === 'cashout')!.html;
    expect(english).toBe(pageBeginning());
    expect(english).toContain('Turn your Earnly balance into cash, gift cards or crypto.');
    await act(() => switchLocale('de'));
    const german = pages.find(({ file }) => file === 'cashout.de')!.html;
    expect(german).toBe(pageBeginning());
    expect(german).toContain('<h1 class="title">Auszahlung</h1>');
    for (const { html } of pages) expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
  });
});
