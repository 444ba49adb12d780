import { defineMessages } from '@rewards/shared/translate/messages';

type Messages = typeof import('./en.json');
/** A message of mf-earn, by key: what a table or a check keeps instead of the words. */
export type MessageKey = keyof Messages & string;

/**
 * mf-earn's words: `mf-earn/src/messages/<locale>.json`, only the page's language loaded. The formatter for
 * plurals and tags loads when a page first shows such a message: the Earn page (the first page after signing in,
 * and the home page's partner rows) has none.
 */
export const { useT, t } = defineMessages<Messages>(
  'mf-earn',
  (locale) => import(/* webpackChunkName: "messages-[request]" */ `./${locale}.json`),
  'on-demand',
);

/** What `useT()` gives, for helpers that word a thing for a component. */
export type Translator = ReturnType<typeof useT>;
