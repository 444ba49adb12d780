import type { FieldErrors, TwoFactorMethod } from './api-types';

/** Every failed call, whatever went wrong, decoded into one shape (spec §7 envelope). */
export type ApiError = {
  /** HTTP status, or what happened instead of an answer. */
  status: number | 'NETWORK_ERROR' | 'TIMEOUT' | 'PARSING_ERROR';
  message?: string;
  errors?: FieldErrors;
  errorType?: string;
  /** The error's stable name (`challenge_expired`, `step_up_required`, `email_unverified`...), for the UI to act on. */
  code?: string;
  /** With `step_up_required`: which code the server asks for. */
  method?: TwoFactorMethod;
};
