import type { TwoFactorMethod } from '@rewards/shared/contracts/api-types';
import { OTP_LENGTH } from '@rewards/shared/constants';

/** What the code step of a risky cashout asks for (issue 31), as message keys. */
export const STEP_UP_TEXT = {
  email: 'cashout.stepUp.email',
  totp: 'cashout.stepUp.totp',
} as const satisfies Record<TwoFactorMethod, string>;

/** The digits of a code as typed or pasted, at most 6. */
export function sanitizeStepUpCode(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export function isCompleteStepUpCode(code: string): boolean {
  return code.length === OTP_LENGTH;
}
