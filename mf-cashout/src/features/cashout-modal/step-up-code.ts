import type { TwoFactorMethod } from '@rewards/shared/contracts/api-types';
import { OTP_LENGTH } from '@rewards/shared/constants';

/** What the code step of a risky cashout asks for (issue 31). */
export const STEP_UP_TEXT: Record<TwoFactorMethod, string> = {
  email: 'Enter the code we sent to confirm this cashout.',
  totp: 'Enter the 6-digit code from your authenticator app',
};

/** The digits of a code as typed or pasted, at most 6. */
export function sanitizeStepUpCode(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export function isCompleteStepUpCode(code: string): boolean {
  return code.length === OTP_LENGTH;
}
