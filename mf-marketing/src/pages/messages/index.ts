import { defineMessages } from '@rewards/shared/translate/messages';

const CATALOGS = {
  en: () => import(/* webpackChunkName: "messages-marketing-pages-en" */ './en.json'),
  es: () => import(/* webpackChunkName: "messages-marketing-pages-es" */ './es.json'),
  de: () => import(/* webpackChunkName: "messages-marketing-pages-de" */ './de.json'),
  'pt-BR': () => import(/* webpackChunkName: "messages-marketing-pages-pt-BR" */ './pt-BR.json'),
  fr: () => import(/* webpackChunkName: "messages-marketing-pages-fr" */ './fr.json'),
};

/**
 * The words of mf-marketing's pages and of the landing's sections below the first screen (live cashouts,
 * reviews, the video): a catalog apart from `src/messages`, so the landing's first load carries only the
 * first screen's, the footer's and the page titles' words. Registered when a page that needs it loads.
 */
export const { useT, t, ready } = defineMessages<typeof import('./en.json')>('mf-marketing-pages', (locale) => CATALOGS[locale](), 'on-demand');

type Key = Parameters<typeof t>[0];

// Each page's title and description, by its path (routes.tsx reads them once these words are in).
const PAGE_META: Record<string, readonly [Key, Key]> = {
  '/faq': ['meta.faq.title', 'meta.faq.description'],
  '/contest': ['meta.contest.title', 'meta.contest.description'],
  '/leaderboard': ['meta.leaderboard.title', 'meta.leaderboard.description'],
  '/about-us': ['meta.about.title', 'meta.about.description'],
  '/contact': ['meta.contact.title', 'meta.contact.description'],
  '/terms': ['meta.terms.title', 'meta.terms.description'],
  '/privacy': ['meta.privacy.title', 'meta.privacy.description'],
  '/cookies': ['meta.cookies.title', 'meta.cookies.description'],
  '/affiliates': ['meta.affiliates.title', 'meta.affiliates.description'],
  '/advertisers': ['meta.advertisers.title', 'meta.advertisers.description'],
  '/careers': ['meta.careers.title', 'meta.careers.description'],
  '/press': ['meta.press.title', 'meta.press.description'],
  '/bonuses': ['meta.bonuses.title', 'meta.bonuses.description'],
};

/** The page's title and description in the page's language; `undefined` for a path without them. */
export function pageMeta(path: string, values: Record<string, string>): { title: string; description: string } | undefined {
  const keys = Object.hasOwn(PAGE_META, path) ? PAGE_META[path] : undefined;
  return keys && { title: t(keys[0], values), description: t(keys[1], values) };
}

export type PageWords = { pageMeta: typeof pageMeta };
