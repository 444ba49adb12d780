// The page's language from the locale store, which the shell shares with every remote (`en-XA` formats as English).
import { getLocale } from '@rewards/shared/translate/locale-store';

// One formatter per language and shape, made on first use: creating an Intl formatter is costly (ICU start-up).
const formats = new Map<string, Intl.NumberFormat>();

/** A star rating in the page's language, to one decimal: `4`, `4.5`; `fixed`: always one decimal (`4.8`, `4,0`). */
export function formatRating(value: number, { fixed = false }: { fixed?: boolean } = {}): string {
  const locale = getLocale();
  const key = `${locale}:${fixed}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: fixed ? 1 : 0, maximumFractionDigits: 1 });
    formats.set(key, format);
  }
  return format.format(value);
}
