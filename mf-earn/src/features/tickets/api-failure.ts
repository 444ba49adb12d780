import type { ApiError } from '@rewards/shared/contracts/api-error';

/**
 * A failed call's decoded error (what the shared base query rejects with), or undefined. Like isApiError of
 * @rewards/shared/api/api-error, which this remote does not otherwise load: each shared module it imports is one
 * more entry in its remote entry, and mf-earn's initial JS is at its budget.
 */
export function apiFailureOf(error: unknown): ApiError | undefined {
  return typeof error === 'object' && error !== null && 'status' in error ? (error as ApiError) : undefined;
}
