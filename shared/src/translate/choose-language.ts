import { getApiBase } from '../api/api-base';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, NATIVE_LANGUAGE_NAMES, type SiteLocale } from '../i18n/locales';
import { useLocale } from './locale-store';
import { switchLocale } from './messages';
import { getOfferedLanguages } from './offered-languages';

export type LanguageOption = { locale: SiteLocale; name: string };

/**
 * What a language selector shows: the page's language and the offered ones, each in its own name
 * (`NATIVE_LANGUAGE_NAMES`); the page's language is among them even when not offered. One module for the
 * footer's remote to load.
 */
export function useLanguageOptions(): { locale: SiteLocale; options: LanguageOption[] } {
  const locale = useLocale();
  const offered = getOfferedLanguages();
  const languages = offered.includes(locale) ? offered : [...offered, locale];
  return { locale, options: languages.map((language) => ({ locale: language, name: NATIVE_LANGUAGE_NAMES[language] })) };
}

/** The `lang` cookie: the server's choice for this browser's next page (and its prerendered first screen). */
export function rememberLanguage(locale: SiteLocale): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * The footer's choice: the page re-renders in place in `locale`, the browser keeps it, and a signed-in user's
 * account keeps it for their other browsers. Saving to the account may fail (offline): the page still switches.
 */
export async function chooseLanguage(locale: SiteLocale, { signedIn }: { signedIn: boolean }): Promise<void> {
  await switchLocale(locale);
  rememberLanguage(locale);
  if (!signedIn) return;
  try {
    await fetch(`${getApiBase()}/user/language`, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ language: locale }),
    });
  } catch {
    // The cookie holds the choice on this browser; the account learns it at the next choice.
  }
}
