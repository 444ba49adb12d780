import { LOCALES } from '../i18n/locales';
import { formatSmallNumber, type FractionDigits } from './plain-number';

const DIGIT_OPTIONS: FractionDigits[] = [
  { maximumFractionDigits: 0 },
  { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { maximumFractionDigits: 2 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { maximumFractionDigits: 3 },
];

const EDGES = [0, 0.05, 0.15, 0.25, 0.5, 1, 1.005, 2.675, 4.45, 4.5, 4.55, 4.95, 9.995, 12, 99.5, 100, 123.456, 999, 999.4, 999.49, 999.5, 999.95, 999.999, 1e-7];

function randomValues(count: number): number[] {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  return Array.from({ length: count }, (_, index) => {
    const value = next() * 1000;
    // Whole numbers, one to four decimals: the shapes ratings, counts and amounts take.
    const decimals = index % 5;
    return Number(value.toFixed(decimals));
  });
}

describe('formatSmallNumber', () => {
  it.each(LOCALES)('writes what Intl.NumberFormat writes in %s, or leaves it to Intl', (locale) => {
    const differing: Array<[number, FractionDigits, string, string]> = [];
    for (const digits of DIGIT_OPTIONS) {
      const format = new Intl.NumberFormat(locale, digits);
      for (const value of [...EDGES, ...randomValues(2000)]) {
        const text = formatSmallNumber(value, locale, digits);
        if (text !== null && text !== format.format(value)) differing.push([value, digits, text, format.format(value)]);
      }
    }
    expect(differing).toEqual([]);
  });

  it('formats every value from 0 to under 1,000 that stays there once rounded', () => {
    expect(formatSmallNumber(4.5, 'en', { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('4.5');
    expect(formatSmallNumber(4.5, 'de', { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('4,5');
    expect(formatSmallNumber(4, 'fr', { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('4,0');
    expect(formatSmallNumber(12, 'es', { maximumFractionDigits: 0 })).toBe('12');
    expect(formatSmallNumber(999.4, 'pt-BR', { maximumFractionDigits: 0 })).toBe('999');
  });

  it('leaves to Intl what needs a sign, grouping or an exponent, and options it does not read', () => {
    for (const value of [-1, -0, 1000, 999.5, 12_345, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatSmallNumber(value, 'en', { maximumFractionDigits: 0 })).toBeNull();
    }
    expect(formatSmallNumber(1, 'en', { maximumFractionDigits: 1.5 })).toBeNull();
    expect(formatSmallNumber(1, 'en', { maximumFractionDigits: -1 })).toBeNull();
    expect(formatSmallNumber(1, 'en', { minimumFractionDigits: 2, maximumFractionDigits: 1 })).toBeNull();
  });
});
