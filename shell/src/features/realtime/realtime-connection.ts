import type PusherClient from 'pusher-js';
import { CHANNEL_AUTH_PATH } from '@rewards/shared/contracts/realtime';
import type { RealtimeConfig } from '@rewards/shared/contracts/runtime-config';
import { channelAuthorizer } from './channel-authorizer';
import { socketOptions } from './socket-options';

/**
 * The page's one realtime socket, shared by whatever listens (the live ticker, the signed-in wallet): the
 * gateway holds one socket per open page, not one per feature. pusher-js is downloaded on the first borrow;
 * the socket opens then and closes when the last borrower gives it back.
 */
export type RealtimeConnection = {
  /** `onReady` runs once the client exists (never if given back first); the returned function gives it back. */
  borrow(onReady: (pusher: PusherClient) => void): () => void;
  /** Reports a problem of the live updates, once per connection: pusher-js retries for ever, one line says it all. */
  warn(reason: unknown): void;
};

export function createRealtimeConnection(realtime: RealtimeConfig, apiBase: string): RealtimeConnection {
  const borrowers = new Set<object>();
  let client: PusherClient | null = null;
  let warned = false;

  function warn(reason: unknown) {
    if (warned) return;
    warned = true;
    console.warn('Live updates are unavailable', reason);
  }

  function open(Pusher: typeof PusherClient): PusherClient {
    const pusher = new Pusher(realtime.key, {
      ...socketOptions(realtime, window.location),
      channelAuthorization: { customHandler: channelAuthorizer(`${apiBase}${CHANNEL_AUTH_PATH}`) },
    });
    pusher.connection.bind('error', warn);
    pusher.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current === 'unavailable' || current === 'failed') warn(`connection ${current}`);
    });
    return pusher;
  }

  return {
    warn,
    borrow(onReady) {
      const borrower = {};
      borrowers.add(borrower);
      import(/* webpackChunkName: "realtime" */ 'pusher-js')
        .then(({ default: Pusher }) => {
          if (!borrowers.has(borrower)) return;
          client ??= open(Pusher);
          onReady(client);
        })
        .catch(warn);
      return () => {
        if (!borrowers.delete(borrower) || borrowers.size > 0 || !client) return;
        client.disconnect();
        client = null;
      };
    },
  };
}
