import type { Locale } from '../i18n/locales';

/** The decimal mark each language of the site writes, as `Intl.NumberFormat` does (plain-number.test.ts compares). */
const DECIMAL_MARK: Record<Locale, string> = { en: '.', es: ',', de: ',', 'pt-BR': ',', fr: ',' };

/** Below this no language of the site groups digits: the text is the digits and the decimal mark alone. */
const UNGROUPED_BELOW = 1000;

/** A non-negative number's shortest decimal text, as Intl reads it: whole digits, fraction digits. */
const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export type FractionDigits = { minimumFractionDigits?: number; maximumFractionDigits: number };

/**
 * `value` as `new Intl.NumberFormat(locale, digits).format(value)` writes it (half away from zero on the shortest
 * decimal of the number), without starting ICU: the first Intl formatter of a page starts it, 30–100 ms on a
 * desktop and more on a phone, in the render that first shows a number. Only for 0 up to under 1,000 (no sign,
 * no grouping: a rating, a count of offers); null for anything else, which the caller gives to Intl.
 */
export function formatSmallNumber(value: number, locale: Locale, { minimumFractionDigits = 0, maximumFractionDigits }: FractionDigits): string | null {
  const match = PLAIN_DECIMAL.exec(String(value));
  if (!match || Object.is(value, -0) || !Number.isInteger(maximumFractionDigits) || maximumFractionDigits < 0 || minimumFractionDigits > maximumFractionDigits) return null;
  const [, whole = '0', fraction = ''] = match;
  let scaled = BigInt(whole + fraction.slice(0, maximumFractionDigits).padEnd(maximumFractionDigits, '0'));
  if ((fraction[maximumFractionDigits] ?? '0') >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(maximumFractionDigits + 1, '0');
  const wholeDigits = digits.slice(0, digits.length - maximumFractionDigits);
  if (BigInt(wholeDigits) >= UNGROUPED_BELOW) return null;
  const fractionDigits = digits.slice(digits.length - maximumFractionDigits).replace(/0+$/, '').padEnd(minimumFractionDigits, '0');
  return fractionDigits ? `${wholeDigits}${DECIMAL_MARK[locale]}${fractionDigits}` : wholeDigits;
}
