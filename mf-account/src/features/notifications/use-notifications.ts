import { useEffect } from 'react';
import type { NotificationItem } from '@rewards/shared/contracts/notifications';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { NOTIFICATIONS_PER_PAGE, useGetNotificationsInfiniteQuery, useMarkNotificationsReadMutation } from './notifications-api';

/**
 * The user's notifications, newest first, kept current: when the bell's count grows past the list's (a
 * `notification.created` arrived), the list is read again. `markRead` is what a click and "Mark all as read" do.
 */
export function useNotifications() {
  const query = useGetNotificationsInfiniteQuery(NOTIFICATIONS_PER_PAGE);
  const [markNotificationsRead, marking] = useMarkNotificationsReadMutation();
  const unread = useAppSelector(selectUser)?.unread_notifications ?? 0;
  const listed = query.data?.pages.at(-1)?.unread;
  const { refetch, isFetching } = query;

  useEffect(() => {
    if (listed !== undefined && unread > listed && !isFetching) void refetch();
  }, [unread, listed, isFetching, refetch]);

  const pages = query.data?.pages ?? [];
  return {
    query,
    pages,
    unread,
    markingAll: marking.isLoading && marking.originalArgs !== undefined && 'all' in marking.originalArgs,
    markAll: () => markNotificationsRead({ all: true }),
    markRead: (item: NotificationItem) => {
      if (!item.read) void markNotificationsRead({ ids: [item.id] });
    },
  };
}
