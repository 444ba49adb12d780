import { isApiError } from '@rewards/shared/api/api-error';
import type { ApiRefusal } from '@rewards/shared/translate/api-errors';

/** `useApiErrorText()`'s answer: a refusal's words in the page's language, else the API's message, else the fallback. */
export type ApiErrorText = (refusal: ApiRefusal | null | undefined, fallback: string) => string;

/**
 * Spec §8: a refusal from the server in the page's language (its code's translation, else its message); the
 * generic sentence when there was no refusal to show (no answer, a 5xx, an answer without words).
 */
export function cashoutErrorMessage(error: unknown, errorText: ApiErrorText, generic: string): string {
  if (isApiError(error) && typeof error.status === 'number' && error.status < 500 && (error.message || error.code)) {
    return errorText(error, generic);
  }
  return generic;
}

/**
 * True when we cannot know whether the server took the cashout (no answer, a timeout, a 5xx): the same
 * attempt may then be retried with the same idempotency key, and the balance may have changed.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return typeof error.status !== 'number' || error.status >= 500;
}
