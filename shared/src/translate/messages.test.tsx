import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '../i18n/locales';
import { getDisplayLocale } from '../i18n/display-locale';
import { getLocale, setCurrentLocale } from './locale-store';
import { catalogsReady, defineMessages, switchLocale } from './messages';

const CATALOGS: Record<Locale, Record<string, string>> = {
  en: { 'card.title': 'Offers', 'card.coins': '{count, plural, one {# coin} other {# coins}}', 'card.terms': 'Read the <link>terms</link>.' },
  de: { 'card.title': 'Angebote', 'card.coins': '{count, plural, one {# Münze} other {# Münzen}}', 'card.terms': 'Lies die <link>Bedingungen</link>.' },
  es: { 'card.title': 'Ofertas', 'card.coins': '{count, plural, one {# moneda} other {# monedas}}', 'card.terms': 'Lee los <link>términos</link>.' },
  'pt-BR': { 'card.title': 'Ofertas', 'card.coins': '{count, plural, one {# moeda} other {# moedas}}', 'card.terms': 'Leia os <link>termos</link>.' },
  fr: { 'card.title': 'Offres', 'card.coins': '{count, plural, one {# pièce} other {# pièces}}', 'card.terms': 'Lisez les <link>conditions</link>.' },
};

const loads: Locale[] = [];
// As the build gives them: compiled to the parser's elements.
const compiled = (locale: Locale) => Object.fromEntries(Object.entries(CATALOGS[locale]).map(([key, text]) => [key, parse(text)]));
const card = defineMessages<(typeof CATALOGS)['en']>('test-card', async (locale) => {
  loads.push(locale);
  return { default: compiled(locale) };
});

function Card({ count }: { count: number }) {
  const t = card.useT();
  return (
    <section>
      <h2>{t('card.title')}</h2>
      <p>{t('card.coins', { count })}</p>
      <p>{t.rich('card.terms', { link: (chunks) => <a href="/terms">{chunks}</a> })}</p>
    </section>
  );
}

afterEach(() => act(() => setCurrentLocale('en')));

describe('a package’s messages', () => {
  it('load only the chosen language, once', async () => {
    loads.length = 0;
    await catalogsReady('en');
    await catalogsReady('en');
    expect(loads).toEqual([]); // English was loaded before the first test (jest setup), as the shell does at start
    await switchLocale('de');
    await switchLocale('de');
    expect(loads).toEqual(['de']);
  });

  it('re-render in place in the new language, with its plurals, and numbers in its locale', async () => {
    render(<Card count={1} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Offers');
    expect(screen.getByText('1 coin')).toBeInTheDocument();
    await act(() => switchLocale('de'));
    expect(screen.getByRole('heading')).toHaveTextContent('Angebote');
    expect(screen.getByText('1 Münze')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bedingungen' })).toHaveAttribute('href', '/terms');
    expect(document.documentElement.lang).toBe('de');
    expect(getDisplayLocale()).toBe('de');
  });

  it('formats numbers as the locale writes them', async () => {
    await act(() => switchLocale('de'));
    render(<Card count={1234} />);
    expect(screen.getByText('1.234 Münzen')).toBeInTheDocument();
  });

  it('show the pseudo-language: English, longer and accented, arguments untouched', async () => {
    await act(() => switchLocale('en-XA'));
    render(<Card count={2} />);
    expect(screen.getByRole('heading')).toHaveTextContent('ǾǾƒƒḗḗřş');
    expect(screen.getByText('2 ƈǿǿīīƞş')).toBeInTheDocument();
    expect(getDisplayLocale()).toBe('en'); // the pseudo-language formats as English
  });

  it('suspend a component whose catalog is not there yet, then show it', async () => {
    const late = defineMessages<{ 'late.title': string }>('test-late', async () => ({ 'late.title': 'Arrived' }));
    function Late() {
      return <p>{late.useT()('late.title')}</p>;
    }
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Late />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Arrived')).toBeInTheDocument();
  });

  it('keep the page in its language when a language fails to load', async () => {
    const failing = defineMessages<{ 'x.y': string }>('test-failing', async (locale) => {
      if (locale === 'fr') throw new Error('offline');
      return { 'x.y': 'ok' };
    });
    await failing.ready('en');
    await expect(switchLocale('fr')).rejects.toThrow('offline');
    expect(getLocale()).toBe('en');
  });
});
