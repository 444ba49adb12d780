import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, isSiteLocale, type SiteLocale } from '../i18n/locales';

type Listener = () => void;

let currentLocale: SiteLocale = DEFAULT_LOCALE;
const listeners = new Set<Listener>();

export function getLocale(): SiteLocale {
  return currentLocale;
}

/** Every translated component re-renders in the new language; call `switchLocale` to load its messages first. */
export function setCurrentLocale(locale: SiteLocale): void {
  if (locale === currentLocale) return;
  currentLocale = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

export function subscribeToLocale(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocale(): SiteLocale {
  return useSyncExternalStore(subscribeToLocale, getLocale, getLocale);
}

/** The language the server chose for this page (`<html lang>`), else English. */
export function localeOfPage(options: { pseudo: boolean }): SiteLocale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isSiteLocale(lang, options) ? lang : DEFAULT_LOCALE;
}
