import type PusherClient from 'pusher-js';
import {
  CHANNEL_AUTH_PATH,
  WALLET_UPDATED_EVENT,
  userChannel,
  type WalletUpdatedEvent,
} from '@rewards/shared/contracts/realtime';
import type { RealtimeConfig } from '@rewards/shared/contracts/runtime-config';
import { channelAuthorizer } from './channel-authorizer';
import { socketOptions } from './socket-options';

export type UserChannelOptions = {
  realtime: RealtimeConfig;
  apiBase: string;
  userId: number;
  onWalletUpdated: (event: WalletUpdatedEvent) => void;
  /** Each time the channel is (re)joined: what changed before it was joined came with no event. */
  onSubscribed: () => void;
};

function isWalletUpdatedEvent(data: unknown): data is WalletUpdatedEvent {
  if (typeof data !== 'object' || data === null) return false;
  const { wallet, version } = data as Record<string, unknown>;
  return typeof wallet === 'string' && typeof version === 'number';
}

/** pusher-js retries for ever; one line in the console says it all. */
function warnOnce(): (reason: unknown) => void {
  let warned = false;
  return (reason) => {
    if (warned) return;
    warned = true;
    console.warn('Live wallet updates are unavailable', reason);
  };
}

/**
 * Subscribes to the user's private channel and reports each wallet change. Nothing it meets (a failed
 * download, socket or authorisation) throws. The returned function disconnects, even before the socket opens.
 */
export function connectUserChannel({ realtime, apiBase, userId, onWalletUpdated, onSubscribed }: UserChannelOptions): () => void {
  const warn = warnOnce();
  let closed = false;
  let pusher: PusherClient | null = null;

  async function connect() {
    // Loaded on demand: signed-out pages never download the client.
    const { default: Pusher } = await import('pusher-js');
    if (closed) return;
    pusher = new Pusher(realtime.key, {
      ...socketOptions(realtime, window.location),
      channelAuthorization: { customHandler: channelAuthorizer(`${apiBase}${CHANNEL_AUTH_PATH}`) },
    });
    pusher.connection.bind('error', warn);
    pusher.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current === 'unavailable' || current === 'failed') warn(`connection ${current}`);
    });
    const channel = pusher.subscribe(userChannel(userId));
    channel.bind('pusher:subscription_error', warn);
    channel.bind('pusher:subscription_succeeded', onSubscribed);
    channel.bind(WALLET_UPDATED_EVENT, (data: unknown) => {
      if (isWalletUpdatedEvent(data)) onWalletUpdated(data);
    });
  }

  connect().catch(warn);
  return () => {
    closed = true;
    pusher?.disconnect();
    pusher = null;
  };
}
