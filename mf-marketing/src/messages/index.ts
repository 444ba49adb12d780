import { defineMessages } from '@rewards/shared/translate/messages';

// One import per language rather than a template path: the footer and the routes each carry this table, and
// a template's context module is twice its size.
const CATALOGS = {
  en: () => import(/* webpackChunkName: "messages-marketing-en" */ './en.json'),
  es: () => import(/* webpackChunkName: "messages-marketing-es" */ './es.json'),
  de: () => import(/* webpackChunkName: "messages-marketing-de" */ './de.json'),
  'pt-BR': () => import(/* webpackChunkName: "messages-marketing-pt-BR" */ './pt-BR.json'),
  fr: () => import(/* webpackChunkName: "messages-marketing-fr" */ './fr.json'),
};

/**
 * mf-marketing's own words (footer, page chrome, form messages, page titles): `messages/<locale>.json`. The
 * landing's texts are its content files'. The formatter for plurals loads only when a page first shows one.
 */
export const { useT, t } = defineMessages<typeof import('./en.json')>('mf-marketing', (locale) => CATALOGS[locale](), 'on-demand');
