import { DEFAULT_LOCALE, intlLocale, isSiteLocale, type Locale } from './locales';

/**
 * The locale numbers, dates and money are shown in on this page: the page's `<html lang>`, which the server
 * writes and the shell changes with the language. Read from the document, not kept here: every remote's copy of
 * this module reads the same answer. The API has no document: English, unless it passes a locale itself.
 */
type PageGlobal = { document?: { documentElement: { lang: string } } };

export function getDisplayLocale(): Locale {
  const lang = (globalThis as PageGlobal).document?.documentElement.lang;
  return isSiteLocale(lang, { pseudo: true }) ? intlLocale(lang) : DEFAULT_LOCALE;
}
