import { BRAND_NAME } from '@rewards/shared/brand';

export const RECOVERY_CODES_FILE_NAME = `${BRAND_NAME.toLowerCase()}-recovery-codes.txt`;

/** The text of the downloaded recovery codes: what they are, for whom, and the codes one a line. */
export function recoveryCodesText(codes: readonly string[], email: string, createdAt: Date): string {
  return [
    `${BRAND_NAME} recovery codes for ${email}`,
    `Created ${createdAt.toISOString().slice(0, 10)}.`,
    '',
    'Each code signs you in once in place of a code from your authenticator app.',
    'Keep them somewhere safe and private.',
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
