import { createHmac, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Six random digits, zero-padded. */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What a code is for: a code mailed for one purpose never works for another. */
export type OtpPurpose = 'password-reset' | 'email-verification';

/** Keyed by the server secret and bound to the user and the purpose, so a leaked table does not give codes away cheaply. */
export function hashOtpCode(secret: string, userId: number, code: string, purpose: OtpPurpose = 'password-reset'): string {
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('hex');
}

// No 0/O, 1/I/L: a code read aloud or copied by hand cannot be mistaken.
const REFERRAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_PATTERN = new RegExp(`^[${REFERRAL_ALPHABET}]{6,8}$`);

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += REFERRAL_ALPHABET[randomInt(0, REFERRAL_ALPHABET.length)];
  return code;
}

/** argon2id with the library's defaults (19 MiB, 2 passes): ~25-50 ms a hash. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Constant-time check through the library. With no stored hash (unknown email, Google-only account) it
 * still spends one verification, so the answer time does not tell whether the email is registered.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hash('not a password of anybody');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
