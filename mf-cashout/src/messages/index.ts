import { defineMessages } from '@rewards/shared/translate/messages';

/** mf-cashout's words (cashout page, withdrawals panel, earnings history): `mf-cashout/src/messages/<locale>.json`. */
export const { useT, t } = defineMessages<typeof import('./en.json')>(
  'mf-cashout',
  (locale) => import(/* webpackChunkName: "messages-[request]" */ `./${locale}.json`),
);

/** What the pure helpers that word things are handed: a component's `useT()`, or `t` outside React. */
export type CashoutTranslate = typeof t;
