import { defineMessages } from '../translate/messages';

/**
 * The words of the shared UI (dialogs, fields, retry notices): `shared/src/ui/messages/<locale>.json`. The shell
 * provides the shared package to every remote, so these travel with the shell.
 */
export const { useT, t } = defineMessages<typeof import('./messages/en.json')>(
  'shared-ui',
  (locale) => import(/* webpackChunkName: "messages-shared-ui-[request]" */ `./messages/${locale}.json`),
  'on-demand',
);
