import { defineMessages } from '@rewards/shared/translate/messages';

/** The shell's words (navigation, menus, alerts, page titles): `shell/src/messages/<locale>.json`. */
export const { useT, t, ready: shellMessagesReady } = defineMessages<typeof import('./en.json')>(
  'shell',
  (locale) => import(/* webpackChunkName: "messages-shell-[request]" */ `./${locale}.json`),
  'on-demand',
);
