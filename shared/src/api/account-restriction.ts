import { showAlert } from '../store/ui-slice';
import type { ApiError } from './api-error';

const SUPPORT_MESSAGE = 'If you dont know the reason, please contact support.';

export const ACCOUNT_RESTRICTION_ALERTS = {
  account_blocked: { type: 'blocked', title: 'Your account has been blocked.', message: SUPPORT_MESSAGE },
  account_pending: { type: 'pending', title: 'The account has been temporarily disabled.', message: SUPPORT_MESSAGE },
} as const;

/** Spec §8: a 403 naming an account restriction becomes the alert modal. */
export function accountRestrictionAlert(error: ApiError) {
  if (error.status !== 403) return null;
  if (error.errorType !== 'account_blocked' && error.errorType !== 'account_pending') return null;
  return showAlert(ACCOUNT_RESTRICTION_ALERTS[error.errorType]);
}
