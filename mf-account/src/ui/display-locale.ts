import type { Locale } from '@rewards/shared/i18n/locales';
import { getLocale } from '@rewards/shared/translate/locale-store';

/**
 * The locale this page shows numbers and dates in, read from the locale store the shell shares with every
 * remote. (`@rewards/shared/i18n/display-locale` is not among the modules the shell provides: a remote's own
 * copy of it stays English.) The pseudo-language formats as English, as `intlLocale` says.
 */
export function displayLocale(): Locale {
  const locale = getLocale();
  return locale === 'en-XA' ? 'en' : locale;
}
