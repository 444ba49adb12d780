// The shell's global styles travel with the prerendered page: it is painted before the shell's CSS arrives.
import '@rewards/shared/styles/tokens.css';
import '@rewards/shared/styles/base.css';
import type { ComponentType } from 'react';
import { type ContentFile, fileInLocale } from '@rewards/shared/content/content-files';
import type { LandingContent } from '@rewards/shared/content/content-schemas';
import type { PublishedContent } from '@rewards/shared/content/published-content';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@rewards/shared/i18n/locales';
import { catalogsReady, switchLocale } from '@rewards/shared/translate/messages';
import { prerenderedFileName } from '@rewards/shared/ui/prerendered-file-name';
import { landingContent } from '../content/landing-content';
import { LandingFirstScreen } from './landing-first-screen';
import { renderPage } from './render-page';

type PrerenderedPage = {
  path: string;
  /** Its file name under `dist/prerendered/`: `index` in English, `index.de` in German. */
  file: string;
  locale: Locale;
  /** The content files it shows: the site server renders it again when one of them is published. */
  content: ContentFile[];
  /** The page, from its content in its language (`published` first, else the build's). */
  Page: ComponentType<{ published: PublishedContent; locale: Locale }>;
  /** Loads what `Page` shows that is not in `published`. */
  ready(published: PublishedContent, locale: Locale): Promise<unknown>;
};

const landingIn = (published: PublishedContent, locale: Locale) => (published[fileInLocale('landing.json', locale)] as LandingContent | undefined) ?? landingContent.inLocale(locale);

/** The public pages painted from the first HTML response, each in every language. */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = LOCALES.map((locale) => ({
  path: '/',
  file: prerenderedFileName('index', locale),
  locale,
  content: [fileInLocale('landing.json', locale)],
  // Rendered once `ready` has loaded the content of its language.
  Page: ({ published, locale: pageLocale }) => <LandingFirstScreen landing={landingIn(published, pageLocale)!} />,
  ready: (published, pageLocale) => (landingIn(published, pageLocale) ? Promise.resolve() : landingContent.load(pageLocale)),
}));

/**
 * Loads the pages' messages in every language: await it before `renderPrerenderedPages`, whose server render
 * cannot wait for a catalog. (A bundle built before the site spoke languages has no such export.)
 */
export function messagesReady(): Promise<unknown> {
  return Promise.all(LOCALES.map((locale) => catalogsReady(locale)));
}

/**
 * Each prerendered page's HTML: at build from the bundled content, and in the site server from `published`
 * (files published after the build, already checked by their schemas; any other file as bundled). One page at
 * a time, in its language (the messages of that language loaded first).
 */
export async function renderPrerenderedPages(published: PublishedContent = {}): Promise<{ file: string; html: string }[]> {
  const pages: { file: string; html: string }[] = [];
  try {
    for (const { path, file, locale, Page, ready } of PRERENDERED_PAGES) {
      await Promise.all([switchLocale(locale), ready(published, locale)]);
      pages.push({ file, html: renderPage(() => <Page published={published} locale={locale} />, path) });
    }
  } finally {
    await switchLocale(DEFAULT_LOCALE);
  }
  return pages;
}
