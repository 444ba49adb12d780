import { defineMessages } from '@rewards/shared/translate/messages';

/**
 * mf-marketing's own words (footer, page chrome, form messages, page titles): `messages/<locale>.json`. The
 * landing's texts are its content files'. The formatter for plurals loads only when a page first shows one.
 */
export const { useT, t } = defineMessages<typeof import('./en.json')>(
  'mf-marketing',
  (locale) => import(/* webpackChunkName: "messages-marketing-[request]" */ `./${locale}.json`),
  'on-demand',
);
