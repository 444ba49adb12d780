import type { NotificationItem } from '@rewards/shared/contracts/notifications';
import { Link } from '@rewards/shared/router';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import { relativeTime } from './relative-time';
import { useT } from '../../messages';
import styles from './notification-list.module.css';

type Props = {
  items: readonly NotificationItem[];
  /** The time now (useNow), for "2 minutes ago". */
  now: number;
  /** A notification was clicked: its link (if any) is being followed. */
  onOpen: (item: NotificationItem) => void;
};

/** Notifications, newest first: unread ones marked; each a link to where it leads, or a button. */
export function NotificationList({ items, now, onOpen }: Props) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.id}>
          <NotificationEntry item={item} now={now} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function NotificationEntry({ item, now, onOpen }: { item: NotificationItem; now: number; onOpen: Props['onOpen'] }) {
  const t = useT();
  const className = item.read ? styles.entry : `${styles.entry} ${styles.unread}`;
  const content = (
    <>
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.text}>
        <span className={styles.title}>
          {item.read ? null : <span className={visuallyHidden}>{t('notifications.unreadPrefix')}</span>}
          {item.title}
        </span>
        <span className={styles.body}>{item.body}</span>
        <time className={styles.time} dateTime={item.created_at}>
          {relativeTime(item.created_at, now)}
        </time>
      </span>
    </>
  );
  return item.link ? (
    <Link to={item.link} className={className} onClick={() => onOpen(item)}>
      {content}
    </Link>
  ) : (
    <button type="button" className={className} onClick={() => onOpen(item)}>
      {content}
    </button>
  );
}

/** While a list loads: rows of the list's shape. */
export function NotificationListSkeleton({ rows = 3 }: { rows?: number }) {
  const t = useT();
  return (
    <ul className={styles.list} role="status" aria-label={t('notifications.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className={styles.skeleton} />
      ))}
    </ul>
  );
}

/** Nothing to show: what will come here. */
export function AllCaughtUp() {
  const t = useT();
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{t('notifications.empty.title')}</p>
      <p className={styles.emptyText}>{t('notifications.empty.text')}</p>
    </div>
  );
}

type MarkAllProps = { unread: number; busy: boolean; onClick: () => unknown };

/**
 * "Mark all as read". With nothing unread it is off but keeps the focus (aria-disabled, not disabled): a
 * disabled button drops the focus out of the dialog, and Escape would no longer close it.
 */
export function MarkAllButton({ unread, busy, onClick }: MarkAllProps) {
  const t = useT();
  const off = unread === 0 || busy;
  return (
    <button type="button" className={styles.markAll} aria-disabled={off} onClick={() => (off ? undefined : void onClick())}>
      {busy ? t('notifications.marking') : t('notifications.markAll')}
    </button>
  );
}
