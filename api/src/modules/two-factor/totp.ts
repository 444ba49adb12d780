import { Secret, TOTP } from 'otpauth';
import { BRAND_NAME } from '@rewards/shared/brand';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side of now: a phone's clock a little off still works. */
const WINDOW = 1;

function totpOf(base32Secret: string, email: string): TOTP {
  return new TOTP({ issuer: BRAND_NAME, label: email, algorithm: 'SHA1', digits: DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(base32Secret) });
}

/** A new random secret (160 bits, RFC 4226's recommended length), base32 as apps show it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address the setup's QR code holds. */
export function otpauthUrl(base32Secret: string, email: string): string {
  return totpOf(base32Secret, email).toString();
}

/** The clock codes are checked against; tests set it to step through time without waiting. */
export const totpClock = { now: (): number => Date.now() };

/** The time step of `now` a right code belongs to, or undefined for a wrong code. The caller refuses steps already used. */
export function matchingTotpStep(base32Secret: string, code: string, now = totpClock.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(base32Secret, '').validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of a moment (tests, and nothing else, need to compute one). */
export function totpCodeAt(base32Secret: string, timestamp: number): string {
  return totpOf(base32Secret, '').generate({ timestamp });
}
