import { useRef, useSyncExternalStore } from 'react';
import type { ContentFile, ContentLocale, EnglishContentFile } from '@rewards/shared/content/content-files';
import { getApiBase } from '@rewards/shared/api/api-base';
import type { DEFAULT_LOCALE, PSEUDO_LOCALE, SiteLocale } from '@rewards/shared/i18n/locales';
import { getLocale, useLocale } from '@rewards/shared/translate/locale-store';
import { publishedContent } from './published-content';

/** Loads a translation: only the page's language is downloaded. */
export type TranslationLoader = (locale: ContentLocale) => Promise<unknown>;

/**
 * A translation as the site's API serves it now (`/api/content/de/about.json`: the newest published version,
 * else the repository's file), for the pages away from `/`: no chunk of the build per language and file, whose
 * names every visitor's first script would list.
 */
export function fromApi(english: EnglishContentFile): TranslationLoader {
  return async (locale) => {
    const response = await fetch(`${getApiBase()}/content/${locale}/${english}`);
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  };
}

// The contract's values, checked by the compiler: importing them would add shared modules to the page's start.
const ENGLISH: typeof DEFAULT_LOCALE = 'en';
const PSEUDO: typeof PSEUDO_LOCALE = 'en-XA';

// Each translation once loaded, for every component showing it; a change re-renders those waiting for one.
const loadedTranslations = new Map<ContentFile, unknown>();
const loadingTranslations = new Map<ContentFile, Promise<unknown>>();
// A translation whose chunk could not be fetched (offline): the page shows English rather than nothing.
const failedTranslations = new Set<ContentFile>();
const listeners = new Set<() => void>();
let loadedCount = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getLoadedCount = () => loadedCount;

function moduleValue(module: unknown): unknown {
  return module !== null && typeof module === 'object' && 'default' in module ? (module as { default: unknown }).default : module;
}

export type LocalizedContent<Content> = {
  /** The content in `locale` if it is at hand (published or loaded), else undefined. */
  inLocale(locale: SiteLocale): Content | undefined;
  /** The content in `locale`, loading its translation first when needed. */
  load(locale: SiteLocale): Promise<Content>;
  /**
   * The content in the page's language: the version published for that language after the build, else the
   * build's translation, else (a legal page, English) the English file. Re-renders on a language switch; the
   * first render in a language whose file is not loaded yet suspends, a later switch keeps showing the
   * previous language until the new one is there.
   */
  useContent(): Content;
};

/** English as a chunk of its own (`lazyEnglish(() => import(...))`): a page in another language downloads only its own. */
export type LazyEnglish = { loadEnglish: () => Promise<unknown> };

export function lazyEnglish(loadEnglish: () => Promise<unknown>): LazyEnglish {
  return { loadEnglish };
}

function isLazyEnglish(english: unknown): english is LazyEnglish {
  return english !== null && typeof english === 'object' && typeof (english as Partial<LazyEnglish>).loadEnglish === 'function';
}

/**
 * A content file in every language: `bundledEnglish` is bundled with the page (the default and the fallback),
 * or comes as its own chunk (`lazyEnglish`); each translation comes from `loadTranslation` when a page in its
 * language first shows it.
 */
export function localizedContent<Content>(english: EnglishContentFile, bundledEnglish: unknown, loadTranslation?: TranslationLoader): LocalizedContent<Content> {
  const lazy = isLazyEnglish(bundledEnglish) ? bundledEnglish : null;
  const englishContent = () => publishedContent<Content | undefined>(english, lazy ? loadedTranslations.get(english) : bundledEnglish);

  /** The file shown in `locale`: English for English, the pseudo-language and a file without translations. */
  function fileIn(locale: SiteLocale): ContentFile {
    return !loadTranslation || locale === ENGLISH || locale === PSEUDO ? english : (`${locale}/${english}` as ContentFile);
  }

  function inLocale(locale: SiteLocale): Content | undefined {
    const file = fileIn(locale);
    if (file === english || failedTranslations.has(file)) return englishContent();
    const published = publishedContent<Content | undefined>(file, undefined);
    if (published !== undefined) return published;
    return loadedTranslations.get(file) as Content | undefined;
  }

  function loadFile(file: ContentFile): Promise<unknown> {
    let loading = loadingTranslations.get(file);
    if (!loading) {
      const fetchFile = file === english ? lazy!.loadEnglish() : loadTranslation!(file.slice(0, file.indexOf('/')) as ContentLocale);
      loading = fetchFile
        .then(
          (module) => loadedTranslations.set(file, moduleValue(module)),
          () => failedTranslations.add(file),
        )
        .then(() => {
          loadedCount += 1;
          for (const listener of listeners) listener();
        })
        .finally(() => loadingTranslations.delete(file));
      loadingTranslations.set(file, loading);
    }
    return loading;
  }

  function load(locale: SiteLocale): Promise<Content> {
    const ready = inLocale(locale);
    if (ready !== undefined) return Promise.resolve(ready);
    const file = fileIn(locale);
    const wanted = file === english || failedTranslations.has(file) ? english : file;
    // A translation that could not load shows English, which may have to load first.
    return loadFile(wanted).then(() => inLocale(locale) ?? (wanted === english ? Promise.reject(new Error(`${english} could not load`)) : load(locale)));
  }

  function useContent(): Content {
    const locale = useLocale();
    useSyncExternalStore(subscribe, getLoadedCount, getLoadedCount);
    const shown = useRef<Content | undefined>(undefined);
    const content = inLocale(locale);
    if (content !== undefined) {
      shown.current = content;
      return content;
    }
    const loading = load(locale);
    if (shown.current !== undefined) return shown.current;
    throw loading;
  }

  return { inLocale, load, useContent };
}

/** Loads the content a page shows first in the page's language (a page module's `contentReady`). */
export function contentReady(...contents: LocalizedContent<unknown>[]): () => Promise<unknown> {
  return () => Promise.all(contents.map((content) => content.load(getLocale())));
}
