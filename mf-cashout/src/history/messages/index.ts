import { defineMessages } from '@rewards/shared/translate/messages';

/**
 * The words of the Profile page's two history tabs (withdrawals, earnings), which mf-account shows through
 * federation: `mf-cashout/src/history/messages/<locale>.json`. A catalog of their own, so /Cashout does not
 * download them and /Profile does not download the Cashout page's. Their plurals need the message formatter:
 * the exposed tabs fetch it with their code.
 */
export const { useT, t } = defineMessages<typeof import('./en.json')>(
  'mf-cashout-history',
  (locale) => import(/* webpackChunkName: "history-messages-[request]" */ `./${locale}.json`),
  'on-demand',
);

/** What the pure helpers that word the history are handed: a component's `useT()`, or `t` outside React. */
export type HistoryTranslate = typeof t;
