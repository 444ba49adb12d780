import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import { switchLocale } from '../translate/messages';
import type { HeaderFirstScreens } from '../ui/header-first-screens';
import { fakeApi, type FakeAnswers } from './fake-api';
import { renderWithProviders } from './render-with-providers';
import { signedInState } from './sample-user';

type HeaderFirstScreenCase = {
  /** The remote's prerender entry. */
  entry: HeaderFirstScreens;
  path: string;
  /** Its prerendered file in English (`cashout`). */
  file: string;
  Page: ComponentType;
  /** What the page's own calls are answered while it renders (its data does not change its header). */
  answers: FakeAnswers;
  englishLead: string;
  germanTitle: string;
};

/** How the page itself begins, signed in: its container and its header, without what follows the header. */
function pageBeginning({ Page, path, answers }: HeaderFirstScreenCase): string {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  fakeApi(answers);
  const { container } = renderWithProviders(<Page />, { preloadedState: signedInState(), route: path });
  const page = container.firstElementChild!;
  return `<div class="${page.className}">${page.querySelector(':scope > header')!.outerHTML}</div>`;
}

/** The tests of a signed-in page's prerendered header (`headerFirstScreens`): the page's own beginning, in every language. */
export function describeHeaderFirstScreen(page: HeaderFirstScreenCase): void {
  const { entry, path, file } = page;
  describe(`${path}'s prerendered first screen`, () => {
    afterEach(() => act(() => switchLocale('en')));

    it('is the page’s header in every language, one file each, English unsuffixed, as the page begins', async () => {
      expect(entry.PRERENDERED_PAGES.map((listed) => `${listed.path} ${listed.file}`)).toEqual(
        ['', '.es', '.de', '.pt-BR', '.fr'].map((suffix) => `${path} ${file}${suffix}`),
      );
      await entry.messagesReady();
      const pages = await entry.renderPrerenderedPages();
      expect(pages.map((rendered) => rendered.file)).toEqual(entry.PRERENDERED_PAGES.map((listed) => listed.file));
      const english = pages.find((rendered) => rendered.file === file)!.html;
      expect(english).toBe(pageBeginning(page));
      expect(english).toContain(`<p class="lead">${page.englishLead}</p>`);
      await act(() => switchLocale('de'));
      const german = pages.find((rendered) => rendered.file === `${file}.de`)!.html;
      expect(german).toBe(pageBeginning(page));
      expect(german).toContain(`<h1 class="title">${page.germanTitle}</h1>`);
      for (const { html } of pages) expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    });
  });
}
