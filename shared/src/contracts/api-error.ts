import type { FieldCodes, FieldErrors, TwoFactorMethod } from './api-types';
import type { ErrorParams } from './error-codes';

/** Every failed call, whatever went wrong, decoded into one shape (spec §7 envelope). */
export type ApiError = {
  /** HTTP status, or what happened instead of an answer. */
  status: number | 'NETWORK_ERROR' | 'TIMEOUT' | 'PARSING_ERROR';
  message?: string;
  errors?: FieldErrors;
  /** Beside `errors`: each field's problems as codes with their values, in the same order (a 422's `field_codes`). */
  fieldCodes?: FieldCodes;
  errorType?: string;
  /** The error's stable name (`challenge_expired`, `step_up_required`, `email_unverified`...), for the UI to act on. */
  code?: string;
  /** The values the code's message names (`{hours}`, `{limit}`…). */
  params?: ErrorParams;
  /** With `step_up_required`: which code the server asks for. */
  method?: TwoFactorMethod;
};
