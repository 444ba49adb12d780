/** The languages the site speaks. `en` is the source language every other file is checked against. */
export const LOCALES = ['en', 'es', 'de', 'pt-BR', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** Longer English with accents, to find cut or hard-coded text; offered in development only. */
export const PSEUDO_LOCALE = 'en-XA';
export type SiteLocale = Locale | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: Locale = 'en';

/** The visitor's choice, for a year; a signed-in user's choice is kept in the account (`language`). */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Each language by its own name, as the footer's selector offers it. */
export const NATIVE_LANGUAGE_NAMES: Record<SiteLocale, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  'en-XA': 'Ƥşḗḗŭḓǿǿ (en-XA)',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isSiteLocale(value: unknown, { pseudo }: { pseudo: boolean }): value is SiteLocale {
  return isLocale(value) || (pseudo && value === PSEUDO_LOCALE);
}

/** The locale a language tag asks for: exact (any case), else by its primary language (`pt-PT` → `pt-BR`). */
export function localeOfTag(tag: string): Locale | undefined {
  const wanted = tag.trim().toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split('-')[0];
  return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === primary);
}

/** The best of our locales for an `Accept-Language` header (RFC 9110 weights), else English. */
export function negotiateLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage || acceptLanguage.length > 1000) return DEFAULT_LOCALE;
  const ranges = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const weightParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const weight = weightParam === undefined ? 1 : Number(weightParam.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** A signed-in user's language wins, then the `lang` cookie, then the browser's `Accept-Language`. */
export function chooseLocale(choices: { userLanguage?: string | null; cookie?: string; acceptLanguage?: string; pseudo?: boolean }): SiteLocale {
  const pseudo = choices.pseudo ?? false;
  if (isSiteLocale(choices.userLanguage, { pseudo })) return choices.userLanguage;
  if (isSiteLocale(choices.cookie, { pseudo })) return choices.cookie;
  return negotiateLocale(choices.acceptLanguage);
}

/** The locale `Intl` formats with: the pseudo-language formats as English. */
export function intlLocale(locale: SiteLocale): Locale {
  return locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
}
