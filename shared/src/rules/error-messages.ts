import type { ApiError } from '../contracts/api-error';

/** The first message of a field-error map, if any. */
export function firstFieldError(error: ApiError): string | undefined {
  for (const messages of Object.values(error.errors ?? {})) {
    if (messages[0]) return messages[0];
  }
  return undefined;
}

/** Spec §8, sign-in (and hero sign-up with `invalidDataMessage`). */
export function signInErrorMessage(error: ApiError, invalidDataMessage = 'Invalid login credentials'): string {
  const fromServer = error.message ?? firstFieldError(error);
  if (fromServer) return fromServer;
  if (error.status === 422) return invalidDataMessage;
  if (error.status === 401) return 'Email or password is incorrect';
  if (typeof error.status === 'number' && error.status >= 500) return 'Server error, please try again';
  if (error.status === 'NETWORK_ERROR' || error.status === 'TIMEOUT') return 'Network connection problem';
  return 'An unexpected error occurred, please try again';
}

/** Spec §8, sign-up. */
export function signUpErrorMessage(error: ApiError): string {
  const fromServer = error.message ?? firstFieldError(error);
  if (fromServer) return fromServer;
  if (error.status === 422) return 'Invalid input data';
  return 'An error occurred, please try again';
}

/** Spec §8: a message containing "successfully" is styled as success, anything else as an error. */
export function isSuccessMessage(message: string): boolean {
  return message.includes('successfully');
}
