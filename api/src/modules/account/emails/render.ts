import { IntlMessageFormat } from 'intl-messageformat';
import { BRAND_NAME } from '@rewards/shared/brand';
import { describeUserAgent } from '@rewards/shared/rules/user-agent';
import { intlLocale, isLocale, type Locale } from '@rewards/shared/i18n/locales';
import { localeOfCurrentRequest } from '../../../plugins/request-locale';
import { de } from './de';
import { en, type EmailMessageKey, type EmailMessages } from './en';
import { es } from './es';
import { fr } from './fr';
import { ptBR } from './pt-BR';

/** The emails' words in each language the site speaks. */
export const EMAIL_MESSAGES: Record<Locale, EmailMessages> = { en, es, de, 'pt-BR': ptBR, fr };

export type EmailValues = Record<string, string | number>;

const compiled = new Map<string, IntlMessageFormat>();

/** One message of the emails in `locale`, with `{brand}` and the given values filled in. */
export function emailText(locale: Locale, key: EmailMessageKey, values: EmailValues = {}): string {
  const id = `${locale}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(EMAIL_MESSAGES[locale][key], locale, undefined, { ignoreTag: true });
    compiled.set(id, format);
  }
  return String(format.format({ brand: BRAND_NAME, ...values }));
}

/**
 * The language of an email to a user: theirs if they chose one, else the language of the request that made
 * the server write it (its `lang` cookie or `Accept-Language`), else English.
 */
export function emailLocale(userLanguage: string | null | undefined, requestLocale = localeOfCurrentRequest()): Locale {
  if (isLocale(userLanguage)) return userLanguage;
  return requestLocale ? intlLocale(requestLocale) : 'en';
}

/** "$1,234.50" in English, "1.234,50 $" in German: dollars as `Intl` writes them in the locale. */
export function emailDollars(locale: Locale, dollars: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(dollars);
}

/**
 * "Chrome on Windows", "Chrome auf Windows": the device a User-Agent names, in the language; one it does not
 * know is "an unknown browser" inside a sentence, "Unknown browser" `alone` (a list's cell).
 */
export function deviceInWords(locale: Locale, userAgent: string | null | undefined, { alone = false }: { alone?: boolean } = {}): string {
  return describeUserAgent(userAgent, {
    browserOnSystem: (browser, system) => emailText(locale, 'device.browserOnSystem', { browser, system }),
    unknown: emailText(locale, alone ? 'device.unknownAlone' : 'device.unknown'),
  });
}
