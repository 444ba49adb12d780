import { createElement, Fragment, type ReactNode } from 'react';
import type { PrimitiveType } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { intlLocale, PSEUDO_LOCALE, type Locale, type SiteLocale } from '../i18n/locales';
import { pseudoMessage, pseudoText } from '../i18n/pseudo-locale';
import { getLocale, setCurrentLocale, useLocale } from '@rewards/shared/translate/locale-store';

/**
 * A message as its build gives it (messages-loader.cjs): text alone, or the ICU parser's elements. Tests read
 * the JSON as written: ICU text, formatted by the library as it is.
 */
export type CompiledMessage = string | MessageFormatElement[];
export type Catalog = Record<string, CompiledMessage>;
type CatalogModule = { default: Catalog; compiled?: boolean } | Catalog;
/** A package's `messages/<locale>.json`, loaded on demand: only the chosen language travels. */
export type CatalogLoader = (locale: Locale) => Promise<CatalogModule>;

type Values = Record<string, PrimitiveType>;
type RichValues = Record<string, PrimitiveType | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

type LoadedCatalog = { compiled: boolean; messages: Catalog };

/**
 * `with-catalog`: the message formatter (for plurals, selects, numbers, tags) loads with the catalog when the
 * catalog has such a message. `on-demand`: only when the page first shows one (the component suspends once):
 * the landing's packages, so a visitor's first page does not download it for a message it never shows.
 */
export type FormatterLoading = 'with-catalog' | 'on-demand';

type PackageMessages = {
  name: string;
  loaded: Map<SiteLocale, LoadedCatalog>;
  loading: Map<SiteLocale, Promise<LoadedCatalog>>;
  load: CatalogLoader;
  formatterLoading: FormatterLoading;
  catalogLoading: CatalogLoading;
  /** Told when one of its catalogs arrives (a page waiting for a catalog asked for only when used). */
  arrivals: Set<() => void>;
};

/**
 * `with-page`: the catalog loads before the package's first render and with every change of language.
 * `when-asked`: only once something asks for it (`ready`), then with every change of language: the API error
 * codes' words, which no page needs before an error.
 */
export type CatalogLoading = 'with-page' | 'when-asked';

const packages = new Map<string, PackageMessages>();

const LITERAL = 0;
const ARGUMENT = 1;

type FormatterModule = typeof import('intl-messageformat');
let formatterModule: FormatterModule | undefined;
let formatterLoad: Promise<FormatterModule> | undefined;

/** intl-messageformat, fetched once; the shell also asks for it when the browser is idle. */
export function preloadMessageFormatter(): Promise<FormatterModule> {
  formatterLoad ??= import(/* webpackChunkName: "message-formatter" */ 'intl-messageformat').then((module) => (formatterModule = module));
  return formatterLoad;
}

/** Text and plain `{name}` arguments are joined here; anything else is the library's. */
function isPlain(message: CompiledMessage, compiled: boolean): boolean {
  if (typeof message === 'string') return compiled;
  return message.every((element) => element.type === LITERAL || element.type === ARGUMENT);
}

function needsFormatter(catalog: LoadedCatalog): boolean {
  return Object.values(catalog.messages).some((message) => !isPlain(message, catalog.compiled));
}

function catalogOf(module: CatalogModule, pseudo: boolean): LoadedCatalog {
  const compiled = 'compiled' in module && module.compiled === true;
  const messages = 'default' in module && typeof module.default === 'object' ? (module.default as Catalog) : (module as Catalog);
  if (!pseudo) return { compiled, messages };
  const pseudoMessages = Object.fromEntries(
    Object.entries(messages).map(([key, message]) => [key, typeof message !== 'string' ? pseudoMessage(message) : compiled ? pseudoText(message) : message]),
  );
  return { compiled, messages: pseudoMessages };
}

function ensureCatalog(messages: PackageMessages, locale: SiteLocale): Promise<LoadedCatalog> {
  const loaded = messages.loaded.get(locale);
  if (loaded) return Promise.resolve(loaded);
  let loading = messages.loading.get(locale);
  if (!loading) {
    loading = messages
      .load(intlLocale(locale))
      .then(async (module) => {
        const catalog = catalogOf(module, locale === PSEUDO_LOCALE);
        if (messages.formatterLoading === 'with-catalog' && needsFormatter(catalog)) await preloadMessageFormatter();
        messages.loaded.set(locale, catalog);
        for (const arrived of messages.arrivals) arrived();
        return catalog;
      })
      .finally(() => messages.loading.delete(locale));
    messages.loading.set(locale, loading);
  }
  return loading;
}

