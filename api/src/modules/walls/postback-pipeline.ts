import type { ErrorCode } from '@rewards/shared/contracts/error-codes';
import type { CallbackOutcome } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { codeOfStatus, domainErrorStatus } from '../../plugins/errors';
import { type CallbackRecord, recordCallback, REFUSED_OUTCOMES } from './callback-log';
import { type ConversionAction, MalformedPostbackError } from '../conversions/conversion-action';
import { ipAllowlist } from './ip-allowlist';
import { type Announcements, applyConversion, NOTHING_TO_ANNOUNCE, POSTBACK_MESSAGES, type PostbackDeps } from '../conversions/postback-service';
import { adapterFor, WALL_ADAPTERS, type WallsConfig, wallIps, wallSecret } from './registry';
import { secretMatches } from './signature';
import type { PostbackRequest, WallAdapter } from './wall-adapter';

/** What we answer a wall, in the body it expects. */
export type CallbackReply = { statusCode: number; contentType: string; body: string };

export type HandledCallback = {
  outcome: CallbackOutcome;
  statusCode: number;
  reason: string;
  /** Coins this callback moved: credited (positive), taken back (negative), or 0. */
  coins: number;
  /** The stored raw callback; undefined when it could not be stored (the database is down). */
  recordId: number | undefined;
  reply: CallbackReply;
  /** For the caller to announce once the booking is committed (announceBooking); nothing is published here. */
  announcements: Announcements;
};

export type PipelineOptions = {
  walls: WallsConfig;
  adapters?: readonly WallAdapter[];
  /** The stored callback this run replays. */
  replayOf?: number;
  /**
   * Counts a refused, malformed or unknown-wall callback against its sender's limit (postback_refused) and
   * answers true once the sender is past it: then the answer is 429 and nothing is stored. Unset: no limit.
   */
  overRefusalLimit?: () => Promise<boolean>;
};

export const TOO_MANY_REFUSED = 'Too many refused callbacks from this address. Please wait a minute and try again.';

/** Headers kept with a callback: the ones walls sign with (x-…), the content type, the sender. */
function keptHeaders(request: PostbackRequest, tokenMatched: boolean | undefined): string {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'content-type' || name === 'user-agent' || name.startsWith('x-')) kept[name] = value;
  }
  if (request.origins.length > 0) kept[':origins'] = request.origins.join(' ');
  if (tokenMatched !== undefined) kept[':path-token'] = tokenMatched ? 'matched' : 'mismatched';
  return JSON.stringify(kept);
}

/** The path as stored: a secret path token never is. */
function storedPath(request: PostbackRequest): string {
  if (request.pathToken === '') return request.path;
  return `${request.path.slice(0, request.path.lastIndexOf('/'))}/{token}`;
}

type Verdict = { outcome: CallbackOutcome; statusCode: number; reason: string; code?: ErrorCode; action?: ConversionAction; coins?: number; announcements?: Announcements };

const refusal = (statusCode: number, reason: string, code: ErrorCode, action?: ConversionAction): Verdict => ({
  outcome: statusCode === 422 ? 'malformed' : 'refused',
  statusCode,
  reason,
  code,
  action,
});

async function judge(deps: PostbackDeps, options: PipelineOptions, request: PostbackRequest, adapter: WallAdapter | undefined): Promise<Verdict> {
  const { walls } = options;
  if (!adapter) return refusal(404, POSTBACK_MESSAGES.unknownWall, 'unknown_wall');
  if (request.pathToken !== '' && !adapter.secretInPath) return refusal(404, 'Not found', 'not_found');
  const secret = wallSecret(walls, adapter.slug);
  if (secret === null) return refusal(403, POSTBACK_MESSAGES.notConfigured, 'wall_not_configured');

  const ips = wallIps(walls, adapter);
  if (ips.length === 0 && adapter.requiresIpAllowlist && walls.production) {
    return refusal(403, `${POSTBACK_MESSAGES.notConfigured} (POSTBACK_IPS_${adapter.slug.toUpperCase()})`, 'wall_not_configured');
  }
  if (ips.length > 0 && !ipAllowlist(ips).allows(request.sourceIp)) return refusal(403, POSTBACK_MESSAGES.addressRefused, 'address_refused');

  let action: ConversionAction;
  try {
    action = adapter.read(request);
  } catch (error) {
    if (error instanceof MalformedPostbackError) return refusal(422, error.message, 'postback_malformed');
    throw error;
  }
  let verified: boolean;
  try {
    verified = adapter.verify(request, secret);
  } catch (error) {
    if (error instanceof MalformedPostbackError) return refusal(422, error.message, 'postback_malformed', action);
    throw error;
  }
  if (!verified) return refusal(403, POSTBACK_MESSAGES.badSignature, 'invalid_signature', action);

  try {
    const answer = await applyConversion(deps, adapter, action);
    return { outcome: answer.outcome, statusCode: 200, reason: answer.message, action, coins: answer.coins, announcements: answer.announcements };
  } catch (error) {
    if (error instanceof DomainError) return refusal(domainErrorStatus(error), error.message, error.errorCode, action);
    throw error;
  }
}

function replyOf(adapter: WallAdapter | undefined, verdict: Verdict, errors?: Record<string, string[]>): CallbackReply {
  if (adapter?.reply.kind === 'text') {
    const body = verdict.statusCode === 200 ? adapter.reply.success : `ERROR: ${verdict.reason}`;
    return { statusCode: verdict.statusCode, contentType: 'text/plain; charset=utf-8', body };
  }
  const envelope =
    verdict.statusCode === 200
      ? { status: 'success', message: verdict.reason }
      : { status: 'error', code: verdict.code ?? codeOfStatus(verdict.statusCode), message: verdict.reason, ...(errors ? { errors } : {}) };
  return { statusCode: verdict.statusCode, contentType: 'application/json; charset=utf-8', body: JSON.stringify(envelope) };
}

