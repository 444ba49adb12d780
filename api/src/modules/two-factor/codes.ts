import { createHmac, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied by hand from paper cannot be mistaken.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_HALF = 5;
const RECOVERY_PATTERN = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_HALF * 2}}$`);

/** Ten random codes like `k7m2q-x9drt` (about 49 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < RECOVERY_HALF * 2; i++) code += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
    return `${code.slice(0, RECOVERY_HALF)}-${code.slice(RECOVERY_HALF)}`;
  });
}

/** A recovery code as typed (any case, with or without the dash or spaces), or undefined when it cannot be one. */
export function normalRecoveryCode(input: string): string | undefined {
  const bare = input.toLowerCase().replace(/[\s-]/g, '');
  return RECOVERY_PATTERN.test(bare) ? bare : undefined;
}

/** Six digits, the shape of authenticator and emailed codes. */
export function isSixDigits(input: string): boolean {
  return /^\d{6}$/.test(input);
}

/**
 * Codes are stored as HMACs keyed by APP_SECRET and bound to the user and what the code is for, so a copy of
 * the tables gives no usable code and a code of one purpose never passes for another.
 */
export function codeHash(appSecret: string, userId: number, purpose: string, code: string): string {
  return createHmac('sha256', appSecret).update(`two-factor:${purpose}:${userId}:${code}`).digest('hex');
}
