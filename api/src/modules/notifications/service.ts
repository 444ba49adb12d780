import type { MarkNotificationsReadPayload, NotificationsPage } from '@rewards/shared/contracts/notifications';
import type { Locale } from '@rewards/shared/i18n/locales';
import type { Executor } from '../../db/executor';
import { toNotificationItem } from './notify';
import { countUnread, markNotificationsRead, pageOfNotifications } from './repository';

/** One page of the user's notifications, newest first, with their unread count; in `locale`, the reader's language. */
export async function notificationsPage(
  db: Executor,
  userId: number,
  { limit, cursor, locale = 'en' }: { limit: number; cursor?: number; locale?: Locale },
): Promise<NotificationsPage> {
  const [rows, unread] = await Promise.all([pageOfNotifications(db, userId, { limit, beforeId: cursor }), countUnread(db, userId)]);
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  return { items: page.map((row) => toNotificationItem(row, locale)), unread, next_cursor: more ? String(page.at(-1)!.id) : null };
}

/** Marks the user's own notifications read (others' ids change nothing); answers what is still unread. */
export async function markRead(db: Executor, userId: number, which: MarkNotificationsReadPayload): Promise<number> {
  await markNotificationsRead(db, userId, which);
  return countUnread(db, userId);
}
