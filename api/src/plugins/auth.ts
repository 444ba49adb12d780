import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import type { Database } from '../db/database';
import { UnauthorizedError } from '../domain-errors';
import {
  lookupSession,
  purgeDeadSessions,
  requireSession,
  SESSION_TOKEN_PATTERN,
  SESSION_TTL_MS,
  type SessionWithUser,
  UNAUTHENTICATED,
  type UserRow,
} from '../modules/session/session';
import { purgeDeadChallenges } from '../modules/two-factor/repository';

export type AuthContext = { user: UserRow; sessionId: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` and `identifyUser`; null without a live session or on routes that use neither. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 without a live session, 403 for a blocked or pending account. */
    requireUser: preHandlerAsyncHookHandler;
    /**
     * preHandler of a route open to visitors too: sets `request.auth` when the request carries a live
     * session, whatever the account's status (the route decides what a restricted account may do).
     */
    identifyUser: preHandlerAsyncHookHandler;
    /** Cookies are always `Secure` (production), not only when the request came over TLS. */
    secureCookiesOnly: boolean;
  }
}

/** The session token of a request: `Authorization: Bearer …` first, else the auth_token cookie. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1] && SESSION_TOKEN_PATTERN.test(match[1])) return match[1];
  }
  const fromCookie = request.cookies[AUTH_COOKIE];
  return fromCookie && SESSION_TOKEN_PATTERN.test(fromCookie) ? fromCookie : undefined;
}

/**
 * Whether a cookie set in answer to this request is `Secure`: always in production, because a proxy that
 * does not say it terminated TLS (or is not trusted) must not make a session cookie travel in clear; in
 * development and tests only when the request came over TLS, so http://localhost keeps working.
 */
export function cookieIsSecure(request: FastifyRequest): boolean {
  return request.server.secureCookiesOnly || request.protocol === 'https';
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(AUTH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookieIsSecure(request),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(AUTH_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: cookieIsSecure(request) });
}

export const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export type AuthPluginOptions = {
  cookieSecret: string;
  /** True in production: see cookieIsSecure. */
  secureCookiesOnly: boolean;
  /** How often expired and revoked sessions are deleted (also once shortly after start); 0 never. */
  sessionPurgeIntervalMs?: number;
};

/** Cookies (signed ones use APP_SECRET), and the requests' decorations `app.requireUser` and `app.identifyUser`. */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    await app.register(cookie, { secret: options.cookieSecret });
    app.decorateRequest('auth', null);
    app.decorate('secureCookiesOnly', options.secureCookiesOnly);
    scheduleSessionPurge(app, options.sessionPurgeIntervalMs ?? SESSION_PURGE_INTERVAL_MS);

    const requireUser: preHandlerAsyncHookHandler = async (request) => {
      await authenticate(app, request);
    };
    const identifyUser: preHandlerAsyncHookHandler = async (request) => {
      const found = await lookupSession(app.db, readSessionToken(request));
      request.auth = found ? { user: found.user, sessionId: found.sessionId } : null;
    };
    app.decorate('requireUser', requireUser);
    app.decorate('identifyUser', identifyUser);
  },
  { name: 'auth', dependencies: ['database'] },
);

/**
 * Deletes dead sessions now and then while the server runs. Several instances may purge at the same time:
 * deleting rows that are gone already is harmless. A failure is logged and retried at the next turn.
 */
function scheduleSessionPurge(app: FastifyInstance, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const purge = () => {
    running ??= purgeDeadSessions(app.db)
      .then(async (count) => {
        if (count > 0) app.log.info(`purged ${count} expired or revoked sessions`);
        // Sign-ins that waited for a second step and can no longer finish.
        await purgeDeadChallenges(app.db);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'session purge failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    // The first run waits a little so it does not compete with the start itself.
    timer = setTimeout(function tick() {
      purge();
      timer = setTimeout(tick, intervalMs).unref();
    }, Math.min(intervalMs, 10_000)).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}

/**
 * What `requireUser` does, with the session looked up by `find` when given: a route may read what it needs
 * in the same query as the session (one round trip instead of two). 401 without a live session, 403 for a
 * blocked or pending account; sets `request.auth` and answers what was found.
 */
export async function authenticate<Found extends SessionWithUser = SessionWithUser>(
  app: FastifyInstance,
  request: FastifyRequest,
  find?: (db: Database, tokenHash: string) => Promise<Found | undefined>,
): Promise<Found> {
  const found = await requireSession(app.db, readSessionToken(request), find);
  request.auth = { user: found.user, sessionId: found.sessionId };
  return found;
}

/** The signed-in user of a route guarded by `requireUser`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError(UNAUTHENTICATED);
  return request.auth;
}
