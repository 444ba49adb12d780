import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { rateLimitAddress } from '../../plugins/rate-limit';
import { handleCallback } from './postback-pipeline';
import { announceBooking, type PostbackDeps } from '../conversions/postback-service';
import type { EarningHolds } from '../../config-values';
import type { WallsConfig } from './registry';
import type { PostbackRequest, WallAdapter } from './wall-adapter';

export type PostbackRoutesOptions = {
  walls: WallsConfig;
  /** EARNING_HOLDS; none when unset. */
  holds?: EarningHolds;
  publicUrl: string | undefined;
  /** The registry; tests add an adapter here to show nothing else is needed. */
  adapters?: readonly WallAdapter[];
};

/** Callbacks are small; a form body beyond this is not one. */
export const POSTBACK_BODY_LIMIT = 16 * 1024;

/** A form body is read as sent (walls sign values; replays need the raw text); any other body is kept as text. */
const FORM_TYPE = 'application/x-www-form-urlencoded';

function postbackRequestOf(request: FastifyRequest<{ Params: { wall: string; token?: string } }>, publicUrl: string | undefined): PostbackRequest {
  const url = request.raw.url ?? '';
  const mark = url.indexOf('?');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name.toLowerCase()] = value;
  const contentType = headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  const body = typeof request.body === 'string' ? request.body : '';
  const origins = [publicUrl?.replace(/\/+$/, ''), `${request.protocol}://${request.host}`].filter((origin): origin is string => Boolean(origin));
  return {
    wall: request.params.wall,
    method: request.method,
    path: mark === -1 ? url : url.slice(0, mark),
    rawQuery: mark === -1 ? '' : url.slice(mark + 1),
    // Only form bodies carry parameters; anything else is ignored (kept in the log as sent would invite floods).
    rawBody: contentType === FORM_TYPE ? body : '',
    headers,
    pathToken: request.params.token ?? '',
    sourceIp: request.ip,
    origins: [...new Set(origins)],
  };
}

/**
 * `GET|POST /api/postback/:wall` (and `/api/postback/:wall/:token` for walls whose secret is a path segment):
 * the one route of every wall's server-to-server callbacks. The adapter comes from the registry; see
 * postback-pipeline.ts for the checks and answers.
 */
export const postbackRoutes: FastifyPluginAsync<PostbackRoutesOptions> = async (app, { walls, holds, publicUrl, adapters }) => {
  // Found at start-up, not at the first callback: a missing one would fail the partner's request mid-booking.
  for (const needed of ['deliverNotifications', 'overRateLimits'] as const) {
    if (!app.hasDecorator(needed)) throw new Error(`the postback routes need app.${needed}: register its plugin first`);
  }
  // Several credits per statement pays where each statement crosses the network to PostgreSQL; PGlite runs in
  // this process, one statement at a time, and measured slower with it (bench:credits -- --only pglite).
  const deps: PostbackDeps = { db: app.db, log: app.log, batchCredits: app.databaseKind === 'postgres', holds };

  // Bodies are read as text in this scope only: JSON and the rest never reach a wall's parameters.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: POSTBACK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const handler = async (request: FastifyRequest<{ Params: { wall: string; token?: string } }>, reply: import('fastify').FastifyReply) => {
    // Judged first: an accepted callback is never held by the limit, which counts refusals only.
    const overRefusalLimit = () => app.overRateLimits([{ limit: 'postback_refused', key: rateLimitAddress(request) }]);
    const handled = await handleCallback(deps, { walls, adapters, overRefusalLimit }, postbackRequestOf(request, publicUrl));
    // Booked outside any transaction of ours: committed already.
    void announceBooking({ ...deps, realtime: app.realtime, deliverNotifications: app.deliverNotifications }, handled.announcements);
    return reply.code(handled.reply.statusCode).header('content-type', handled.reply.contentType).header('cache-control', 'no-store').send(handled.reply.body);
  };
  app.route({ method: ['GET', 'POST'], url: '/postback/:wall', handler });
  app.route({ method: ['GET', 'POST'], url: '/postback/:wall/:token', handler });
};
