import PusherClient from 'pusher-js';
import type { NotificationItem } from '@rewards/shared/contracts/notifications';
import { CHANNEL_AUTH_PATH, NOTIFICATION_CREATED_EVENT, userChannel, WALLET_UPDATED_EVENT, type WalletUpdatedEvent } from '@rewards/shared/contracts/realtime';
import { bearer } from './accounts';

export type ChannelListener<Event> = {
  events: Event[];
  /** Waits (up to 5 s) until `count` events arrived; answers all of them. */
  nextCount(count: number): Promise<Event[]>;
  close(): void;
};

export type WalletListener = ChannelListener<WalletUpdatedEvent>;

/** `wallet.updated` events of the user's private channel (see listenToUserChannel). */
export function listenToWallet(base: string, appKey: string, token: string, userId: number): Promise<WalletListener> {
  return listenToUserChannel<WalletUpdatedEvent>(base, appKey, token, userId, WALLET_UPDATED_EVENT);
}

/** `notification.created` events of the user's private channel (see listenToUserChannel). */
export function listenToNotifications(base: string, appKey: string, token: string, userId: number): Promise<ChannelListener<NotificationItem>> {
  return listenToUserChannel<NotificationItem>(base, appKey, token, userId, NOTIFICATION_CREATED_EVENT);
}

/**
 * A pusher-js client on the user's private channel of the server at `base`, authorised through
 * `POST /api/realtime/auth` with the user's session, as the shell does; keeps the events named `event`.
 */
async function listenToUserChannel<Event>(base: string, appKey: string, token: string, userId: number, event: string): Promise<ChannelListener<Event>> {
  const authEndpoint = `${base}/api${CHANNEL_AUTH_PATH}`;
  const client = new PusherClient(appKey, {
    cluster: 'eu',
    wsHost: new URL(base).hostname,
    wsPort: Number(new URL(base).port),
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      endpoint: authEndpoint,
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        fetch(authEndpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
        })
          .then(async (response) => (response.ok ? callback(null, (await response.json()) as { auth: string }) : callback(new Error(`auth ${response.status}`), null)))
          .catch((error: Error) => callback(error, null));
      },
    },
  });
  const channel = client.subscribe(userChannel(userId));
  try {
    await new Promise((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', resolve);
      channel.bind('pusher:subscription_error', reject);
    });
  } catch (error) {
    client.disconnect();
    throw error;
  }
  const events: Event[] = [];
  channel.bind(event, (data: Event) => events.push(data));
  return {
    events,
    async nextCount(count) {
      for (let waited = 0; events.length < count && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      return events;
    },
    close: () => client.disconnect(),
  };
}
