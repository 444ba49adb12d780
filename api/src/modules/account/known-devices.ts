import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor';
import { accountDevices, users } from '../../db/schema';
import { cookieIsSecure } from '../../plugins/auth';

/**
 * A browser's own random id, in a signed HttpOnly cookie set by every sign-in (sign-up, password, Google).
 * A browser that signed in to an account before is not held by that account's wrong-password limit, so a
 * stranger who uses the limit up cannot keep the owner out of their own browsers.
 */
export const DEVICE_COOKIE = 'device_id';
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The browser's device id, when its cookie carries our signature; anything else is no device. */
export function readDeviceId(request: FastifyRequest): string | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value !== null && DEVICE_ID_PATTERN.test(unsigned.value) ? unsigned.value : undefined;
}

// Like session tokens, the database keeps only a hash of the id.
const deviceHash = (deviceId: string) => createHash('sha256').update(deviceId).digest('base64url');

/** Whether this device signed in to the live account of this email within the cookie's lifetime. */
export async function isKnownDevice(db: Executor, email: string, deviceId: string | undefined): Promise<boolean> {
  if (!deviceId) return false;
  const rows = await db
    .select({ userId: accountDevices.userId })
    .from(accountDevices)
    .innerJoin(users, eq(users.id, accountDevices.userId))
    .where(
      and(
        eq(users.email, email),
        isNull(users.deletedAt),
        eq(accountDevices.deviceHash, deviceHash(deviceId)),
        gt(accountDevices.lastSeenAt, sql`now() - make_interval(secs => ${DEVICE_TTL_MS / 1000})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The id of the browser signing in: its own when it has one, else a new one. A browser keeps one id for every account. */
export function deviceIdFor(request: FastifyRequest): string {
  return readDeviceId(request) ?? randomBytes(16).toString('base64url');
}

/**
 * Records that this device signed in to the account (now, or again now). True for a sign-in from a device new
 * to an account that signed in elsewhere before: the owner should hear of it. An account's first device (its
 * sign-up) is not news.
 */
export async function recordDevice(db: Executor, userId: number, deviceId: string): Promise<boolean> {
  const [row] = await db
    .insert(accountDevices)
    .values({ userId, deviceHash: deviceHash(deviceId) })
    .onConflictDoUpdate({ target: [accountDevices.userId, accountDevices.deviceHash], set: { lastSeenAt: sql`now()` } })
    // PostgreSQL's xmax is 0 on a row this statement inserted; the subquery sees the rows from before it.
    .returning({
      isNew: sql<boolean>`(xmax = 0) and exists (select 1 from ${accountDevices} as earlier where earlier.user_id = ${userId})`,
    });
  return row?.isNew === true;
}

/** (Re)sets the browser's cookie for another year. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, deviceId: string): void {
  reply.setCookie(DEVICE_COOKIE, deviceId, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookieIsSecure(request),
    maxAge: DEVICE_TTL_MS / 1000,
  });
}

/**
 * After a sign-up, a Google sign-in or a password reset: the browser becomes known to the account. Never fails
 * what it follows: a device not recorded is only a browser the limit holds until its next sign-in. True when the
 * sign-in is news to the owner (see recordDevice).
 */
export async function rememberDevice(db: Executor, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<boolean> {
  const deviceId = deviceIdFor(request);
  let isNew = false;
  try {
    isNew = await recordDevice(db, userId, deviceId);
  } catch (error) {
    request.log.warn({ err: error, userId }, 'known device could not be recorded');
  }
  setDeviceCookie(request, reply, deviceId);
  return isNew;
}

/** The account's browsers are strangers again (its password changed hands, or the account is gone). */
export async function forgetDevices(db: Executor, userId: number): Promise<void> {
  await db.delete(accountDevices).where(eq(accountDevices.userId, userId));
}
