import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { getLocale } from '@rewards/shared/translate/locale-store';
import { switchLocale } from '@rewards/shared/translate/messages';
import { setOfferedLanguages } from '@rewards/shared/translate/offered-languages';
import SiteFooter from './site-footer';

const NATIVE_NAMES = ['English', 'Español', 'Deutsch', 'Português (Brasil)', 'Français'];

/** The API as the footer meets it: each language's footer content as the repository has it, and the account. */
function answerLikeTheApi() {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const content = /\/content\/([\w-]+)\/footer\.json$/.exec(url);
    if (content) return new Response(readFileSync(path.join(__dirname, '..', '..', '..', 'content', content[1]!, 'footer.json'), 'utf8'), { status: 200 });
    return new Response('{"status":"success","data":{}}', { status: 200 });
  });
}

const accountCalls = (fetchSpy: jest.SpyInstance) => fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/user/language'));

function clearLanguageCookie() {
  document.cookie = 'lang=; Path=/; Max-Age=0';
}

describe('site footer (spec §2: language, social and legal links)', () => {
  it('is the page footer, with the language selector on English', () => {
    renderWithProviders(<SiteFooter />);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('English');
  });

  it.each(['Twitter', 'Facebook', 'Instagram', 'Discord', 'YouTube', 'TikTok'])('links to %s, named for screen readers, in a new tab', (network) => {
    renderWithProviders(<SiteFooter />);
    const link = screen.getByRole('link', { name: `Earnly on ${network}` });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('links to every help, company and legal page of the site', () => {
    renderWithProviders(<SiteFooter />);
    const paths = screen
      .getAllByRole('navigation')
      .flatMap((nav) => within(nav).getAllByRole('link'))
      .map((link) => link.getAttribute('href'));
    expect(paths).toEqual(['/faq', '/contact', '/about-us', '/affiliates', '/advertisers', '/careers', '/press', '/terms', '/privacy', '/cookies']);
  });

  describe('language selector (issue 34)', () => {
    afterEach(async () => {
      await act(() => switchLocale('en'));
      setOfferedLanguages(undefined);
      clearLanguageCookie();
      jest.restoreAllMocks();
    });

    it('offers the five languages, each in its own name, with the page’s language chosen', () => {
      renderWithProviders(<SiteFooter />);
      const select = screen.getByRole('combobox', { name: 'Language' });
      expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(NATIVE_NAMES);
      expect(within(select).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['en', 'es', 'de', 'pt-BR', 'fr']);
      expect(select).toHaveValue('en');
    });

    it('switches the page to Español in place: the footer reads Spanish, the lang cookie keeps the choice', async () => {
      const fetchSpy = answerLikeTheApi();
      const user = userEvent.setup();
      renderWithProviders(<SiteFooter />);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Español');
      const select = await screen.findByRole('combobox', { name: 'Idioma' });
      expect(select).toHaveValue('es');
      expect(screen.getByRole('list', { name: 'Síguenos' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Earnly en Twitter' })).toBeInTheDocument();
      expect(getLocale()).toBe('es');
      expect(document.documentElement.lang).toBe('es');
      expect(document.cookie).toContain('lang=es');
      // A visitor's choice stays in this browser: no account to tell.
      expect(accountCalls(fetchSpy)).toEqual([]);
    });

    it('keeps a signed-in user’s choice in the account too', async () => {
      const fetchSpy = answerLikeTheApi();
      const user = userEvent.setup();
      renderWithProviders(<SiteFooter />, { preloadedState: signedInState() });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
      expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
      expect(fetchSpy).toHaveBeenCalledWith(
        expect.stringMatching(/\/user\/language$/),
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ language: 'de' }) }),
      );
    });

    it('offers the pseudo-language only when the runtime config lists it (development)', () => {
      setOfferedLanguages(['en', 'es', 'de', 'pt-BR', 'fr', 'en-XA']);
      renderWithProviders(<SiteFooter />);
      const options = within(screen.getByRole('combobox', { name: 'Language' })).getAllByRole('option');
      expect(options.map((option) => option.getAttribute('value'))).toEqual(['en', 'es', 'de', 'pt-BR', 'fr', 'en-XA']);
    });

    it.each([
      ['an unknown language', ['en', 'xx-evil', '<script>']],
      ['nothing', []],
      ['no list at all', undefined],
    ])('offers the site’s languages when the runtime config lists %s', (_label, languages) => {
      setOfferedLanguages(languages);
      renderWithProviders(<SiteFooter />);
      const options = within(screen.getByRole('combobox', { name: 'Language' })).getAllByRole('option');
      const expected = languages?.includes('en') ? ['en'] : ['en', 'es', 'de', 'pt-BR', 'fr'];
      expect(options.map((option) => option.getAttribute('value'))).toEqual(expected);
    });
  });
});
