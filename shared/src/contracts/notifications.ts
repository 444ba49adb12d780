/** The notification centre's payloads (`/api/notifications`, `notification.created`): one source for api/ and the site. */

/**
 * What happened, one word per event. The API renders each kind's title, body and link (its registry of kinds);
 * the site shows them as they come.
 */
export const NOTIFICATION_KINDS = [
  'credit',
  'hold_released',
  'reversal',
  'referral_bonus',
  'cashout_approved',
  'cashout_paid',
  'cashout_rejected',
  'ticket_answered',
  'ticket_accepted',
  'ticket_declined',
  'new_sign_in',
  'password_changed',
  'two_factor_changed',
  'email_verified',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification as the list and the live event carry it. */
export type NotificationItem = {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of the site to open, or null. */
  link: string | null;
  /** ISO 8601. */
  created_at: string;
  read: boolean;
};

/** `GET /api/notifications?limit=&cursor=`: newest first; `next_cursor` asks for the next page, null at the end. */
export type NotificationsPage = { items: NotificationItem[]; unread: number; next_cursor: string | null };

/** Items of one page: `limit` when given, else the default. */
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** Most ids one `POST /api/notifications/read` takes. */
export const MARK_READ_MAX_IDS = 100;

/** `POST /api/notifications/read`: these ids, or every notification of the user. */
export type MarkNotificationsReadPayload = { ids: number[] } | { all: true };
/** Its answer's `data`: what is still unread. */
export type MarkNotificationsReadResult = { unread: number };

/** The emails a user may turn off; a password change is always emailed. All on for a new account. */
export type EmailPreferences = { cashouts: boolean; tickets: boolean; security: boolean };
export const EMAIL_PREFERENCE_NAMES = ['cashouts', 'tickets', 'security'] as const satisfies ReadonlyArray<keyof EmailPreferences>;

/** `POST /api/user/email-preferences`: the preferences to change (at least one); the answer carries the user. */
export type EmailPreferencesPayload = Partial<EmailPreferences>;
