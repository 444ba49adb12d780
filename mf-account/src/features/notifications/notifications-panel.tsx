import { useId } from 'react';
import type { NotificationItem } from '@rewards/shared/contracts/notifications';
import type { SlotComponentProps } from '@rewards/shared/contracts/slots';
import { PATHS } from '@rewards/shared/paths';
import { Link } from '@rewards/shared/router';
import { ModalCloseButton, ModalFrame } from '@rewards/shared/ui/modal-frame.tsx';
import { RetryNotice } from '@rewards/shared/ui/retry-notice.tsx';
import { AllCaughtUp, MarkAllButton, NotificationList, NotificationListSkeleton } from './notification-list';
import { useNotifications } from './use-notifications';
import { useNow } from './use-now';
import { useT } from '../../messages';
import styles from './notifications-panel.module.css';

/**
 * Exposed as `mf_account/notifications-panel`, the panel the shell's bell opens: the newest 20, unread ones
 * marked; a click follows a notification's link and marks it read; "Mark all as read"; "See all" leads to
 * /notifications. Escape, the close button or a press outside close it, and focus goes back to the bell.
 * On phones it fills the screen.
 */
export default function NotificationsPanel({ onClose }: SlotComponentProps) {
  const t = useT();
  const titleId = useId();
  const now = useNow();
  const { query, pages, unread, markAll, markRead, markingAll } = useNotifications();
  const items = pages[0]?.items ?? [];

  function open(item: NotificationItem) {
    markRead(item);
    if (item.link) onClose();
  }

  return (
    <ModalFrame labelledBy={titleId} onClose={onClose} backdropClassName={styles.backdrop} dialogClassName={styles.panel} portal>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t('notifications.title')}
        </h2>
        <MarkAllButton unread={unread} busy={markingAll} onClick={markAll} />
        <ModalCloseButton onClose={onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </ModalCloseButton>
      </header>
      <div className={styles.body}>
        {query.isLoading ? (
          <NotificationListSkeleton />
        ) : query.isError && items.length === 0 ? (
          <RetryNotice placement="inline" message={t('notifications.loadFailed')} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <AllCaughtUp />
        ) : (
          <NotificationList items={items} now={now} onOpen={open} />
        )}
      </div>
      <footer className={styles.footer}>
        <Link to={PATHS.notifications} className={styles.seeAll} onClick={onClose}>
          {t('notifications.seeAll')}
        </Link>
      </footer>
    </ModalFrame>
  );
}
