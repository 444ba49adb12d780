import { defineMessages } from '@rewards/shared/translate/messages';

/**
 * The words only staff see (the console's link in the Rewards menu): a catalog of their own, loaded with the
 * opened menu, so no visitor's page carries a word of the console.
 */
export const { useT } = defineMessages<typeof import('./messages/en.json')>(
  'shell-staff',
  (locale) => import(/* webpackChunkName: "messages-staff-[request]" */ `./messages/${locale}.json`),
);
