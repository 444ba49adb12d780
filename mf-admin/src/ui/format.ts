import type { ApiError } from '@rewards/shared/api/api-error';
import type { Locale } from '@rewards/shared/i18n/locales';
import { formatDollars } from '@rewards/shared/rules/money';
import { t } from '../messages';
import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';
import { fieldRefusal, refusalOf, useApiErrorText } from '@rewards/shared/translate/api-errors';

export { formatDollars };

// Made on first use, once per language: creating an Intl formatter is costly (ICU start-up).
const timeFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * `Mar 5, 2026, 14:03 UTC` (`05.03.2026, 14:03 UTC` in German) from an ISO time, in the page's language: staff in
 * any zone read the same time as the audit log and `ops`.
 */
export function formatTime(iso: string | null | undefined, locale: Locale = getDisplayLocale()): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: 'UTC' });
    timeFormats.set(locale, format);
  }
  return `${format.format(date)} UTC`;
}

export type ErrorText = {
  /** What a failed call says to a staff member: its code's words, else the server's own line, else ours. */
  errorMessage(error: unknown): string;
  /** The first problem the server named for one field of a 422, by its code when it sent one. */
  fieldError(error: unknown, field: string): string | undefined;
};

/** A failed call in the page's language: the API's codes translated (the shell's words), its English the fallback. */
export function useErrorText(): ErrorText {
  const errorText = useApiErrorText();
  return {
    errorMessage(error) {
      const apiError = error as ApiError | undefined;
      if (apiError?.status === 'NETWORK_ERROR' || apiError?.status === 'TIMEOUT') return t('admin.error.noAnswer');
      if (apiError?.message) return errorText(refusalOf(apiError), apiError.message);
      if (apiError?.status === 429) return t('admin.error.tooMany');
      return t('admin.error.generic');
    },
    fieldError(error, field) {
      const refusal = fieldRefusal(error as ApiError | undefined, field);
      return refusal ? errorText(refusal, refusal.message) : undefined;
    },
  };
}

/** "2.50" style amounts ops takes: dollars, up to 3 decimals, more than zero. */
export function isDollarAmount(text: string): boolean {
  return /^\d{1,7}(\.\d{1,3})?$/.test(text.trim()) && Number(text) > 0;
}

export const REASON_MAX_LENGTH = 500;
