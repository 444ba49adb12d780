import { getApiBase } from '../api/api-base';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, PSEUDO_LOCALE, type Locale, type SiteLocale } from '../i18n/locales';
import { switchLocale } from '@rewards/shared/translate/messages';

// The shell sets them through this module, so the shell provides it to the remotes: a remote's own copy would
// switch a copy of the page's language, not the page's.
export { setOfferedLanguages } from './offered-languages';

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
  // The pseudo-language is this browser's only: the account keeps one of the site's languages.
  if (signedIn && locale !== PSEUDO_LOCALE) await saveAccountLanguage(locale);
}

/**
 * Keeps `locale` as the account's language (`PUT /user/language`), so its emails go in it and another browser
 * follows. A failure (offline) is left alone: the page works the same, the cookie holds the choice on this
 * browser, and the account learns a language at the user's next choice.
 */
export async function saveAccountLanguage(locale: Locale): Promise<void> {
  try {
    await fetch(`${getApiBase()}/user/language`, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ language: locale }),
    });
  } catch {
    // See above.
  }
}
