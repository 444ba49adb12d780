import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, isNull, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AccountRestriction } from '@rewards/shared/contracts/api-types';
import type { Database } from '../../db/database';
import type { Executor, Transaction } from '../../db/executor';
import { preparedQuery } from '../../db/prepared';
import { type AccountStatus, sessions, users } from '../../db/schema';
import { ForbiddenError, UnauthorizedError } from '../../domain-errors';

/**
 * Sessions: the token a browser holds, the one lookup of a live session and its user, revoking. Depends
 * only on the database; the auth plugin reads the token from the request and calls `lookupSession`.
 */

export type UserRow = typeof users.$inferSelect;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

// ---- tokens ----

/** A new session token: 32 random bytes, base64url. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The shape of a token as a browser sends it back; anything else is not looked up. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

// ---- who may use a session ----

export const UNAUTHENTICATED = 'Unauthenticated.';

const RESTRICTIONS: Record<Exclude<AccountStatus, 'active'>, { message: string; errorType: AccountRestriction }> = {
  blocked: { message: 'Your account has been blocked.', errorType: 'account_blocked' },
  pending: { message: 'The account has been temporarily disabled.', errorType: 'account_pending' },
};

/** Throws the spec's refusal (403 account_blocked or account_pending) for a blocked or pending account. */
export function assertAccountActive(status: AccountStatus): void {
  if (status === 'active') return;
  const restriction = RESTRICTIONS[status];
  throw new ForbiddenError(restriction.message, { code: restriction.errorType, errorType: restriction.errorType });
}

// ---- the lookup ----

// Writing last_used_at on every request would turn every read into a write; once a minute is enough.
const TOUCH_AFTER_MS = 60_000;

/**
 * The one session lookup: the live session of this token and its (not deleted) user, or undefined. `find`
 * may read what a route needs in the same query (one round trip instead of two); its default is the plain
 * lookup. Marks the session used at most once a minute.
 */
export async function lookupSession<Found extends SessionWithUser = SessionWithUser>(
  db: Database,
  token: string | undefined,
  find: (db: Database, tokenHash: string) => Promise<Found | undefined> = findLiveSession as never,
): Promise<Found | undefined> {
  if (token === undefined || !SESSION_TOKEN_PATTERN.test(token)) return undefined;
  const found = await find(db, hashSessionToken(token));
  if (found && Date.now() - found.lastUsedAt.getTime() > TOUCH_AFTER_MS) await touchSession(db, found.sessionId);
  return found;
}

/** `lookupSession` for a call that needs a signed-in, active user: Unauthorized without a live session. */
export async function requireSession<Found extends SessionWithUser = SessionWithUser>(
  db: Database,
  token: string | undefined,
  find?: (db: Database, tokenHash: string) => Promise<Found | undefined>,
): Promise<Found> {
  const found = await lookupSession(db, token, find);
  if (!found) throw new UnauthorizedError(UNAUTHENTICATED);
  assertAccountActive(found.user.status);
  return found;
}

// ---- opening and closing ----

export type SessionClient = { userAgent: string | null; ip: string | null };

/** A new token and the row that stands for it (only the token's hash is stored). */
export function newSession(userId: number, client: SessionClient): { token: string; session: NewSession } {
  const token = newSessionToken();
  return { token, session: { userId, tokenHash: hashSessionToken(token), userAgent: client.userAgent?.slice(0, 512) ?? null, ip: client.ip } };
}

export type NewSession = { userId: number; tokenHash: string; userAgent: string | null; ip: string | null };

