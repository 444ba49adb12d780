import type { ApiError } from '@rewards/shared/api/api-error';
import { OTP_LENGTH, RESET_PASSWORD_MIN } from '@rewards/shared/constants';
import { useApiErrorText } from '@rewards/shared/translate/api-errors';
import { t } from '../../messages';

/** The OTP as typed: digits only, at most 6 (spec §5). */
export function sanitizeOtp(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

/** Verify is enabled only for exactly 6 digits. */
export function isCompleteOtp(otp: string): boolean {
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp);
}

/**
 * The message of a failed recovery call: the server's own message, else the step's fallback; a call that
 * got no answer at all (network, timeout) says "An error occurred. Please try again." (in the page's language).
 */
export function recoveryErrorMessage(error: ApiError, fallback: string): string {
  if (error.message) return error.message;
  return typeof error.status === 'number' ? fallback : t('auth.recovery.noAnswer');
}

/** Reset-password checks before sending (spec §5), in the page's language: the match first, then the length. */
export function resetPasswordProblem(password: string, confirmation: string): string | null {
  if (password !== confirmation) return t('auth.reset.passwordsDiffer');
  if (Array.from(password).length < RESET_PASSWORD_MIN) return t('auth.reset.tooShort', { count: RESET_PASSWORD_MIN });
  return null;
}

/** A failed recovery call in the page's language: the translation of the API's code, else `recoveryErrorMessage`. */
export function useRecoveryErrorText(): (failure: ApiError, stepFallback: string) => string {
  const errorText = useApiErrorText();
  return (failure, stepFallback) => errorText({ code: failure.code }, recoveryErrorMessage(failure, stepFallback));
}
