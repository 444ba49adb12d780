import type { SignedInSession } from '@rewards/shared/contracts/api-types';
import type { Locale } from '@rewards/shared/i18n/locales';
import { deviceInWords } from './emails/render';
import type { Database } from '../../db/database';
import { NotFoundError } from '../../domain-errors';
import { listLiveSessions, type LiveSessionRow, revokeOtherSessions, revokeSessionOfUser } from '../session/session';

/**
 * "Where you're signed in": the user's live sessions, each with the browser and system its User-Agent names
 * (the one parser the "new sign-in" notification uses too), and signing them out one by one or all but this one.
 */

export const SESSIONS_MESSAGES = {
  notFound: 'Session not found.',
  signedOut: 'Signed out of that device.',
  signedOutOthers: 'Signed out everywhere else.',
} as const;

/** The device of a session in `locale`, the reader's language: "Chrome on Windows", "Unknown browser". */
export function deviceOf(userAgent: string | null, locale: Locale = 'en'): string {
  return deviceInWords(locale, userAgent, { alone: true });
}

export function toSignedInSession(row: LiveSessionRow, currentSessionId: number, locale: Locale = 'en'): SignedInSession {
  return {
    id: row.id,
    device: deviceOf(row.userAgent, locale),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

/** The current session first, then the others, most recently used first; devices named in `locale`. */
export async function signedInSessions(db: Database, userId: number, currentSessionId: number, locale: Locale = 'en'): Promise<SignedInSession[]> {
  const rows = (await listLiveSessions(db, userId)).map((row) => toSignedInSession(row, currentSessionId, locale));
  return [...rows.filter((row) => row.current), ...rows.filter((row) => !row.current)];
}

/** `/user/sessions/:id` names a session by its row id: anything but a positive integer names none. */
export function sessionIdOf(value: string): number | null {
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/** Signs one of the user's own sessions out; another user's, a dead or an unknown one is "not found" and nothing changes. */
export async function signOutSession(db: Database, userId: number, sessionId: number | null): Promise<void> {
  if (sessionId === null || !(await revokeSessionOfUser(db, userId, sessionId))) throw new NotFoundError(SESSIONS_MESSAGES.notFound, { code: 'session_not_found' });
}

export function signOutOtherSessions(db: Database, userId: number, currentSessionId: number): Promise<number> {
  return revokeOtherSessions(db, userId, currentSessionId);
}
