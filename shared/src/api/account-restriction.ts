import { showAlert } from '../store/ui-slice';
import type { ApiError } from './api-error';

const SUPPORT_MESSAGE = 'If you dont know the reason, please contact support.';

/**
 * The spec's English (§8); the alert modal shows the translation of `code` (the shell's API error messages) and
 * its own words for the support line (`alert.restricted.support`) in the page's language.
 */
export const ACCOUNT_RESTRICTION_ALERTS = {
  account_blocked: { type: 'blocked', title: 'Your account has been blocked.', message: SUPPORT_MESSAGE, code: 'account_blocked' },
  account_pending: { type: 'pending', title: 'The account has been temporarily disabled.', message: SUPPORT_MESSAGE, code: 'account_pending' },
} as const;

/** Spec §8: a 403 naming an account restriction becomes the alert modal. */
export function accountRestrictionAlert(error: ApiError) {
  if (error.status !== 403) return null;
  if (error.errorType !== 'account_blocked' && error.errorType !== 'account_pending') return null;
  return showAlert(ACCOUNT_RESTRICTION_ALERTS[error.errorType]);
}
