import type { Locale } from '@rewards/shared/i18n/locales';
import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';
import { formatSmallNumber } from '@rewards/shared/rules/plain-number';

const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * A plain number as the page's language writes it, without a currency: `0.25` / `0,25`, `16.7` / `16,7`.
 * `fractionDigits` fixes the decimals (an amount's cents); without it, up to 2 (a percentage).
 */
export function formatDecimal(value: number, fractionDigits?: number, locale: Locale = getDisplayLocale()): string {
  const digits = fractionDigits === undefined ? { maximumFractionDigits: 2 } : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
  // A small amount or percentage needs no ICU (formatSmallNumber): the cashout form's first render shows some.
  const small = formatSmallNumber(value, locale, digits);
  if (small !== null) return small;
  const id = `${locale}/${fractionDigits ?? ''}`;
  let format = decimalFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, digits);
    decimalFormats.set(id, format);
  }
  return format.format(value);
}
