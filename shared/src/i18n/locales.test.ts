import { chooseLocale, DEFAULT_LOCALE, intlLocale, isLocale, isSiteLocale, LOCALES, localeOfTag, NATIVE_LANGUAGE_NAMES, negotiateLocale, PSEUDO_LOCALE } from './locales';

describe('the site locales', () => {
  it('are English, Spanish, German, Brazilian Portuguese and French, each named in its own language', () => {
    expect(LOCALES).toEqual(['en', 'es', 'de', 'pt-BR', 'fr']);
    expect(DEFAULT_LOCALE).toBe('en');
    expect(NATIVE_LANGUAGE_NAMES).toMatchObject({ en: 'English', es: 'Español', de: 'Deutsch', 'pt-BR': 'Português (Brasil)', fr: 'Français' });
  });

  it.each([
    ['de', true],
    ['pt-BR', true],
    ['pt-br', false],
    ['DE', false],
    ['en-XA', false],
    ['', false],
    ['__proto__', false],
    ['toString', false],
    [null, false],
    [undefined, false],
    [42, false],
    [['de'], false],
  ])('isLocale(%j) is %s', (value, expected) => {
    expect(isLocale(value)).toBe(expected);
  });

  it('knows the pseudo-language only when it is offered', () => {
    expect(isSiteLocale(PSEUDO_LOCALE, { pseudo: true })).toBe(true);
    expect(isSiteLocale(PSEUDO_LOCALE, { pseudo: false })).toBe(false);
    expect(intlLocale(PSEUDO_LOCALE)).toBe('en');
    expect(intlLocale('fr')).toBe('fr');
  });

  it.each([
    ['de', 'de'],
    ['DE-de', 'de'],
    [' fr-CA ', 'fr'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['PT-br', 'pt-BR'],
    ['es-419', 'es'],
    ['en-GB', 'en'],
    ['ja', undefined],
    ['', undefined],
    ['-', undefined],
  ])('localeOfTag(%j) is %s', (tag, expected) => {
    expect(localeOfTag(tag)).toBe(expected);
  });
});

describe('negotiateLocale (Accept-Language)', () => {
  it.each([
    ['de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7', 'de'],
    ['fr-CA, fr;q=0.9', 'fr'],
    ['ja, es;q=0.5, de;q=0.4', 'es'],
    ['en;q=0.1, de;q=0.9', 'de'],
    ['de;q=0.5, fr;q=0.5', 'de'],
    ['pt-PT', 'pt-BR'],
    ['zh-CN, ja', 'en'],
    ['de;q=0, fr', 'fr'],
    ['de ; q=0.8 , es ; q=0.9', 'es'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it.each([
    ['a huge header', `${'xx-YY;q=0.5,'.repeat(500)}de`],
    ['one huge tag', 'd'.repeat(100_000)],
    ['garbage', '\u0000\u0001;;;==,,,\u202e<script>'],
    ['q=abc', 'de;q=abc'],
    ['q=-1', 'de;q=-1'],
    ['q=NaN', 'de;q=NaN'],
    ['q=Infinity', 'de;q=Infinity, fr;q=1e999'],
    ['a lone *', '*'],
    ['* weighted above the rest', '*;q=1, ja;q=0.5'],
    ['only separators', ', , ;, ;q='],
    ['prototype names', '__proto__, constructor;q=0.9, toString'],
    ['a header injection attempt', 'de\r\nSet-Cookie: x=y'],
  ])('answers English, never throwing, for %s', (_label, header) => {
    const chosen = negotiateLocale(header);
    expect(LOCALES).toContain(chosen);
    if (!/\r\n/.test(header)) expect(chosen).toBe('en');
  });

  it('reads a header of up to 1000 characters, ignores a longer one', () => {
    const padded = (length: number) => `${'x-y;q=0.1,'.repeat(Math.ceil(length / 10))}`.slice(0, length - 3) + ',de';
    expect(negotiateLocale(padded(1000))).toBe('de');
    expect(negotiateLocale(padded(1001))).toBe('en');
  });

  it('is quick on the worst header it reads', () => {
    const header = `${'de-DE;q=0.001,'.repeat(70)}`.slice(0, 1000);
    const started = performance.now();
    for (let run = 0; run < 1000; run++) negotiateLocale(header);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('chooseLocale', () => {
  it('prefers the user, then the cookie, then Accept-Language, then English', () => {
    expect(chooseLocale({ userLanguage: 'de', cookie: 'fr', acceptLanguage: 'es' })).toBe('de');
    expect(chooseLocale({ userLanguage: null, cookie: 'fr', acceptLanguage: 'es' })).toBe('fr');
    expect(chooseLocale({ cookie: 'nope', acceptLanguage: 'es' })).toBe('es');
    expect(chooseLocale({ acceptLanguage: 'ja' })).toBe('en');
    expect(chooseLocale({})).toBe('en');
  });

  it('takes the pseudo-language from the user or the cookie only when offered', () => {
    expect(chooseLocale({ cookie: 'en-XA', acceptLanguage: 'de', pseudo: true })).toBe('en-XA');
    expect(chooseLocale({ cookie: 'en-XA', acceptLanguage: 'de' })).toBe('de');
    expect(chooseLocale({ userLanguage: 'en-XA', pseudo: false })).toBe('en');
  });

  it.each(['DE', 'de-DE', ' de', 'de;q=1', '', 'x'.repeat(10_000), '__proto__', '%64%65', 'de\u0000'])('ignores the cookie %j that is no locale', (cookie) => {
    expect(chooseLocale({ cookie, acceptLanguage: 'fr' })).toBe('fr');
    expect(chooseLocale({ userLanguage: cookie, cookie })).toBe('en');
  });
});
