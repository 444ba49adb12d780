import { defineMessages } from '@rewards/shared/translate/messages';

/** mf-account's words (sign-in, profile, settings, notifications…): `mf-account/src/messages/<locale>.json`. */
export const { useT, t } = defineMessages<typeof import('./en.json')>(
  'mf-account',
  (locale) => import(/* webpackChunkName: "messages-account-[request]" */ `./${locale}.json`),
);
