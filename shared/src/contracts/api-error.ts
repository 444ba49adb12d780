import type { FieldErrors } from './api-types';

/** Every failed call, whatever went wrong, decoded into one shape (spec §7 envelope). */
export type ApiError = {
  /** HTTP status, or what happened instead of an answer. */
  status: number | 'NETWORK_ERROR' | 'TIMEOUT' | 'PARSING_ERROR';
  message?: string;
  errors?: FieldErrors;
  errorType?: string;
};
