import type { NotificationItem, NotificationKind } from '@rewards/shared/contracts/notifications';
import type { Locale } from '@rewards/shared/i18n/locales';
import type { Executor } from '../../db/executor';
import { type NotificationInput, renderNotification, storedData } from './kinds';
import { insertNotifications, type NotificationRow } from './repository';

/** A notification as stored, whoever wrote it (notify(), or a booking statement: see storedNotificationOf). */
export type StoredNotification = NotificationRow;

/**
 * Stores a notification for its user. Pass the event's transaction: the notification commits with the event
 * or not at all. Tell the user once committed (deliverNotifications, or publishNotifications for the push
 * alone). Throws on facts the kind does not take, a mistake of the caller.
 */
export async function notify<Kind extends NotificationKind>(db: Executor, input: NotificationInput<Kind>): Promise<StoredNotification> {
  const [row] = await notifyMany(db, [input as NotificationInput]);
  return row!;
}

/** notify() for several at once, in one statement; answers the rows in the order given. */
export async function notifyMany(db: Executor, inputs: readonly NotificationInput[]): Promise<StoredNotification[]> {
  return insertNotifications(
    db,
    inputs.map(({ userId, kind, data, link }) => ({ userId, kind, data: storedData(kind, data), link: link ?? null })),
  );
}

/** What the list and the live event show of a stored row: rendered from its kind and facts now, in the reader's language. */
export function toNotificationItem(row: Pick<StoredNotification, 'id' | 'kind' | 'data' | 'link' | 'createdAt' | 'readAt'>, locale: Locale = 'en'): NotificationItem {
  const { title, body, link } = renderNotification(row.kind, row.data, row.link, locale);
  return {
    id: row.id,
    // A retired kind's row reads as a plain update (renderNotification); its name is passed on as stored.
    kind: row.kind as NotificationKind,
    title,
    body,
    link,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** A row as a hand-written statement returns it (`returning id, user_id, kind, data, link, created_at, read_at`). */
export type NotificationSqlRow = {
  id: number | string;
  user_id: number | string;
  kind: string;
  data: unknown;
  link: string | null;
  created_at: Date | string;
  read_at?: Date | string | null;
};

/** The driver's own row of a statement that inserted notifications itself, as notify() would have answered it. */
export function storedNotificationOf(row: NotificationSqlRow): StoredNotification {
  const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data;
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    kind: row.kind,
    data: (data ?? {}) as Record<string, unknown>,
    link: row.link,
    createdAt: date(row.created_at),
    readAt: row.read_at ? date(row.read_at) : null,
  };
}
