import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';
import { t } from '../../messages';

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

function formatFor(locale: string): Intl.RelativeTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formats.set(locale, format);
  }
  return format;
}

/** "just now", "2 minutes ago", "yesterday", "3 weeks ago" in the page's language: when `iso` was, seen from `now`. */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  // A clock a little ahead of the server's still says "just now", never "in 5 seconds".
  if (!Number.isFinite(seconds) || seconds > -60) return t('notifications.justNow');
  const [unit, size] = UNITS.find(([, length]) => -seconds >= length)!;
  return formatFor(getDisplayLocale()).format(Math.trunc(seconds / size), unit);
}
