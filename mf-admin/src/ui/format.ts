import type { ApiError } from '@rewards/shared/api/api-error';
import { formatDollars } from '@rewards/shared/rules/money';

export { formatDollars };

// Made on first use: creating an Intl formatter is costly (ICU start-up).
let timeFormat: Intl.DateTimeFormat | undefined;

/** `Mar 5, 2026, 14:03 UTC` from an ISO time: staff in any zone read the same time as the audit log and `ops`. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  timeFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: 'UTC' });
  return `${timeFormat.format(date)} UTC`;
}

/** What a failed call says to a staff member: the server's own line when it gave one. */
export function errorMessage(error: unknown): string {
  const apiError = error as ApiError | undefined;
  if (apiError?.status === 'NETWORK_ERROR' || apiError?.status === 'TIMEOUT') return 'No answer from the server. Check the connection and try again.';
  if (apiError?.message) return apiError.message;
  if (apiError?.status === 429) return 'Too many tries. Wait a moment and try again.';
  return 'Something went wrong. Try again.';
}

/** The first message the server gave for one field of a 422. */
export function fieldError(error: unknown, field: string): string | undefined {
  return (error as ApiError | undefined)?.errors?.[field]?.[0];
}

/** "2.50" style amounts ops takes: dollars, up to 3 decimals, more than zero. */
export function isDollarAmount(text: string): boolean {
  return /^\d{1,7}(\.\d{1,3})?$/.test(text.trim()) && Number(text) > 0;
}

export const REASON_MAX_LENGTH = 500;
