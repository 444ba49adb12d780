/** Channels and events of the realtime service (Pusher Channels protocol), shared by the API and the site. */

/** Public channel of credited conversions, for the home page's live ticker (spec §7). */
export const LEADS_CHANNEL = 'fake-leads';
export const LEAD_CREATED_EVENT = 'lead.created';

/** Where a page asks the API to authorise a private channel for its socket: `POST {apiBase}{path}`. */
export const CHANNEL_AUTH_PATH = '/realtime/auth';

const USER_CHANNEL_PREFIX = 'private-user-';

/** The private channel only the signed-in user's pages may subscribe to. */
export function userChannel(userId: number): string {
  return `${USER_CHANNEL_PREFIX}${userId}`;
}

/** The user id of a `private-user-<id>` channel; null for any other name. */
export function userIdOfChannel(channel: string): number | null {
  if (!channel.startsWith(USER_CHANNEL_PREFIX)) return null;
  const digits = channel.slice(USER_CHANNEL_PREFIX.length);
  if (!/^[1-9]\d{0,15}$/.test(digits)) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) ? id : null;
}

/** Sent on the user's channel after every committed change of their balance (a ledger row). */
export const WALLET_UPDATED_EVENT = 'wallet.updated';

export type WalletUpdatedEvent = {
  /** The new balance in dollars, 2 decimals, as Profile's `wallet`. */
  wallet: string;
  /** The new held balance in dollars, as Profile's `pending_wallet` (absent from a server that holds no credits). */
  pending_wallet?: string;
  /** Id of the user's latest ledger row: grows with every change, so a late event can be told apart. */
  version: number;
};

/** Sent on the user's channel once a new notification of theirs is stored; its data is the `NotificationItem`. */
export const NOTIFICATION_CREATED_EVENT = 'notification.created';

/** Body of `POST {apiBase}/realtime/auth` (Pusher's channel authorisation request). */
export type ChannelAuthRequest = { socket_id: string; channel_name: string };
/** Answer: `key:signature` as pusher-js expects. */
export type ChannelAuthResponse = { auth: string };

/** Where a page reads the feed's last entries on load: `GET {apiBase}{path}` answers `RecentLeadsResponse`. */
export const RECENT_LEADS_PATH = '/leads/recent';
/** How long an API instance answers `GET {apiBase}/leads/recent` from one read of the database. */
export const RECENT_LEADS_CACHE_MS = 1_000;
/** Seconds a browser or CDN may reuse that answer (its `Cache-Control: max-age`). */
export const RECENT_LEADS_MAX_AGE_SECONDS = 2;
/** The oldest an answer's entries can be when it reaches a page: what went out longer ago than this is in it. */
export const RECENT_LEADS_STALE_MAX_MS = RECENT_LEADS_CACHE_MS + RECENT_LEADS_MAX_AGE_SECONDS * 1_000;
