// The shell's global styles travel with the prerendered page: it is painted before the shell's CSS arrives.
import '@rewards/shared/styles/tokens.css';
import '@rewards/shared/styles/base.css';
import type { ComponentType } from 'react';
import type { ContentFile, LandingContent } from '@rewards/shared/content/content-schemas';
import type { PublishedContent } from '@rewards/shared/content/published-content';
import { LOCALES } from '@rewards/shared/i18n/locales';
import { catalogsReady } from '@rewards/shared/translate/messages';
import { LandingFirstScreen } from './landing-first-screen';
import { renderPage } from './render-page';

type PrerenderedPage = {
  path: string;
  /** Its file name under `dist/prerendered/`. */
  file: string;
  /** The content files it shows: the site server renders it again when one of them is published. */
  content: ContentFile[];
  Page: ComponentType<{ published: PublishedContent }>;
};

/** The public pages painted from the first HTML response. */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: '/', file: 'index', content: ['landing.json'], Page: ({ published }) => <LandingFirstScreen landing={published['landing.json'] as LandingContent | undefined} /> },
];

/**
 * Loads the pages' messages in every language: await it before `renderPrerenderedPages`, whose server render
 * cannot wait for a catalog. (A bundle built before the site spoke languages has no such export.)
 */
export function messagesReady(): Promise<unknown> {
  return Promise.all(LOCALES.map((locale) => catalogsReady(locale)));
}

/**
 * Each prerendered page's HTML: at build from the bundled content, and in the site server from `published`
 * (files published after the build, already checked by their schemas; any other file as bundled).
 */
export function renderPrerenderedPages(published: PublishedContent = {}): { file: string; html: string }[] {
  return PRERENDERED_PAGES.map(({ path, file, Page }) => ({ file, html: renderPage(() => <Page published={published} />, path) }));
}