/**
 * One callback, whatever the wall: the wall is known (404), has a key (403 in production without one), the
 * sender's address is allowed (403), the format (422), the proof (403), then the booking (200 for a credit,
 * a repeat, a reversal, an acknowledged no-op; 404 for an unknown user or a reversal of nothing; 409 for a
 * reused signed text). Anything unexpected (the database is down) answers 503 so the wall retries. Every
 * callback is stored raw with its outcome (a refused one shortened), except refused ones past their sender's
 * limit (429, see overRefusalLimit); nothing changes unless every check passed. Only `deps.db` is used
 * (a replay passes its transaction); the caller announces what the answer says once that is committed.
 */
export async function handleCallback(deps: PostbackDeps, options: PipelineOptions, request: PostbackRequest): Promise<HandledCallback> {
  const adapter = adapterFor(options.walls, request.wall, options.adapters ?? WALL_ADAPTERS);
  let verdict: Verdict;
  let errors: Record<string, string[]> | undefined;
  try {
    verdict = await judge(deps, options, request, adapter);
  } catch (error) {
    deps.log.error({ err: error, wall: request.wall }, 'postback failed');
    verdict = { outcome: 'failed', statusCode: 503, reason: POSTBACK_MESSAGES.unavailable, code: 'service_unavailable' };
  }
  if (REFUSED_OUTCOMES.includes(verdict.outcome) && (await pastRefusalLimit(deps, options, request))) {
    const limited: Verdict = { outcome: verdict.outcome, statusCode: 429, reason: TOO_MANY_REFUSED, code: 'too_many_refused_callbacks' };
    return { ...limited, coins: 0, recordId: undefined, reply: replyOf(adapter, limited), announcements: NOTHING_TO_ANNOUNCE };
  }
  if (verdict.outcome === 'malformed') errors = malformedErrors(adapter, request);

  const secret = adapter ? wallSecret(options.walls, adapter.slug) : null;
  const tokenMatched = request.pathToken === '' ? undefined : secret !== null && secretMatches(secret, request.pathToken);
  const action = verdict.action;
  let recordId: number | undefined;
  try {
    recordId = await recordCallback(deps.db, {
      wall: request.wall,
      method: request.method,
      path: storedPath(request),
      query: request.rawQuery,
      body: request.rawBody,
      headers: keptHeaders(request, tokenMatched),
      sourceIp: request.sourceIp,
      outcome: verdict.outcome,
      statusCode: verdict.statusCode,
      reason: verdict.reason,
      userId: action && action.kind !== 'ignore' ? action.userId : null,
      txid: action && action.kind !== 'ignore' ? action.txid : null,
      coins: verdict.coins ?? 0,
      replayOf: options.replayOf ?? null,
    });
  } catch (error) {
    // The answer stands (the booking, if any, is committed); support loses this one line of history.
    deps.log.error({ err: error, wall: request.wall, outcome: verdict.outcome }, 'postback callback could not be stored');
  }
  return {
    outcome: verdict.outcome,
    statusCode: verdict.statusCode,
    reason: verdict.reason,
    coins: verdict.coins ?? 0,
    recordId,
    reply: replyOf(adapter, verdict, errors),
    announcements: verdict.announcements ?? NOTHING_TO_ANNOUNCE,
  };
}

/** Whether this refused callback's sender is past its limit; a limit that cannot be counted limits nothing. */
async function pastRefusalLimit(deps: PostbackDeps, options: PipelineOptions, request: PostbackRequest): Promise<boolean> {
  try {
    return (await options.overRefusalLimit?.()) === true;
  } catch (error) {
    deps.log.error({ err: error, wall: request.wall }, 'postback refusal limit could not be counted');
    return false;
  }
}

/** The field errors of a malformed callback, for the 422 envelope. */
function malformedErrors(adapter: WallAdapter | undefined, request: PostbackRequest): Record<string, string[]> | undefined {
  try {
    adapter?.read(request);
  } catch (error) {
    if (error instanceof MalformedPostbackError) return error.errors;
  }
  return undefined;
}

/** A stored callback as a request again, for a replay through the same path. */
export function requestOfRecord(record: CallbackRecord, { secret, publicUrl }: { secret: string | null; publicUrl: string | undefined }): PostbackRequest {
  let stored: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(record.headers);
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, string>;
  } catch {
    // Headers we cannot read replay without them (a signature header is then missing: refused, as it should).
  }
  const { ':origins': origins = '', ':path-token': pathTokenState, ...headers } = stored;
  const hasToken = record.path.endsWith('/{token}');
  // A token that matched was our secret (never stored): the current one stands in; a wrong one stays wrong.
  const pathToken = hasToken ? (pathTokenState === 'matched' && secret !== null ? secret : '\u0000wrong') : '';
  return {
    wall: record.wall,
    method: record.method,
    path: hasToken ? record.path.replace(/\/\{token\}$/, `/${encodeURIComponent(pathToken)}`) : record.path,
    rawQuery: record.query,
    rawBody: record.body,
    headers,
    pathToken,
    sourceIp: record.sourceIp,
    origins: [...new Set([publicUrl?.replace(/\/+$/, ''), ...origins.split(' ')].filter((origin): origin is string => Boolean(origin)))],
  };
}
