import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';
import { type FractionDigits, formatSmallNumber } from '@rewards/shared/rules/plain-number';

type NumberStyle = 'integer' | 'rating' | 'percent';

const PLAIN_DIGITS: Record<Exclude<NumberStyle, 'percent'>, FractionDigits> = {
  integer: { maximumFractionDigits: 0 },
  rating: { minimumFractionDigits: 1, maximumFractionDigits: 1 },
};
const NUMBER_OPTIONS: Record<NumberStyle, Intl.NumberFormatOptions> = { ...PLAIN_DIGITS, percent: { style: 'percent', maximumFractionDigits: 0 } };

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A number as the page's language writes it: `2,000` / `2.000`, a rating `4.5` / `4,5`, a percent of 0–1. */
export function formatNumber(value: number, style: NumberStyle = 'integer'): string {
  const locale = getDisplayLocale();
  // A rating or a small count on the Earn page's first screen needs no ICU (formatSmallNumber).
  const small = style === 'percent' ? null : formatSmallNumber(value, locale, PLAIN_DIGITS[style]);
  if (small !== null) return small;
  const id = `${locale} ${style}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, NUMBER_OPTIONS[style]);
    numberFormats.set(id, format);
  }
  return format.format(value);
}

/** A day (`Mar 2, 2025`, `02.03.2025`) or a moment with its time, in the page's language; `utc` for a calendar day. */
export function formatDate(date: Date, { withTime = false, utc = false }: { withTime?: boolean; utc?: boolean } = {}): string {
  const locale = getDisplayLocale();
  const id = `${locale} ${withTime} ${utc}`;
  let format = dateFormats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), ...(utc ? { timeZone: 'UTC' } : {}) });
    dateFormats.set(id, format);
  }
  return format.format(date);
}
