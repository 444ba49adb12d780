import { defineMessages } from '@rewards/shared/translate/messages';

type Messages = typeof import('./en.json');
/** A message of mf-earn, by key: what a table or a check keeps instead of the words. */
export type MessageKey = keyof Messages & string;

/** mf-earn's words: `mf-earn/src/messages/<locale>.json`, only the page's language loaded. */
export const { useT, t } = defineMessages<Messages>(
  'mf-earn',
  (locale) => import(/* webpackChunkName: "messages-[request]" */ `./${locale}.json`),
);

/** What `useT()` gives, for helpers that word a thing for a component. */
export type Translator = ReturnType<typeof useT>;
