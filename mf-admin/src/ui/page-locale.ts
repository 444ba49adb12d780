import type { Locale } from '@rewards/shared/i18n/locales';
import { getLocale } from '@rewards/shared/translate/locale-store';

/**
 * The locale the console formats dates in: the page's language, read from the locale store the shell shares; the
 * pseudo-language formats as English. Not `getDisplayLocale()`: federation shares the `@rewards/shared/*` modules
 * the shell imports by name, and the shell reaches `i18n/display-locale` only by a relative import, so this
 * remote would get a copy of its own that stays English.
 */
export function pageLocale(): Locale {
  const locale = getLocale();
  return locale === 'en-XA' ? 'en' : locale;
}
