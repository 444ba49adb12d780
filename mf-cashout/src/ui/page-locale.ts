import type { Locale } from '@rewards/shared/i18n/locales';
import { getLocale } from '@rewards/shared/translate/locale-store';

/**
 * The locale this remote formats dates and numbers in: the page's language, read from the locale store the shell
 * shares; the pseudo-language formats as English. Not `getDisplayLocale()`, nor `intlLocale()`: federation shares
 * the `@rewards/shared/*` modules the shell imports by name, and the shell reaches `i18n/display-locale` and
 * `i18n/locales` only by relative imports, so this remote would load copies of its own (the first stays English).
 */
export function pageLocale(): Locale {
  const locale = getLocale();
  return locale === 'en-XA' ? 'en' : locale;
}
