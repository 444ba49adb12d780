/** Pusher Channels protocol 7, public and private channels: what the gateway says and accepts. */

export const ACTIVITY_TIMEOUT_SECONDS = 120;

/** Close codes 4000–4099 tell pusher-js not to reconnect. */
export const CLOSE_UNKNOWN_APP = 4001;

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

// Pusher sends `data` as a JSON string inside the JSON frame; pusher-js expects exactly that.
function frame(event: string, data: object, channel?: string): string {
  return JSON.stringify(channel === undefined ? { event, data: JSON.stringify(data) } : { event, channel, data: JSON.stringify(data) });
}

export const messages = {
  connectionEstablished: (socketId: string) =>
    frame('pusher:connection_established', { socket_id: socketId, activity_timeout: ACTIVITY_TIMEOUT_SECONDS }),
  subscriptionSucceeded: (channel: string) => frame('pusher_internal:subscription_succeeded', {}, channel),
  subscriptionError: (channel: string, error: string) =>
    frame('pusher:subscription_error', { type: 'AuthError', error, status: 401 }, channel),
  pong: () => frame('pusher:pong', {}),
  error: (message: string, code: number | null = null) => frame('pusher:error', { code, message }),
};
