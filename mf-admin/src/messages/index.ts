import { defineMessages } from '@rewards/shared/translate/messages';

/** The staff console's words: `mf-admin/src/messages/<locale>.json`. */
export const { useT, t } = defineMessages<typeof import('./en.json')>(
  'mf-admin',
  (locale) => import(/* webpackChunkName: "messages-[request]" */ `./${locale}.json`),
);

/** The console's translate function, for tables and helpers built outside a component's body. */
export type AdminTranslate = ReturnType<typeof useT>;