/** Loads every registered package's messages in `locale`, then shows the page in it (no reload). */
/** The packages a page in a language needs: every one loaded with the page, and those asked for so far. */
function neededPackages(): PackageMessages[] {
  return [...packages.values()].filter((messages) => messages.catalogLoading === 'with-page' || messages.loaded.size > 0 || messages.loading.size > 0);
}

export async function switchLocale(locale: SiteLocale): Promise<void> {
  await Promise.all(neededPackages().map((messages) => ensureCatalog(messages, locale)));
  setCurrentLocale(locale);
}

/** Loads the messages of every package registered so far in the page's language (before a remote's first render). */
export function catalogsReady(locale: SiteLocale = getLocale()): Promise<unknown> {
  return Promise.all(neededPackages().map((messages) => ensureCatalog(messages, locale)));
}

const formatters = new Map<string, InstanceType<FormatterModule['IntlMessageFormat']>>();

function formatWithLibrary<T>(id: string, message: CompiledMessage, locale: SiteLocale, values: Record<string, unknown> | undefined) {
  if (!formatterModule) throw preloadMessageFormatter();
  let formatter = formatters.get(id);
  if (!formatter) {
    formatter = new formatterModule.IntlMessageFormat(message, intlLocale(locale));
    formatters.set(id, formatter);
  }
  return formatter.format<T>(values as Record<string, T>);
}

function joinPlain(message: CompiledMessage, values: Values | undefined): string {
  if (typeof message === 'string') return message;
  return message.map((element) => ('value' in element ? (element.type === LITERAL ? element.value : String(values?.[element.value] ?? '')) : '')).join('');
}

export type Translate<Key extends string> = {
  (key: Key, values?: Values): string;
  /** A message with React parts: `<link>…</link>` tags become the function of that name, values may be elements. */
  rich: (key: Key, values: RichValues) => ReactNode;
  /** Whether the catalog has `key` (a key that comes from data, such as an API error code). */
  has: (key: string) => boolean;
};

/**
 * A package's messages. `Messages` is the type of its English file (`typeof import('./en.json')`): a key that
 * is not in it does not compile. Each package calls this once, in `src/messages/index.ts`.
 */
export function defineMessages<Messages extends Record<string, string>>(
  name: string,
  load: CatalogLoader,
  formatterLoading: FormatterLoading = 'with-catalog',
  catalogLoading: CatalogLoading = 'with-page',
) {
  type Key = keyof Messages & string;
  const messages: PackageMessages = packages.get(name) ?? {
    name,
    loaded: new Map(),
    loading: new Map(),
    load,
    formatterLoading,
    catalogLoading,
    arrivals: new Set(),
  };
  packages.set(name, messages);

  function catalogFor(locale: SiteLocale): LoadedCatalog {
    const catalog = messages.loaded.get(locale);
    if (!catalog) throw ensureCatalog(messages, locale);
    return catalog;
  }

  function translatorFor(locale: SiteLocale): Translate<Key> {
    const translate = (key: Key, values?: Values): string => {
      const catalog = catalogFor(locale);
      const message = catalog.messages[key] ?? key;
      if (isPlain(message, catalog.compiled)) return joinPlain(message, values);
      return String(formatWithLibrary<string>(`${name}\u0000${locale}\u0000${key}`, message, locale, values));
    };
    translate.rich = (key: Key, values: RichValues): ReactNode => {
      const catalog = catalogFor(locale);
      const message = catalog.messages[key] ?? key;
      const parts = formatWithLibrary<ReactNode>(`${name}\u0000${locale}\u0000${key}`, message, locale, values);
      return Array.isArray(parts) ? createElement(Fragment, null, ...parts) : parts;
    };
    translate.has = (key: string): boolean => Object.hasOwn(messages.loaded.get(locale)?.messages ?? {}, key);
    return translate;
  }

  return {
    /**
     * The translator of the page's language; the component re-renders when the language changes. Suspends only
     * while its package's first catalog (or the message formatter) loads.
     */
    useT(): Translate<Key> {
      return translatorFor(useLocale());
    },
    /** Outside React (a thunk, a document title): the page's current language, whose catalog must be loaded. */
    t: ((key: Key, values?: Values) => translatorFor(getLocale())(key, values)) as (key: Key, values?: Values) => string,
    ready: (locale: SiteLocale = getLocale()) => ensureCatalog(messages, locale),
    /** The translator of `locale` once its catalog is there, else null (without suspending). */
    loadedTranslator: (locale: SiteLocale): Translate<Key> | null => (messages.loaded.has(locale) ? translatorFor(locale) : null),
    /** Calls `listener` when a catalog of this package arrives. */
    subscribeToArrivals(listener: () => void): () => void {
      messages.arrivals.add(listener);
      return () => messages.arrivals.delete(listener);
    },
  };
}
