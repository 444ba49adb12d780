import { useAppDispatch } from '@rewards/shared/store/hooks';
import { openNotifications } from '@rewards/shared/store/ui-slice';
import { BellIcon } from './nav-icons';
import { useT } from '../../messages';
import styles from './account-summary.module.css';

/** The bell: its name and badge say how many notifications are unread; it opens the panel (mf-account's). */
export function NotificationBell({ unread }: { unread: number }) {
  const t = useT();
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      className={styles.bell}
      aria-label={unread > 0 ? t('account.notifications.unreadLabel', { count: unread }) : t('account.notifications.label')}
      aria-haspopup="dialog"
      onClick={() => dispatch(openNotifications())}
    >
      <BellIcon />
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
