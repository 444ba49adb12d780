import { timingSafeEqual } from 'node:crypto';
import type { Executor } from '../../db/executor';
import { codeHash, isSixDigits, normalRecoveryCode } from './codes';
import { type CodePurpose, claimTotpStep, findTotpState, useEmailCode, useRecoveryCode } from './repository';
import { openSecret } from './secret-box';
import { matchingTotpStep } from './totp';

/**
 * Checks one second-factor code of a user and uses it up, in the caller's transaction (so it stays unused if
 * what it confirms does not happen): an authenticator code whose time step was not used before, an emailed
 * code, or an unused recovery code. Which kinds count is the caller's: `email` says where the emailed code is.
 */
export type FactorCheck = {
  appSecret: string;
  userId: number;
  code: string;
  totp: boolean;
  recovery: boolean;
  /** The emailed code of a purpose (used up when right), or the hash a sign-in challenge holds; none: no emailed code counts. */
  email?: { purpose: CodePurpose } | { challengeCodeHash: string | null };
  now?: number;
};

export async function passesSecondFactor(tx: Executor, check: FactorCheck): Promise<boolean> {
  const code = check.code.trim();
  if (isSixDigits(code)) {
    if (check.totp && (await passesTotp(tx, check.appSecret, check.userId, code, check.now))) return true;
    if (check.email && 'purpose' in check.email) {
      return useEmailCode(tx, check.userId, check.email.purpose, codeHash(check.appSecret, check.userId, check.email.purpose, code));
    }
    if (check.email && 'challengeCodeHash' in check.email && check.email.challengeCodeHash) {
      return sameHash(codeHash(check.appSecret, check.userId, 'sign_in', code), check.email.challengeCodeHash);
    }
    return false;
  }
  const recovery = check.recovery ? normalRecoveryCode(code) : undefined;
  return recovery !== undefined && useRecoveryCode(tx, check.userId, codeHash(check.appSecret, check.userId, 'recovery', recovery));
}

/** An authenticator code of the user's secret in use, of a time step later than the last one accepted (taken now). */
export async function passesTotp(tx: Executor, appSecret: string, userId: number, code: string, now?: number): Promise<boolean> {
  const state = await findTotpState(tx, userId);
  const secret = state?.totpSecret ? openSecret(appSecret, state.totpSecret) : undefined;
  const step = secret ? matchingTotpStep(secret, code, now) : undefined;
  return step !== undefined && claimTotpStep(tx, userId, step);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
