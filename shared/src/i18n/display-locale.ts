import { DEFAULT_LOCALE, intlLocale, type Locale, type SiteLocale } from './locales';

let displayLocale: Locale = DEFAULT_LOCALE;

/**
 * The locale numbers, dates and money are shown in on this page. A browser page shows one language at a time;
 * the API never sets it (it passes a locale to each formatter it calls).
 */
export function getDisplayLocale(): Locale {
  return displayLocale;
}

export function setDisplayLocale(locale: SiteLocale): void {
  displayLocale = intlLocale(locale);
}
