import { COINS_PER_CENT, COINS_PER_DOLLAR } from '../constants';
import { getDisplayLocale } from '../i18n/display-locale';
import type { Locale } from '../i18n/locales';

// Made on first use, as the first Intl formatter of a page starts ICU, ~50 ms of its start-up (~200 ms on a slow
// phone): English uses it only for amounts written with an exponent (|x| ≥ 1e21 or < 1e-6).
const dollarFormats = new Map<Locale, Intl.NumberFormat>();

function dollarFormat(locale: Locale): Intl.NumberFormat {
  let format = dollarFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'en' ? 'en-US' : locale, { style: 'currency', currency: 'USD' });
    dollarFormats.set(locale, format);
  }
  return format;
}

/** A number's shortest decimal text, as Intl reads it: sign, whole digits, fraction digits. */
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * US dollars from a number of dollars or a numeric string, as `locale` writes them (`$1,234.50`,
 * `1.234,50 $`); anything unreadable counts as zero. In English the same text as `Intl.NumberFormat('en-US',
 * { style: 'currency', currency: 'USD' })` (half away from zero on the shortest decimal of the number,
 * `-$1,234.50`), without starting ICU for it: the landing shows dollars in its first screen, and the page's
 * first render should not wait for ICU. A page's default is the language it shows.
 */
export function formatDollars(dollars: number | string | null | undefined, locale: Locale = getDisplayLocale()): string {
  const parsed = typeof dollars === 'string' ? Number.parseFloat(dollars) : (dollars ?? 0);
  const value = Number.isFinite(parsed) ? parsed : 0;
  const match = PLAIN_DECIMAL.exec(String(value));
  if (!match || locale !== 'en') return dollarFormat(locale).format(value);
  const [, sign, whole = '0', fraction = ''] = match;
  // Cents as decimal digits, rounded half away from zero on the third decimal: no binary float rounding.
  let cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  // Intl's sign: any negative amount, even one that rounds to zero (and -0), shows as `-$0.00`.
  const negative = sign === '-' || Object.is(value, -0);
  return `${negative ? '-' : ''}$${grouped}.${digits.slice(-2)}`;
}

/** `$12.34` from a whole number of cents (a payout as the API gives it); anything else counts as zero. */
export function formatCents(cents: number | null | undefined, locale: Locale = getDisplayLocale()): string {
  if (!Number.isSafeInteger(cents)) return formatDollars(0, locale);
  const whole = cents as number;
  const sign = whole < 0 ? '-' : '';
  const absolute = Math.abs(whole);
  return formatDollars(`${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`, locale);
}

export function coinsToDollars(coins: number): number {
  return coins / COINS_PER_DOLLAR;
}

/**
 * The one coins → dollars text formatter, without float drift, rounded toward zero: 12345 → "12.34" with
 * 2 decimals (cents), "12.345" with 3 (one coin).
 */
export function coinsToDollarString(coins: number, decimals: 2 | 3 = 2): string {
  const coinsPerUnit = decimals === 3 ? 1 : COINS_PER_CENT;
  const unitsPerDollar = COINS_PER_DOLLAR / coinsPerUnit;
  const units = Math.trunc(coins / coinsPerUnit);
  const sign = units < 0 ? '-' : '';
  const absolute = Math.abs(units);
  return `${sign}${Math.trunc(absolute / unitsPerDollar)}.${String(absolute % unitsPerDollar).padStart(decimals, '0')}`;
}

/** Why a text is not an amount: the caller chooses the words. */
export type AmountProblem = 'empty' | 'not_a_number' | 'negative' | 'decimals' | 'too_large';
export type CoinsReading = { ok: true; coins: number } | { ok: false; problem: AmountProblem };

export type ReadCoinsOptions = {
  /** What one whole unit of the text is worth in coins: 1000 for dollars (the default), 1 for a text of coins. */
  coinsPerUnit?: number;
  /** Most decimals that count (trailing zeros do not); default: as many as make one coin (3 for dollars). */
  decimals?: number;
  /** What to do with decimals beyond `decimals`: refuse the text (the default) or drop them (toward zero). */
  extraDecimals?: 'refuse' | 'drop';
  /** Whether "-5" is a (negative) amount; by default it is refused as `negative`. */
  signed?: boolean;
  /** The largest number of coins (by absolute value) the text may stand for. */
  maxCoins?: number;
};

/** 999,999,999.999 dollars: every amount stays a safe integer of coins. */
export const MAX_READABLE_COINS = 999_999_999_999;

/** A plain decimal: digits with an optional fraction, or a fraction alone (`3`, `3.`, `3.50`, `.5`). */
const DECIMAL_TEXT = /^(-?)(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/**
 * The one dollars-text → coins parser. Reads the decimal text itself (a number through `String`), so no float
 * rounding is involved: "1.1" → 1100, "0.25" → 250, ".5" → 500, 0.29 → 290. Refuses exponents, signs other
 * than a leading "-", separators, "NaN" and "Infinity", and saying which rule the text broke.
 */
export function readCoins(value: string | number, options: ReadCoinsOptions = {}): CoinsReading {
  const coinsPerUnit = options.coinsPerUnit ?? COINS_PER_DOLLAR;
  const decimals = options.decimals ?? Math.round(Math.log10(coinsPerUnit));
  const maxCoins = options.maxCoins ?? MAX_READABLE_COINS;
  if (typeof value === 'number' && !Number.isFinite(value)) return refused('not_a_number');
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '') return refused('empty');

  const match = DECIMAL_TEXT.exec(text);
  if (!match) return refused('not_a_number');
  const negative = match[1] === '-';
  const whole = (match[2] ?? '').replace(/^0+/, '');
  let fraction = (match[3] ?? match[4] ?? '').replace(/0+$/, '');
  if (negative && !options.signed && (whole !== '' || fraction !== '')) return refused('negative');

  // Compared as digits first, so a text of any length never becomes an unsafe number.
  if (whole.length > String(Math.trunc(maxCoins / coinsPerUnit)).length) return refused('too_large');
  if (fraction.length > decimals) {
    if (options.extraDecimals !== 'drop') return refused('decimals');
    fraction = fraction.slice(0, decimals);
  }
  const coinsPerDecimal = coinsPerUnit / 10 ** decimals;
  const coins = Number(whole || '0') * coinsPerUnit + Number(fraction.padEnd(decimals, '0') || '0') * coinsPerDecimal;
  if (coins > maxCoins) return refused('too_large');
  return { ok: true, coins: negative && coins !== 0 ? -coins : coins };
}

/** `readCoins` for callers that only need the coins: null when the text is not an amount. */
export function dollarsToCoins(value: string | number, options?: ReadCoinsOptions): number | null {
  const reading = readCoins(value, options);
  return reading.ok ? reading.coins : null;
}

function refused(problem: AmountProblem): CoinsReading {
  return { ok: false, problem };
}
