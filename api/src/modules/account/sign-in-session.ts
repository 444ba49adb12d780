import type { Database } from '../../db/database';
import type { Executor, Transaction } from '../../db/executor';
import { notify, type StoredNotification } from '../notifications/notify';
import { markSessionStart } from '../two-factor/repository';
import { assertAccountActive, insertSessionIfPasswordUnchanged, insertSessionIfUserLive, newSession, type SessionClient } from '../session/session';
import { recordDevice } from './known-devices';
import type { UserRow } from './repository';

export type ClientInfo = SessionClient;
export type SignedIn = { token: string; user: UserRow };
/** A password sign-in, with the "new sign-in" notification to deliver when it came from a device new to the account. */
export type LoggedIn = SignedIn & { newSignIn: StoredNotification | undefined };

export type SignInSession = {
  userId: number;
  /** The password hash the sign-in checked; null for Google, which checked no password. */
  verifiedPasswordHash: string | null;
  client: ClientInfo;
  deviceId: string;
  /** The sign-in passed a second factor (the session's two_factor_at). */
  twoFactor: boolean;
  /** Runs first in the session's transaction (a second step uses its code up there); throws to open nothing. */
  before?: (tx: Transaction) => Promise<void>;
};

/**
 * Opens the session of a sign-in and records its browser, in one transaction; undefined when the password
 * checked was changed meanwhile (or the account deleted). Throws 403 for a blocked or held account.
 */
export async function openSignInSession(db: Database, sign: SignInSession): Promise<LoggedIn | undefined> {
  const { token, session } = newSession(sign.userId, sign.client);
  // The password may have been reset (or dropped by a Google link) while it was being checked.
  // With the session, under its lock on the account: a reset that forgets the account's devices comes after
  // this (the device goes, with the session) or before (then the password changed and nothing is recorded).
  const { current, newSignIn } = await db.transaction(async (tx) => {
    await sign.before?.(tx);
    const unchanged =
      sign.verifiedPasswordHash === null ? await insertSessionIfUserLive(tx, session) : await insertSessionIfPasswordUnchanged(tx, session, sign.verifiedPasswordHash);
    // Nothing a second step used up stays used when no session opens.
    if (sign.before && unchanged?.status !== 'active') throw unchanged ? restrictionOf(unchanged.status) : new SignInVoidedError();
    if (unchanged?.status !== 'active') return { current: unchanged, newSignIn: undefined };
    const newDevice = await recordDevice(tx, sign.userId, sign.deviceId);
    await markSessionStart(tx, session.tokenHash, { twoFactor: sign.twoFactor, newDevice });
    return { current: unchanged, newSignIn: newDevice ? await notifyNewSignIn(tx, sign.userId, sign.client) : undefined };
  });
  if (!current) return undefined;
  assertAccountActive(current.status);
  return { token, user: current, newSignIn };
}

/** The sign-in's password or account changed between its two steps. */
export class SignInVoidedError extends Error {
  override name = 'SignInVoidedError';
}

function restrictionOf(status: UserRow['status']): Error {
  try {
    assertAccountActive(status);
  } catch (error) {
    return error as Error;
  }
  return new SignInVoidedError();
}

/** "New sign-in to your account": the browser and address of a sign-in from a device new to the account. */
export function notifyNewSignIn(db: Executor, userId: number, client: ClientInfo): Promise<StoredNotification> {
  return notify(db, { userId, kind: 'new_sign_in', data: { user_agent: client.userAgent, ip: client.ip } });
}
