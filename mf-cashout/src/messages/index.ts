import { defineMessages } from '@rewards/shared/translate/messages';

/**
 * mf-cashout's words (cashout page, withdrawals panel, earnings history): `mf-cashout/src/messages/<locale>.json`.
 * The Cashout page and its modal use plain messages only, so the message formatter loads only with the Profile
 * page's panels (their plurals), not on /Cashout.
 */
export const { useT, t } = defineMessages<typeof import('./en.json')>(
  'mf-cashout',
  (locale) => import(/* webpackChunkName: "messages-[request]" */ `./${locale}.json`),
  'on-demand',
);

/** What the pure helpers that word things are handed: a component's `useT()`, or `t` outside React. */
export type CashoutTranslate = typeof t;