export async function insertSession(db: Executor, session: NewSession): Promise<number> {
  const rows = await db
    .insert(sessions)
    .values({ ...session, expiresAt: sql`now() + make_interval(secs => ${SESSION_TTL_MS / 1000})` })
    .returning({ id: sessions.id });
  const row = rows[0];
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/**
 * Opens a session only if the user still has the password hash that was just verified and is not deleted;
 * answers the user row as it is now (its status may have changed too), or undefined. The row is share-locked
 * for the insert, so a password reset, a Google link or a deletion that changes the row either waits and then
 * revokes this session, or has committed and this finds the hash changed: a password checked a moment before
 * such a change can never leave a session after it.
 */
export async function insertSessionIfPasswordUnchanged(
  tx: Transaction,
  session: NewSession,
  verifiedPasswordHash: string,
): Promise<UserRow | undefined> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, session.userId), eq(users.passwordHash, verifiedPasswordHash), isNull(users.deletedAt)))
    .for('share');
  const user = rows[0];
  if (user?.status === 'active') await insertSession(tx, session);
  return user;
}

/** insertSessionIfPasswordUnchanged for a sign-in that checked no password (Google): the account must still be there. */
export async function insertSessionIfUserLive(tx: Transaction, session: NewSession): Promise<UserRow | undefined> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, session.userId), isNull(users.deletedAt)))
    .for('share');
  const user = rows[0];
  if (user?.status === 'active') await insertSession(tx, session);
  return user;
}

export type SessionWithUser = { sessionId: number; lastUsedAt: Date; user: UserRow };

/**
 * A live session's token hash, a live user: the one condition of every session lookup (from sessions
 * joined with users, selecting `sessionColumns` and what else a route needs in the same query).
 */
export function liveSessionOf(tokenHash: SQLWrapper): SQL | undefined {
  return and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`, isNull(users.deletedAt));
}

export const sessionColumns = { sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, user: users };

// Every signed-in call runs it: prepared once (see db/prepared.ts).
const liveSessionQuery = preparedQuery((db) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionOf(sql.placeholder('tokenHash')))
    .prepare('find_live_session'),
);

/** The live session of this token hash and its (not deleted) user. */
export async function findLiveSession(db: Database, tokenHash: string): Promise<SessionWithUser | undefined> {
  const rows = await liveSessionQuery(db).execute({ tokenHash });
  return rows[0];
}

/** How many sessions of the user could still be used (not revoked, not expired). */
export async function countLiveSessions(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ value: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`));
  return rows[0]?.value ?? 0;
}

export async function touchSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** A live session as its user sees it in "Where you're signed in". */
export type LiveSessionRow = { id: number; userAgent: string | null; ip: string | null; createdAt: Date; lastUsedAt: Date };

/** The user's sessions that could still be used (not revoked, not expired), most recently used first. */
export async function listLiveSessions(db: Executor, userId: number): Promise<LiveSessionRow[]> {
  return db
    .select({ id: sessions.id, userAgent: sessions.userAgent, ip: sessions.ip, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
    .orderBy(sql`${sessions.lastUsedAt} desc`, sql`${sessions.id} desc`);
}

/** Revokes one live session of this user; false when it is not theirs, not live or not there (nothing changes). */
export async function revokeSessionOfUser(db: Executor, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every session of the user but `keepSessionId` (the one asking); answers how many. */
export async function revokeOtherSessions(db: Executor, userId: number, keepSessionId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.id} <> ${keepSessionId}`))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Deletes sessions that can never be used again (expired or revoked), at most `batchSize` per statement so
 * a big backlog never holds long locks; answers how many were deleted.
 */
export async function purgeDeadSessions(db: Executor, batchSize = 5_000): Promise<number> {
  let purged = 0;
  for (;;) {
    const dead = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(or(lte(sessions.expiresAt, sql`now()`), isNotNull(sessions.revokedAt)))
      .limit(batchSize);
    const rows = await db.delete(sessions).where(inArray(sessions.id, dead)).returning({ id: sessions.id });
    purged += rows.length;
    if (rows.length < batchSize) return purged;
  }
}


/** Opens a session for the user and returns its token (the only time the token exists in clear). */
export async function startSession(db: Executor, userId: number, client: SessionClient): Promise<string> {
  const { token, session } = newSession(userId, client);
  await insertSession(db, session);
  return token;
}
