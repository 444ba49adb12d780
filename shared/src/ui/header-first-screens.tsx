import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales';
import { catalogsReady, switchLocale } from '../translate/messages';
import { PageLayout } from './page-layout';
import { prerenderedFileName } from './prerendered-file-name';

/** A signed-in page whose first screen is its header: the title and the lead paragraph, words of its remote. */
export type HeaderPage = {
  path: string;
  /** Its file under `dist/prerendered/`, in English (`cashout`); `cashout.de` in German. */
  file: string;
  /** Its words in the language switched to (the remote's `t`). */
  title(): string;
  lead(): string;
};

export type HeaderFirstScreens = {
  /** Each page in each language: what the build's prerender step lists. */
  PRERENDERED_PAGES: readonly { path: string; file: string; locale: Locale }[];
  /** Loads the remote's messages in every language: before `renderPrerenderedPages`, which cannot wait for one. */
  messagesReady(): Promise<unknown>;
  renderPrerenderedPages(): Promise<{ file: string; html: string }[]>;
};

/**
 * A remote's prerender entry for signed-in pages. Their data is the user's, so what the server can paint before
 * any script runs is what every user sees alike: the page's header, as `PageLayout` begins the page (its
 * `<div>` and `<header>` with the same classes), so the page that takes over adds what follows below it and
 * nothing above moves. The lead paragraph is the largest text of `/Cashout` and `/Profile`.
 */
export function headerFirstScreens(pages: readonly HeaderPage[]): HeaderFirstScreens {
  const prerendered = pages.flatMap((page) => LOCALES.map((locale) => ({ page, path: page.path, file: prerenderedFileName(page.file, locale), locale })));
  return {
    PRERENDERED_PAGES: prerendered.map(({ path, file, locale }) => ({ path, file, locale })),
    messagesReady: () => Promise.all(LOCALES.map((locale) => catalogsReady(locale))),
    async renderPrerenderedPages() {
      const rendered: { file: string; html: string }[] = [];
      try {
        for (const { page, file, locale } of prerendered) {
          await switchLocale(locale);
          rendered.push({ file, html: renderToStaticMarkup(<PageLayout title={page.title()} lead={page.lead()} />) });
        }
      } finally {
        await switchLocale(DEFAULT_LOCALE);
      }
      return rendered;
    },
  };
}
