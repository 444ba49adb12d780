import { BRAND_NAME } from '@rewards/shared/brand';
import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';
import { t } from '../../messages';

export const RECOVERY_CODES_FILE_NAME = `${BRAND_NAME.toLowerCase()}-recovery-codes.txt`;

/** The text of the downloaded recovery codes, in the page's language: what they are, for whom, and the codes one a line. */
export function recoveryCodesText(codes: readonly string[], email: string, createdAt: Date): string {
  return [
    t('twoFactor.recovery.file.title', { brand: BRAND_NAME, email }),
    t('twoFactor.recovery.file.created', { date: new Intl.DateTimeFormat(getDisplayLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(createdAt) }),
    '',
    t('twoFactor.recovery.file.use'),
    t('twoFactor.recovery.file.keep'),
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Saves `text` as a file the browser downloads. */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click the browser holds the file; the address is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
