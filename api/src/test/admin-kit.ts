import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import type { StaffRole } from '@rewards/shared/contracts/api-types';
import type { DatabaseHandle } from '../db/database';
import { sessions, users } from '../db/schema';
import { ADMIN_COOKIE } from '../modules/admin/staff-session';
import { hashSessionToken } from '../modules/session/session';
import { signUp, type SignedUp } from './accounts';
import { runOpsCapturing } from './ops-test-kit';

/** Helpers the staff console tests share: staff members with a fresh second factor and the console cookie, and calls as them. */

/** The origin `app.inject()` requests are addressed to (Host localhost:80): the site's own origin in tests. */
export const SITE_ORIGIN = 'http://localhost';

export type StaffMember = SignedUp & { role: StaffRole; adminCookie: string | undefined };

/** Marks the account's two-factor method without a secret (for tests that never check a code). */
export async function setTwoFactorMethod(database: DatabaseHandle, userId: number, method: 'off' | 'totp' | 'email'): Promise<void> {
  await database.db.update(users).set({ twoFactorMethod: method }).where(eq(users.id, userId));
}

/** The session of this token passed a second factor `hoursAgo` hours ago (null: never). */
export async function setSecondFactorAge(database: DatabaseHandle, token: string, hoursAgo: number | null): Promise<void> {
  const at = hoursAgo === null ? null : sql`now() - make_interval(secs => ${Math.round(hoursAgo * 3600)})`;
  await database.db.update(sessions).set({ twoFactorAt: at }).where(eq(sessions.tokenHash, hashSessionToken(token)));
}

export async function addStaff(database: DatabaseHandle, email: string, role: StaffRole, operator = 'test-admin'): Promise<void> {
  const result = await runOpsCapturing(database, ['staff:add', email, role, '--reason', 'test staff'], { invocation: { operator, cwd: '/' } });
  if (result.code !== 0) throw new Error(`staff:add failed: ${result.err}`);
}

/** The console cookie of a response, if it set one. */
export function adminCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === ADMIN_COOKIE)?.value;
}

/**
 * A new user made staff with `role`, two-factor on (a method only: no code is ever checked), a second factor
 * passed just now and the console cookie issued by POST /api/admin/session: ready for every console route.
 */
export async function newStaffMember(app: FastifyInstance, database: DatabaseHandle, role: StaffRole, { origin = SITE_ORIGIN } = {}): Promise<StaffMember> {
  const signedUp = await signUp(app);
  await setTwoFactorMethod(database, signedUp.user.id, 'totp');
  await addStaff(database, signedUp.email, role);
  await setSecondFactorAge(database, signedUp.token, 0);
  const opened = await app.inject(asStaff({ ...signedUp, adminCookie: undefined }, 'POST', '/api/admin/session', undefined, { headers: { origin } }));
  const adminCookie = adminCookieOf(opened);
  if (opened.statusCode !== 200 || !adminCookie) throw new Error(`the console did not open: ${opened.statusCode} ${opened.body}`);
  return { ...signedUp, role, adminCookie };
}

/** A request as a browser on the console's page sends it: both cookies, and Origin on writes. */
export function asStaff(
  member: { token: string; adminCookie?: string | undefined },
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH',
  url: string,
  payload?: unknown,
  extra: { headers?: Record<string, string>; cookies?: Record<string, string> } = {},
): InjectOptions {
  const cookies: Record<string, string> = { [AUTH_COOKIE]: member.token, ...(member.adminCookie ? { [ADMIN_COOKIE]: member.adminCookie } : {}), ...extra.cookies };
  const headers: Record<string, string> = { ...(method === 'GET' ? {} : { origin: SITE_ORIGIN }), ...extra.headers };
  return {
    method,
    url,
    cookies,
    headers,
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers } }),
  };
}
