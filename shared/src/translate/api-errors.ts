import type { CatalogLoader } from '@rewards/shared/translate/messages';
import { useEffect, useSyncExternalStore } from 'react';
import { defineMessages } from '@rewards/shared/translate/messages';
import { useLocale } from '@rewards/shared/translate/locale-store';
import type { ApiError } from '@rewards/shared/contracts/api-error';
import type { ErrorParams } from '@rewards/shared/contracts/error-codes';

let loadErrorMessages: CatalogLoader = async () => ({});

/** The shell gives the translations of the API's error codes (`shell/src/errors/messages/<locale>.json`). */
export function provideErrorMessages(load: CatalogLoader): void {
  loadErrorMessages = load;
}

// Asked for only when a page first shows a refusal: no page's first load carries them.
const errorMessages = defineMessages<Record<string, string>>('api-errors', (locale) => loadErrorMessages(locale), 'with-catalog', 'when-asked');

/** What an API refusal carries: its stable `code`, the values its message names, and the English `message`. */
export type ApiRefusal = { code?: string | null; params?: Record<string, string | number> | null; message?: string | null };

/** What one field error carries for the UI: its code and values to translate, its English message to fall back to. */
export type FieldRefusal = { code?: string; params?: ErrorParams; message: string };

/** The first problem the API named for `field` (its message and, when sent, its code), or undefined. */
export function fieldRefusal(error: ApiError | null | undefined, field: string): FieldRefusal | undefined {
  const message = error?.errors?.[field]?.[0];
  if (!message) return undefined;
  const coded = error.fieldCodes?.[field]?.[0];
  return coded ? { code: coded.code, ...(coded.params ? { params: coded.params } : {}), message } : { message };
}

/** The first problem of the first field the API named, or undefined. */
export function firstFieldRefusal(error: ApiError | null | undefined): FieldRefusal | undefined {
  for (const field of Object.keys(error?.errors ?? {})) {
    const refusal = fieldRefusal(error, field);
    if (refusal) return refusal;
  }
  return undefined;
}

/**
 * What to word of a failed call: its code, values and message; for a schema's refusal (`validation_failed`,
 * whose words say only that the data was invalid) its first field's problem, which says what is wrong.
 */
export function refusalOf(failure: ApiError): ApiRefusal {
  const field = firstFieldRefusal(failure);
  if (field && (!failure.code || failure.code === 'validation_failed')) return field;
  return { code: failure.code, params: failure.params, message: failure.message ?? field?.message };
}

/**
 * The refusal in the page's language: the translation of its `code`, else the API's own message, else
 * `fallback` (no answer at all, a network failure). The codes' words load when the component appears, so they
 * are there before its first refusal; `loadWhenShown` (a form on a visitor's first page, which words its refusal
 * as it renders): only when it first shows one, reading in the API's English for the moment they take to arrive.
 */
export function useApiErrorText({ loadWhenShown = false }: { loadWhenShown?: boolean } = {}): (refusal: ApiRefusal | null | undefined, fallback: string) => string {
  const locale = useLocale();
  useEffect(() => {
    if (!loadWhenShown) errorMessages.ready(locale).catch(() => undefined);
  }, [loadWhenShown, locale]);
  // Whether the codes' words in this language are there: the page renders again when they arrive.
  const isThere = () => errorMessages.loadedTranslator(locale) !== null;
  const arrived = useSyncExternalStore(errorMessages.subscribeToArrivals, isThere, isThere);
  const translate = arrived ? errorMessages.loadedTranslator(locale) : null;
  return (refusal, fallback) => {
    const english = refusal?.message || fallback;
    if (!refusal?.code) return english;
    if (!translate) {
      errorMessages.ready(locale).catch(() => undefined);
      return english;
    }
    if (!translate.has(refusal.code)) return english;
    try {
      return translate(refusal.code, refusal.params ?? undefined);
    } catch {
      // A message naming a value the answer did not carry.
      return english;
    }
  };
}
