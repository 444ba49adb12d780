import type { LiveLead } from '@rewards/shared/contracts/api-types';
import { LEAD_CREATED_EVENT, LEADS_CHANNEL } from '@rewards/shared/contracts/realtime';
import type { RealtimeConnection } from '../realtime';
import { isLiveLead } from './ticker-entries';

/**
 * Listens to `lead.created` on the public feed over the page's socket; `onSubscribed` runs each time the channel
 * is (re)joined (what went out before came to nobody). The returned function stops.
 */
export function connectLeadsChannel(connection: RealtimeConnection, onLead: (lead: LiveLead) => void, onSubscribed: () => void): () => void {
  let leave = () => {};
  const giveBack = connection.borrow((pusher) => {
    const channel = pusher.subscribe(LEADS_CHANNEL);
    channel.bind('pusher:subscription_error', connection.warn);
    channel.bind('pusher:subscription_succeeded', onSubscribed);
    channel.bind(LEAD_CREATED_EVENT, (data: unknown) => {
      if (isLiveLead(data)) onLead(data);
    });
    leave = () => {
      channel.unbind_all();
      pusher.unsubscribe(LEADS_CHANNEL);
    };
  });
  return () => {
    leave();
    giveBack();
  };
}
