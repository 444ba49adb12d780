import type { TicketStatus } from '@rewards/shared/contracts/ticket-types';
import { useT } from '../../messages';
import { STATUS_LABELS } from './ticket-status';
import styles from './tickets.module.css';

export function StatusBadge({ status }: { status: TicketStatus }) {
  const t = useT();
  return <span className={`${styles.badge} ${styles[status]}`}>{t(STATUS_LABELS[status])}</span>;
}
