import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Suspense } from 'react';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { switchLocale } from '@rewards/shared/translate/messages';
import englishFaq from '../../content/faq.json';
import germanFaq from '../../content/de/faq.json';
import spanishFaq from '../../content/es/faq.json';
import germanFooter from '../../content/de/footer.json';
import terms from '../../content/pages/terms.json';
import FaqPage from '../pages/faq/faq-page';
import TermsPage from '../pages/documents/terms-page';
import { localizedContent } from './localized-content';

const question = (faq: typeof englishFaq, index: number) => faq.questions[index]!.question;

const CONTENT_DIR = path.join(__dirname, '..', '..', 'content');

describe("a content file in the page's language", () => {
  const realFetch = globalThis.fetch;
  let fetched: string[];
  beforeEach(() => {
    fetched = [];
    // The site's API: `/api/content/<file>` answers the repository's file (nothing is published in a test).
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      const file = String(url).replace(/^\/api\/content\//, '');
      fetched.push(file);
      return new Response(readFileSync(path.join(CONTENT_DIR, file), 'utf8'), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
  });
  afterEach(async () => {
    await act(() => switchLocale('en'));
    globalThis.fetch = realFetch;
  });

  it('shows the FAQ in English, then in German on a switch, in place, then in English again', async () => {
    renderWithProviders(<FaqPage />);
    expect(screen.getByRole('button', { name: question(englishFaq, 0) })).toBeInTheDocument();
    await act(() => switchLocale('de'));
    expect(await screen.findByRole('button', { name: question(germanFaq, 0) })).toBeInTheDocument();
    expect(screen.getByText(germanFaq.lead)).toBeInTheDocument();
    expect(screen.queryByText(englishFaq.lead)).not.toBeInTheDocument();
    await act(() => switchLocale('en'));
    expect(screen.getByRole('button', { name: question(englishFaq, 0) })).toBeInTheDocument();
    // Only the German file was downloaded.
    expect(fetched).toEqual(['de/faq.json']);
  });

  it("a first render in Spanish waits for Spanish (no English flashes) and loads only that language's file", async () => {
    const loaded: string[] = [];
    const faq = localizedContent<typeof englishFaq>('faq.json', englishFaq, (locale) => {
      loaded.push(locale);
      return import(`../../content/${locale}/faq.json`);
    });
    function Lead() {
      return <p>{faq.useContent().lead}</p>;
    }
    await act(() => switchLocale('es'));
    renderWithProviders(
      <Suspense fallback={<p>loading</p>}>
        <Lead />
      </Suspense>,
    );
    expect(screen.queryByText(englishFaq.lead)).not.toBeInTheDocument();
    expect(await screen.findByText(spanishFaq.lead)).toBeInTheDocument();
    expect(loaded).toEqual(['es']);
  });

  it('keeps the legal pages in English, with the note in the page’s language that the English text applies', async () => {
    renderWithProviders(<TermsPage />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await act(() => switchLocale('de'));
    expect(await screen.findByRole('note')).toHaveTextContent(germanFooter.legalNote);
    expect(screen.getByText(terms.lead)).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'en');
  });

  it("prefers the version of the visitor's language the server put into the page (published after the build), without loading the build's", async () => {
    const published = { ...germanFaq, lead: 'Nach dem Build veröffentlicht.' };
    document.body.innerHTML = `<script type="application/json" id="published-content">${JSON.stringify({ 'de/faq.json': published })}</script>`;
    let isolated: typeof import('./localized-content') | undefined;
    jest.isolateModules(() => {
      isolated = jest.requireActual<typeof import('./localized-content')>('./localized-content');
    });
    document.body.innerHTML = '';
    const loader = jest.fn(async () => germanFaq);
    const faq = isolated!.localizedContent<typeof englishFaq>('faq.json', englishFaq, loader);
    expect((await faq.load('de')).lead).toBe('Nach dem Build veröffentlicht.');
    expect(faq.inLocale('en')).toBe(englishFaq);
    expect(loader).not.toHaveBeenCalled();
  });
});
