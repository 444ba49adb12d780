import { isSiteLocale, LOCALES, type SiteLocale } from '../i18n/locales';

let offered: readonly SiteLocale[] = LOCALES;

/**
 * The languages the footer's selector offers, as the runtime config lists them (`languages`): the pseudo-language
 * too in development. The shell sets it at start (a module of its own: the shell's start carries nothing more);
 * a remote running alone offers the site's languages.
 */
export function setOfferedLanguages(languages: readonly string[] | undefined): void {
  const known = (languages ?? []).filter((language): language is SiteLocale => isSiteLocale(language, { pseudo: true }));
  offered = known.length > 0 ? [...new Set(known)] : LOCALES;
}

export function getOfferedLanguages(): readonly SiteLocale[] {
  return offered;
}
