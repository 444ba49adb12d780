import { provideErrorMessages } from '@rewards/shared/translate/api-errors';

/** The API's error codes in each language (`./messages/<locale>.json`), for every page's `useApiErrorText`. */
export function provideApiErrorTranslations(): void {
  provideErrorMessages((locale) => import(/* webpackChunkName: "messages-errors-[request]" */ `./messages/${locale}.json`));
}
