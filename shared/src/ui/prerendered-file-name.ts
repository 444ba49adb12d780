import { DEFAULT_LOCALE, type Locale } from '../i18n/locales';

/** A prerendered page's file name in `locale` (the site server picks the visitor's): `index`, `index.de`. */
export function prerenderedFileName(page: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? page : `${page}.${locale}`;
}
