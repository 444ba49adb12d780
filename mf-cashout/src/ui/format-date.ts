import type { Locale } from '@rewards/shared/i18n/locales';
import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';

// Made on first use, once per language, not when the module loads: creating an Intl formatter is costly (ICU start-up).
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** `Mar 5, 2025` (`05.03.2025` in German) from an ISO date, in the page’s language; the text as given when it is not a date. */
export function formatDate(iso: string, locale: Locale = getDisplayLocale()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}
