import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ErrorEnvelope, StaffRole } from '@rewards/shared/contracts/api-types';
import { readSessionToken } from '../../plugins/auth';
import { lookupSession } from '../session/session';
import { roleMayUse } from '../staff/roles';
import { ADMIN_MESSAGES } from './messages';
import { findStaffSession, hasConsoleCookie, type StaffSession, twoFactorIsFresh } from './staff-session';

/**
 * Who may use a console route: `roles` (admin always may), or `step: 'verify'` for the routes that open the
 * console (any staff member, before the second factor and the console cookie are checked).
 */
export type StaffRouteRule = { roles: readonly StaffRole[] } | { step: 'verify' };

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffRouteRule;
  }
  interface FastifyRequest {
    /** Set by the console's gate on every /api/admin route it let through. */
    staff: (StaffSession & { consoleCookie: boolean }) | null;
  }
}

export const CROSS_SITE_REFUSED = 'cross_site_refused';
export const STAFF_TWO_FACTOR_REQUIRED = 'staff_two_factor_required';
export const STAFF_CONSOLE_SESSION_REQUIRED = 'staff_console_session_required';
export const STAFF_ROLE_FORBIDDEN = 'staff_role_forbidden';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The staff member of a request the gate let through. */
export function staffOf(request: FastifyRequest): NonNullable<FastifyRequest['staff']> {
  if (!request.staff) throw new Error('staffOf: the route is not behind the console gate');
  return request.staff;
}

/**
 * The site's own origin: PUBLIC_URL's when set, else the one this request was addressed to (its protocol,
 * as the trusted proxy says, and Host).
 */
function siteOriginOf(request: FastifyRequest, publicUrl: string | undefined): string | undefined {
  try {
    return new URL(publicUrl ?? `${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * A write the site's own pages sent: its Origin is the site's (browsers send Origin with every fetch that
 * is not a GET), or, without Origin, the browser says Sec-Fetch-Site: same-origin. Neither: refused (a
 * script that is not a browser has no reason to use the console's API).
 */
export function isSameSiteWrite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return fetchSite === 'same-origin';
  const site = siteOriginOf(request, publicUrl);
  if (site === undefined || typeof origin !== 'string') return false;
  try {
    return new URL(origin).origin === site;
  } catch {
    return false;
  }
}

function refuse(reply: FastifyReply, body: ErrorEnvelope & Record<string, unknown>) {
  return reply.code(403).send(body);
}

/**
 * The console's door, on every /api/admin route after the body is read (so a bad body answers as on any
 * unknown path) and before it is validated: not staff → the site's 404; a cross-site write → 403; then,
 * except on the routes that open the console, a fresh second factor, the console cookie and the role.
 */
export function staffGate(app: FastifyInstance, { publicUrl }: { publicUrl: string | undefined }): preValidationAsyncHookHandler {
  return async function gate(request, reply) {
    const found = await lookupSession(app.db, readSessionToken(request), findStaffSession);
    if (!found || found.user.status !== 'active') return reply.callNotFound();
    if (WRITES.has(request.method) && !isSameSiteWrite(request, publicUrl)) {
      return refuse(reply, { status: 'error', code: CROSS_SITE_REFUSED, message: ADMIN_MESSAGES.crossSite });
    }
    const consoleCookie = hasConsoleCookie(request, found);
    request.staff = { ...found, consoleCookie };
    request.auth = { user: found.user, sessionId: found.sessionId };

    const rule = request.routeOptions.config.staff;
    if (rule && 'step' in rule) return;
    if (!twoFactorIsFresh(found)) {
      const method = found.user.twoFactorMethod;
      return refuse(reply, {
        status: 'error',
        code: STAFF_TWO_FACTOR_REQUIRED,
        method,
        message: method === 'off' ? ADMIN_MESSAGES.turnOnTwoFactor : ADMIN_MESSAGES.enterCode,
      });
    }
    if (!consoleCookie) return refuse(reply, { status: 'error', code: STAFF_CONSOLE_SESSION_REQUIRED, message: ADMIN_MESSAGES.openConsole });
    // A route that names no roles is for admins only: a forgotten rule fails closed.
    const roles = rule?.roles ?? [];
    if (!roleMayUse(found.role, roles)) {
      return refuse(reply, { status: 'error', code: STAFF_ROLE_FORBIDDEN, message: ADMIN_MESSAGES.roleForbidden, roles: ['admin', ...roles.filter((role) => role !== 'admin')] });
    }
  };
}
