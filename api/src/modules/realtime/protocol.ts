/** Pusher Channels protocol 7, public and private channels: what the gateway says and accepts. */

/**
 * Close codes. pusher-js reads 4000–4099 and 4300+ as "refused, do not reconnect", 4100–4199 as "reconnect
 * after a back-off"; a socket closed without a code (terminated) reconnects after a back-off too.
 */
export const CLOSE_UNKNOWN_APP = 4001;
/** A frame that is not the protocol (not JSON, binary, an invalid channel name): this client is broken or hostile. */
export const CLOSE_BAD_REQUEST = 4300;
/** More messages than the per-socket rate allows (Pusher's own code for rate-limited client messages). */
export const CLOSE_RATE_LIMITED = 4301;

const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;]{1,164}$/;

export type ClientMessage = { event: string; data: unknown };

export function parseClientMessage(raw: string): ClientMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !('event' in parsed) || typeof parsed.event !== 'string') return undefined;
  const data: unknown = 'data' in parsed ? parsed.data : undefined;
  // pusher-js sends objects; other clients send the data JSON-encoded.
  if (typeof data === 'string') {
    try {
      return { event: parsed.event, data: JSON.parse(data) };
    } catch {
      return { event: parsed.event, data };
    }
  }
  return { event: parsed.event, data };
}

export function channelOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('channel' in data) || typeof data.channel !== 'string') return undefined;
  return data.channel;
}

export function isValidChannelName(name: string): boolean {
  return CHANNEL_NAME.test(name);
}

export type ChannelKind = 'public' | 'private' | 'unsupported';

/** Presence and encrypted channels are not offered; `private-` channels need a signed authorisation. */
export function channelKind(name: string): ChannelKind {
  if (/^(presence|private-encrypted)-/.test(name)) return 'unsupported';
  return name.startsWith('private-') ? 'private' : 'public';
}

export function authOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null && 'auth' in data ? data.auth : undefined;
}

/**
 * One final, unmasked text frame (RFC 6455 §5.2) around `payload`, as a server sends it. A broadcast builds it
 * once and writes the same bytes to every socket: framing per socket (header, writev) showed at 10,000 sockets.
 */
export function textFrame(payload: Buffer): Buffer {
  const { length } = payload;
  const headerBytes = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerBytes + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerBytes);
  return frame;
}

/** A channel event as every subscriber receives it (`data` already the JSON text the publisher sent), framed. */
export function channelEventFrame(event: string, channel: string, data: string): Buffer {
  return textFrame(Buffer.from(JSON.stringify({ event, channel, data })));
}

// Pusher sends `data` as a JSON string inside the JSON frame; pusher-js expects exactly that.
function frame(event: string, data: object, channel?: string): string {
  return JSON.stringify(channel === undefined ? { event, data: JSON.stringify(data) } : { event, channel, data: JSON.stringify(data) });
}

export const messages = {
  connectionEstablished: (socketId: string, activityTimeoutSeconds: number) =>
    frame('pusher:connection_established', { socket_id: socketId, activity_timeout: activityTimeoutSeconds }),
  subscriptionSucceeded: (channel: string) => frame('pusher_internal:subscription_succeeded', {}, channel),
  subscriptionError: (channel: string, error: string, status: number) =>
    frame('pusher:subscription_error', { type: status === 429 ? 'LimitReached' : 'AuthError', error, status }, channel),
  ping: () => frame('pusher:ping', {}),
  pong: () => frame('pusher:pong', {}),
  error: (message: string, code: number | null = null) => frame('pusher:error', { code, message }),
};
