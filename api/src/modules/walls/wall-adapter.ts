import type { ConversionAction } from '../conversions/conversion-action';
import { MalformedPostbackError } from '../conversions/conversion-action';

/** A callback as it reached `/api/postback/:wall`, raw: what every adapter reads and verifies. */
export type PostbackRequest = {
  wall: string;
  method: string;
  /** The path exactly as received (not decoded), without the query. */
  path: string;
  /** The query string exactly as received, without `?`; '' when none. */
  rawQuery: string;
  /** An `application/x-www-form-urlencoded` body exactly as received; '' when none. */
  rawBody: string;
  /** Lowercase names; only headers sent once. */
  headers: Readonly<Record<string, string>>;
  /** A path segment after the wall (AdGate's secret token); '' when none. */
  pathToken: string;
  sourceIp: string;
  /** Origins the wall may have addressed us by (PUBLIC_URL, the request's own), for signatures over the whole URL. */
  origins: readonly string[];
};

/** What an adapter builds to send a callback as its wall would (ops postback:simulate, tests). */
export type ExampleConversion = {
  /** Our site's origin, e.g. http://localhost:8080. */
  base: string;
  userId: number;
  txid: string;
  coins: number;
  offerId: string;
  eventId: string;
  reverse: boolean;
};

export type SignedCallback = { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body?: string };

/** How a wall expects to be answered: our JSON envelope, or a fixed word on success (`1`, `ok`). */
export type WallReply = { kind: 'envelope' } | { kind: 'text'; success: string };

/**
 * One provider's callback format. Adding a wall is its adapter file and a line in WALL_ADAPTERS (registry.ts):
 * the route, the raw log, replays and `pnpm ops postback:simulate` need nothing else.
 */
export type WallAdapter = {
  slug: string;
  /** The wall's name for people (the live ticker shows it). */
  title: string;
  /** Where the wall documents this format. */
  docs: string;
  /** The callback URL to paste into the wall's dashboard; `{site}` is our public origin. */
  callbackTemplate: string;
  /**
   * The wall's signature leaves out part of what we book (amount, status, transaction) or there is none: in
   * production its callbacks must also come from an allowed address (POSTBACK_IPS_<WALL>, else defaultIps).
   */
  requiresIpAllowlist: boolean;
  /** The addresses the wall documents sending from: the production allowlist unless POSTBACK_IPS_<WALL> is set. */
  defaultIps: readonly string[];
  /** The wall proves itself by our secret as a path segment (`/api/postback/<wall>/<secret>`) instead of signing. */
  secretInPath?: boolean;
  reply: WallReply;
  /** What the callback asks for; throws MalformedPostbackError (422). */
  read(request: PostbackRequest): ConversionAction;
  /** Whether the callback carries the wall's proof made with this secret. */
  verify(request: PostbackRequest, secret: string): boolean;
  /** The callback this wall would send for a conversion, signed with the secret. */
  sign(example: ExampleConversion, secret: string): SignedCallback;
};

/**
 * The parameters of a callback: the query, and for a POST the form body too. A name given twice (in either
 * or across both) is refused: a proxy, a log and we must never read different values of one callback.
 */
export function callbackParams(request: Pick<PostbackRequest, 'rawQuery' | 'rawBody' | 'method'>): Map<string, string> {
  const params = new Map<string, string>();
  const sources = request.method === 'POST' ? [request.rawQuery, request.rawBody] : [request.rawQuery];
  for (const source of sources) {
    for (const [name, value] of new URLSearchParams(source)) {
      if (params.has(name)) throw new MalformedPostbackError(`The ${name.slice(0, 40)} parameter must be given once.`, { [name.slice(0, 40)]: ['Given more than once.'] });
      params.set(name, value);
    }
  }
  return params;
}

/**
 * The parameters of the query alone, a name given twice refused: for walls whose proof is a hash of the URL,
 * which covers no body, so a body (even one naming other values) is never read.
 */
export function signedUrlParams(request: Pick<PostbackRequest, 'rawQuery'>): Map<string, string> {
  return callbackParams({ rawQuery: request.rawQuery, rawBody: '', method: 'GET' });
}

/** Our user id as a wall sends it back (the click link carried it). */
export const USER_ID = /^[1-9]\d{0,14}$/;

/** The query string of these parameters, in this order. */
export function queryOf(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}
