import type { TicketStatus } from '@rewards/shared/contracts/ticket-types';
import { STATUS_LABELS } from './ticket-status';
import styles from './tickets.module.css';

export function StatusBadge({ status }: { status: TicketStatus }) {
  return <span className={`${styles.badge} ${styles[status]}`}>{STATUS_LABELS[status]}</span>;
}
