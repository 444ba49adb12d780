import type { CatalogLoader } from '@rewards/shared/translate/messages';
import { defineMessages } from '@rewards/shared/translate/messages';

let loadErrorMessages: CatalogLoader = async () => ({});

/** The shell gives the translations of the API's error codes (`shell/src/errors/messages/<locale>.json`). */
export function provideErrorMessages(load: CatalogLoader): void {
  loadErrorMessages = load;
}

const errorMessages = defineMessages<Record<string, string>>('api-errors', (locale) => loadErrorMessages(locale));

/** What an API refusal carries: its stable `code` and the English `message` (spec's words). */
export type ApiRefusal = { code?: string | null; message?: string | null };

/**
 * The refusal in the page's language: the translation of its `code`, else the API's own message, else
 * `fallback` (no answer at all, a network failure).
 */
export function useApiErrorText(): (refusal: ApiRefusal | null | undefined, fallback: string) => string {
  const t = errorMessages.useT();
  return (refusal, fallback) => {
    if (refusal?.code && t.has(refusal.code)) return t(refusal.code);
    return refusal?.message || fallback;
  };
}
