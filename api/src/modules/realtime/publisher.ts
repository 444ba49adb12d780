import Pusher from 'pusher';
import type { LiveLead } from '@rewards/shared/contracts/api-types';
import type { NotificationItem } from '@rewards/shared/contracts/notifications';
import {
  LEAD_CREATED_EVENT,
  LEADS_CHANNEL,
  NOTIFICATION_CREATED_EVENT,
  userChannel,
  WALLET_UPDATED_EVENT,
  type WalletUpdatedEvent,
} from '@rewards/shared/contracts/realtime';
import type { PusherConfig } from '../../config';
import type { EventBroker } from './broker';

export type RealtimePublisher = {
  /** A credited conversion, for the live ticker of every page. */
  publishLead(lead: LiveLead): Promise<void>;
  /** A user's new balance, for their own pages only (their private channel). */
  publishWallet(userId: number, update: WalletUpdatedEvent): Promise<void>;
  /** A user's new notification, for their own pages only (their private channel). */
  publishNotification(userId: number, item: NotificationItem): Promise<void>;
};

/** Where the SDK sends events when config names no Pusher host: the gateway of this very server. */
export type OwnAddress = () => { host: string; port: number };

/** How this machine reaches a server listening on `host` (a wildcard address means loopback). */
export function reachableAddress(host: string, port: number): { host: string; port: number } {
  if (['0.0.0.0', '::', ''].includes(host)) return { host: '127.0.0.1', port };
  return { host: host.includes(':') ? `[${host}]` : host, port };
}

/**
 * Publishes through the official `pusher` SDK, so pointing PUSHER_HOST at hosted Pusher (or soketi)
 * needs no code change. The client is made on first use: in tests the port is known only after listen.
 * Given `localBroker` (the server itself) and no PUSHER_HOST, events go straight to the broker the events
 * API would hand them to: the same delivery, without an HTTP request to ourselves for every event.
 */
export function createRealtimePublisher(pusher: PusherConfig, ownAddress: OwnAddress, localBroker?: EventBroker): RealtimePublisher {
  if (localBroker && pusher.host === undefined) return createBrokerPublisher(localBroker);
  let client: Pusher | undefined;
  const getClient = () => (client ??= new Pusher(pusherOptions(pusher, ownAddress)));
  return {
    async publishLead({ id, name, amount, wall, offer }) {
      await getClient().trigger(LEADS_CHANNEL, LEAD_CREATED_EVENT, { id, name, amount, wall, offer });
    },
    async publishWallet(userId, { wallet, pending_wallet, version }) {
      await getClient().trigger(userChannel(userId), WALLET_UPDATED_EVENT, { wallet, pending_wallet, version });
    },
    async publishNotification(userId, item) {
      await getClient().trigger(userChannel(userId), NOTIFICATION_CREATED_EVENT, item);
    },
  };
}

function createBrokerPublisher(broker: EventBroker): RealtimePublisher {
  // As the SDK sends them: the data is the JSON text of the payload.
  const publish = (channel: string, event: string, data: unknown) => broker.publish({ channels: [channel], event, data: JSON.stringify(data) });
  return {
    publishLead: ({ id, name, amount, wall, offer }) => publish(LEADS_CHANNEL, LEAD_CREATED_EVENT, { id, name, amount, wall, offer }),
    publishWallet: (userId, { wallet, pending_wallet, version }) => publish(userChannel(userId), WALLET_UPDATED_EVENT, { wallet, pending_wallet, version }),
    publishNotification: (userId, item) => publish(userChannel(userId), NOTIFICATION_CREATED_EVENT, item),
  };
}

function pusherOptions(pusher: PusherConfig, ownAddress: OwnAddress): Pusher.Options {
  const credentials = { appId: pusher.appId, key: pusher.key, secret: pusher.secret, useTLS: pusher.useTLS, timeout: 5000 };
  if (pusher.host === undefined) {
    const own = ownAddress();
    return { ...credentials, host: own.host, port: String(own.port) };
  }
  return { ...credentials, host: pusher.host, ...(pusher.port === undefined ? {} : { port: String(pusher.port) }) };
}
