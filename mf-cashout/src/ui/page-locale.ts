import { intlLocale, type Locale } from '@rewards/shared/i18n/locales';
import { getLocale } from '@rewards/shared/translate/locale-store';

/**
 * The locale this remote formats dates and numbers in: the page's language, read from the locale store the shell
 * shares. Not `getDisplayLocale()`: federation shares the `@rewards/shared/*` modules the shell imports by name,
 * and the shell reaches `i18n/display-locale` only by a relative import, so this remote would get a copy of its
 * own that stays English.
 */
export function pageLocale(): Locale {
  return intlLocale(getLocale());
}
