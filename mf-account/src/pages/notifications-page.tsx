import type { NotificationItem } from '@rewards/shared/contracts/notifications';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { RetryNotice } from '@rewards/shared/ui/retry-notice.tsx';
import { AllCaughtUp, MarkAllButton, NotificationList, NotificationListSkeleton } from '../features/notifications/notification-list';
import { useNotifications } from '../features/notifications/use-notifications';
import { useNow } from '../features/notifications/use-now';
import { useT } from '../messages';
import styles from './notifications-page.module.css';

/** /notifications: every notification kept, newest first, 20 at a time ("Show more"). */
export default function NotificationsPage() {
  const t = useT();
  const now = useNow();
  const { query, pages, unread, markAll, markRead, markingAll } = useNotifications();
  const items = pages.flatMap((page) => page.items);
  const open = (item: NotificationItem) => markRead(item);

  return (
    <PageLayout title={t('notifications.title')} lead={t('notifications.lead')}>
      <section className={styles.card} aria-label={t('notifications.all')}>
        <div className={styles.toolbar}>
          <p className={styles.count} aria-live="polite">
            {unread > 0 ? t('notifications.unread', { count: unread }) : t('notifications.allRead')}
          </p>
          <MarkAllButton unread={unread} busy={markingAll} onClick={markAll} />
        </div>
        {query.isLoading ? (
          <NotificationListSkeleton rows={6} />
        ) : query.isError && items.length === 0 ? (
          <RetryNotice placement="inline" message={t('notifications.loadFailed')} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <AllCaughtUp />
        ) : (
          <>
            <NotificationList items={items} now={now} onOpen={open} />
            {query.hasNextPage ? (
              <button
                type="button"
                className={`pill-button ${styles.more}`}
                // Off while loading but keeping the focus, so the keyboard stays where the list goes on.
                aria-disabled={query.isFetchingNextPage}
                onClick={() => (query.isFetchingNextPage ? undefined : void query.fetchNextPage())}
              >
                {query.isFetchingNextPage ? t('common.loading') : t('notifications.showMore')}
              </button>
            ) : null}
          </>
        )}
      </section>
    </PageLayout>
  );
}
