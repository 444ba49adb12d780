import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How far a request's `auth_timestamp` may be from our clock, as Pusher allows. */
export const MAX_CLOCK_SKEW_SECONDS = 600;

export type SignedRequest = {
  method: string;
  /** Path without query, as signed, e.g. `/apps/123/events`. */
  path: string;
  query: Record<string, unknown>;
  /** The body exactly as received: `body_md5` is computed over these bytes. */
  rawBody: string;
};

export type Credentials = { key: string; secret: string };
export type Verdict = { ok: true } | { ok: false; reason: string };

/** Checks a request signed the Pusher HTTP API way (what the official `pusher` SDK sends). */
export function verifyPusherRequest(request: SignedRequest, credentials: Credentials, nowMs: number = Date.now()): Verdict {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.query)) {
    if (typeof value !== 'string') return { ok: false, reason: `Query parameter ${name} must appear once` };
    params[name.toLowerCase()] = value;
  }
  const { auth_key: key, auth_timestamp: timestamp, auth_version: version, auth_signature: signature } = params;
  if (key !== credentials.key) return { ok: false, reason: 'Unknown auth_key' };
  if (version !== '1.0') return { ok: false, reason: 'auth_version must be 1.0' };
  if (!timestamp || Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: 'auth_timestamp is missing or too far from the server time' };
  }
  if (request.rawBody !== '' && params.body_md5 !== md5(request.rawBody)) return { ok: false, reason: 'body_md5 does not match the body' };
  if (!signature) return { ok: false, reason: 'auth_signature is missing' };
  const expected = signPusherRequest(request.method, request.path, params, credentials.secret);
  if (!safeEqual(expected, signature)) return { ok: false, reason: 'Invalid signature' };
  return { ok: true };
}

export function signPusherRequest(method: string, path: string, params: Record<string, string>, secret: string): string {
  const query = Object.keys(params)
    .filter((name) => name !== 'auth_signature')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHmac('sha256', secret).update(`${method.toUpperCase()}\n${path}\n${query}`).digest('hex');
}

/** Pusher channel authorisation: `key:HMAC-SHA256(secret, "socket_id:channel")`, what pusher-js sends on subscribe. */
export function signChannelAuth(socketId: string, channel: string, credentials: Credentials): string {
  return `${credentials.key}:${createHmac('sha256', credentials.secret).update(`${socketId}:${channel}`).digest('hex')}`;
}

export function isValidChannelAuth(auth: unknown, socketId: string, channel: string, credentials: Credentials): boolean {
  return typeof auth === 'string' && safeEqual(auth, signChannelAuth(socketId, channel, credentials));
}

export function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
