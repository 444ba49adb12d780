import { isApiError } from '@rewards/shared/api/api-error';

export const CASHOUT_GENERIC_ERROR = 'An error occurred. Please try again.';

/** Under the refusal of a first cashout from an unverified email (issue 31): what to do about it. */
export const EMAIL_UNVERIFIED_HINT = 'Enter the code we emailed you in the banner at the top of the page (it can send a new one), then cash out again.';

/** Spec §8: the server's refusal message when it gave one, otherwise the generic sentence. */
export function cashoutErrorMessage(error: unknown): string {
  if (isApiError(error) && typeof error.status === 'number' && error.status < 500 && error.message) return error.message;
  return CASHOUT_GENERIC_ERROR;
}

/**
 * True when we cannot know whether the server took the cashout (no answer, a timeout, a 5xx): the same
 * attempt may then be retried with the same idempotency key, and the balance may have changed.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return typeof error.status !== 'number' || error.status >= 500;
}
