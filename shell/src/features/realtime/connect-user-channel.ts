import { NOTIFICATION_CREATED_EVENT, WALLET_UPDATED_EVENT, userChannel, type WalletUpdatedEvent } from '@rewards/shared/contracts/realtime';
import type { RealtimeConnection } from './realtime-connection';

export type UserChannelOptions = {
  connection: RealtimeConnection;
  userId: number;
  onWalletUpdated: (event: WalletUpdatedEvent) => void;
  /** Each `notification.created`, with its data (the panel reads the item from the API). */
  onNotification?: (data: unknown) => void;
  /** Each time the channel is (re)joined: what changed before it was joined came with no event. */
  onSubscribed: () => void;
};

function isWalletUpdatedEvent(data: unknown): data is WalletUpdatedEvent {
  if (typeof data !== 'object' || data === null) return false;
  const { wallet, version } = data as Record<string, unknown>;
  return typeof wallet === 'string' && typeof version === 'number';
}

/**
 * Subscribes to the user's private channel on the page's socket and reports each wallet change and new
 * notification. Nothing it
 * meets (a failed download, socket or authorisation) throws. The returned function leaves the channel (and
 * gives the socket back), even before the socket opens.
 */
export function connectUserChannel({ connection, userId, onWalletUpdated, onNotification, onSubscribed }: UserChannelOptions): () => void {
  const channelName = userChannel(userId);
  let leave = () => {};
  const giveBack = connection.borrow((pusher) => {
    const channel = pusher.subscribe(channelName);
    channel.bind('pusher:subscription_error', connection.warn);
    channel.bind('pusher:subscription_succeeded', onSubscribed);
    channel.bind(WALLET_UPDATED_EVENT, (data: unknown) => {
      if (isWalletUpdatedEvent(data)) onWalletUpdated(data);
    });
    if (onNotification) channel.bind(NOTIFICATION_CREATED_EVENT, onNotification);
    leave = () => {
      channel.unbind_all();
      pusher.unsubscribe(channelName);
    };
  });
  return () => {
    leave();
    giveBack();
  };
}
