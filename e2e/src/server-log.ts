import { readFileSync, statSync } from 'node:fs';
import { siteLogFile } from './browser';

/** Where the server log ends now: search from here for lines written after this moment. */
export function logOffset(file: string = siteLogFile()): number {
  return statSync(file).size;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Waits for a line matching `pattern` after `offset` in the server log, and answers its match. */
export async function waitForLogLine(
  pattern: RegExp,
  { offset = 0, file = siteLogFile(), timeoutMs = 10_000 }: { offset?: number; file?: string; timeoutMs?: number } = {},
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = readFileSync(file).subarray(offset).toString('utf8').match(pattern);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`No line matching ${pattern} in ${file} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The password reset code the server wrote for `email` after `offset` (without SMTP the API logs one line,
 * `password reset code for <email>: <code>`).
 */
export async function passwordResetCode(email: string, options: { offset?: number; file?: string } = {}): Promise<string> {
  const match = await waitForLogLine(new RegExp(`password reset code for ${escapeRegExp(email)}: (\\d{6})`), options);
  return match[1]!;
}

/**
 * The email verification code the server wrote for `email` after `offset` (without SMTP the API logs one line,
 * `email verification code for <email>: <code>`, at sign-up and on "Resend code").
 */
export async function emailVerificationCode(email: string, options: { offset?: number; file?: string } = {}): Promise<string> {
  const pattern = new RegExp(`email verification code for ${escapeRegExp(email)}: (\\d{6})`, 'g');
  await waitForLogLine(pattern, options);
  // The latest one: a resend replaces the code before it.
  const { offset = 0, file = siteLogFile() } = options;
  const matches = [...readFileSync(file).subarray(offset).toString('utf8').matchAll(pattern)];
  return matches.at(-1)![1]!;
}

/**
 * The code a risky cashout's step-up emailed to `email` after `offset` (without SMTP the API logs one line,
 * `cashout code for <email>: <code>`).
 */
export async function cashoutCode(email: string, options: { offset?: number; file?: string } = {}): Promise<string> {
  const match = await waitForLogLine(new RegExp(`cashout code for ${escapeRegExp(email)}: (\\d{6})`), options);
  return match[1]!;
}
