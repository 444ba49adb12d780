import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import { preparedQuery } from '../../db/prepared';
import { sessions, type StaffRole, staff, users } from '../../db/schema';
import { cookieIsSecure, readSessionToken } from '../../plugins/auth';
import { liveSessionOf, lookupSession, sessionColumns, type SessionWithUser } from '../session/session';

/** How long a passed second factor opens the console: after it, the console asks for a code again. */
export const STAFF_TWO_FACTOR_HOURS = 12;
const FRESH_MS = STAFF_TWO_FACTOR_HOURS * 3600 * 1000;

/**
 * The console's own cookie: SameSite=Strict (no request another site starts carries it), only for
 * /api/admin, bound to one session (only its hash is stored on the session row).
 */
export const ADMIN_COOKIE = 'admin_session';
export const ADMIN_COOKIE_PATH = '/api/admin';
const ADMIN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type StaffSession = SessionWithUser & { role: StaffRole; twoFactorAt: Date | null; adminTokenHash: string | null };

// Every console call starts with it: the live session, its user and their role in one query.
const staffSessionQuery = preparedQuery((db) =>
  db
    .select({ ...sessionColumns, role: staff.role, twoFactorAt: sessions.twoFactorAt, adminTokenHash: sessions.adminTokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(staff, eq(staff.userId, users.id))
    .where(liveSessionOf(sql.placeholder('tokenHash')))
    .prepare('find_staff_session'),
);

/** The live session of this token hash when its user is staff; undefined for everyone else. */
export async function findStaffSession(db: Database, tokenHash: string): Promise<StaffSession | undefined> {
  const rows = await staffSessionQuery(db).execute({ tokenHash });
  return rows[0];
}

/** Whether a request's session is an active staff member's (the console's gate lets no one else in). */
export function isActiveStaff(db: Database): (request: FastifyRequest) => Promise<boolean> {
  return async (request) => {
    const found = await lookupSession(db, readSessionToken(request), findStaffSession);
    return found !== undefined && found.user.status === 'active';
  };
}

/** Until when the session's second factor opens the console (null: never passed in this session). */
export function freshUntil(twoFactorAt: Date | null): Date | null {
  return twoFactorAt === null ? null : new Date(twoFactorAt.getTime() + FRESH_MS);
}

/** Two-factor is on and this session passed it within the last 12 hours. */
export function twoFactorIsFresh(found: Pick<StaffSession, 'twoFactorAt' | 'user'>, now = Date.now()): boolean {
  const until = freshUntil(found.twoFactorAt);
  return found.user.twoFactorMethod !== 'off' && until !== null && until.getTime() > now;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the request carries the console cookie issued to this session. */
export function hasConsoleCookie(request: FastifyRequest, found: Pick<StaffSession, 'adminTokenHash'>): boolean {
  const token = request.cookies[ADMIN_COOKIE];
  if (!token || !ADMIN_TOKEN_PATTERN.test(token) || found.adminTokenHash === null) return false;
  const given = Buffer.from(hashOf(token));
  const stored = Buffer.from(found.adminTokenHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Issues the console cookie for this session (replacing any earlier one), valid while the second factor is
 * fresh. `db` may be the transaction that marked the session's second factor.
 */
export async function issueConsoleCookie(db: Executor, request: FastifyRequest, reply: FastifyReply, sessionId: number, until: Date): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.update(sessions).set({ adminTokenHash: hashOf(token) }).where(eq(sessions.id, sessionId));
  reply.setCookie(ADMIN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: ADMIN_COOKIE_PATH,
    secure: cookieIsSecure(request),
    maxAge: Math.max(1, Math.floor((until.getTime() - Date.now()) / 1000)),
  });
}
