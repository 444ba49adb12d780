import { useEffect, useRef } from 'react';
import type { Locale } from '@rewards/shared/i18n/locales';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { rememberLanguage, saveAccountLanguage } from '@rewards/shared/translate/choose-language';
import { getLocale } from '@rewards/shared/translate/locale-store';
import { switchLocale } from '@rewards/shared/translate/messages';

/*
 * The site's locales, checked against `Locale` by the compiler (each one, nothing else): `isLocale` itself would
 * make the shell provide the whole locales module (Accept-Language negotiation, the languages' names) in the
 * start-up chunk of every page, ~0.4 KB for one check.
 */
const SITE_LOCALES = { en: true, es: true, de: true, 'pt-BR': true, fr: true } as const satisfies Record<Locale, true>;

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(SITE_LOCALES, value);
}

/**
 * The signed-in user's language (the user answer's `language`) against the page's: the page switches to the
 * account's (and this browser keeps it in its cookie), or, for an account with none yet, the account keeps the
 * page's. A language that is no locale of the site, or an answer without the field (an older API), changes nothing.
 */
export async function followAccountLanguage(language: string | null | undefined): Promise<void> {
  if (isLocale(language)) {
    if (language === getLocale()) return;
    await switchLocale(language);
    rememberLanguage(language);
    return;
  }
  const pageLocale = getLocale();
  // The pseudo-language is a developer's view of English, not a language to write emails in.
  if (language === null && isLocale(pageLocale)) await saveAccountLanguage(pageLocale);
}

/** Follows each signed-in user's language once per page: the user answer arrives again with every refresh of it. */
export function useFollowAccountLanguage(): void {
  const user = useAppSelector(selectUser);
  const userId = user?.id;
  const language = user?.language;
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (userId === undefined) return;
    const seen = `${userId}\u0000${String(language)}`;
    if (followed.current === seen) return;
    followed.current = seen;
    followAccountLanguage(language).catch((error: unknown) => {
      // The language's messages could not load: the page stays in the language it has.
      console.warn('Could not switch to the account’s language', error);
    });
  }, [userId, language]);
}
