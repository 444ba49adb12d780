import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as the API sets it up for authenticator apps: SHA-1, 6 digits, 30-second steps. */
export const TOTP_STEP_MS = 30_000;

/** The time step a moment falls in. */
export function totpStepAt(timestamp: number = Date.now()): number {
  return Math.floor(timestamp / TOTP_STEP_MS);
}

/** The code an authenticator app shows in a time step, for the base32 key Settings shows (spaces allowed). */
export function totpCode(base32Secret: string, step: number = totpStepAt()): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: TOTP_STEP_MS / 1000, secret: Secret.fromBase32(base32Secret.replace(/\s+/g, '')) });
  return totp.generate({ timestamp: step * TOTP_STEP_MS });
}

/**
 * A code of a step later than `usedStep`: the API takes each step's code once, and one step either side of its
 * clock (a phone a little fast or slow). So a second sign-in within the same 30 seconds uses the next step's code
 * at once, as an app running up to 30 s fast shows it, and only a third waits for the app's clock to move on.
 */
export async function nextTotpCode(base32Secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  const step = Math.max(usedStep + 1, totpStepAt());
  const wait = (step - 1) * TOTP_STEP_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
  return { code: totpCode(base32Secret, step), step };
}
