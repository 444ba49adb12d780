import { defineMessages } from '@rewards/shared/translate/messages';

/**
 * The Cashout page's words (page, methods, modal, code step): `mf-cashout/src/messages/<locale>.json`; the
 * Profile page's history tabs have theirs in `src/history/messages/`. Plain messages only (messages.test.ts),
 * so /Cashout never downloads the message formatter.
 */
export const { useT, t } = defineMessages<typeof import('./en.json')>(
  'mf-cashout',
  (locale) => import(/* webpackChunkName: "messages-[request]" */ `./${locale}.json`),
  'on-demand',
);

/** What the pure helpers that word things are handed: a component's `useT()`, or `t` outside React. */
export type CashoutTranslate = typeof t;
