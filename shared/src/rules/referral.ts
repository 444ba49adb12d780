/** Local storage key of the referral code captured from `/ref/{id}`, read by sign-up. */
export const REFERRAL_STORAGE_KEY = 'referral_code';

const REFERRAL_PATH = /^\/ref\/([^/]+)\/?$/i;
const VALID_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** The referral code of a `/ref/{id}` path, or null for any other path or an implausible code. */
export function referralFromPath(pathname: string): string | null {
  const match = REFERRAL_PATH.exec(pathname);
  if (!match?.[1]) return null;
  let code: string;
  try {
    code = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return VALID_CODE.test(code) ? code : null;
}

/** Stores the code of a `/ref/{id}` path (the latest link visited wins); returns what it stored. */
export function rememberReferral(pathname: string, storage: Pick<Storage, 'setItem'>): string | null {
  const code = referralFromPath(pathname);
  if (code) storage.setItem(REFERRAL_STORAGE_KEY, code);
  return code;
}

export function readReferral(storage: Pick<Storage, 'getItem'>): string | null {
  return storage.getItem(REFERRAL_STORAGE_KEY);
}
