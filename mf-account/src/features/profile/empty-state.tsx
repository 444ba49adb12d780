import type { ReactNode } from 'react';
import { Link } from '@rewards/shared/router';
import styles from './profile.module.css';

type Props = { icon: ReactNode; title: string; text: string; action: { label: string; to: string } };

/** An empty list that says what to do next. */
export function EmptyState({ icon, title, text, action }: Props) {
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>{icon}</span>
      <h3 className={styles.emptyTitle}>{title}</h3>
      <p className={styles.emptyText}>{text}</p>
      <Link to={action.to} className="pill-button">
        {action.label}
      </Link>
    </div>
  );
}
