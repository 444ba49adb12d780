import type { Ticket } from '@rewards/shared/contracts/ticket-types';
import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import { Link } from '@rewards/shared/router';
import { formatDay } from './ticket-status';
import { StatusBadge } from './status-badge';
import styles from './tickets.module.css';

const SKELETON_ROWS = 3;

/** Where the offer came from: the wall's name, or our catalog. */
export function offerSource(ticket: Pick<Ticket, 'wall'>): string {
  if (ticket.wall === null) return 'Offer';
  return PARTNER_WALLS.find((wall) => wall.slug === ticket.wall)?.name ?? ticket.wall;
}

/** The user's tickets, newest first, each a link to its thread. */
export function TicketList({ tickets }: { tickets: Ticket[] }) {
  return (
    <ul className={styles.list} aria-label="Your tickets">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <Link to={`/tickets/${ticket.id}`} className={styles.row}>
            <span className={styles.rowBody}>
              <span className={styles.rowTitle}>{ticket.offer_name}</span>
              <span className={styles.rowMeta}>
                {offerSource(ticket)} · reported {formatDay(ticket.created_at)} · #{ticket.id}
              </span>
            </span>
            {ticket.credited !== null && !ticket.partner_credited_later ? <span className={styles.rowAmount}>+${ticket.credited}</span> : null}
            <StatusBadge status={ticket.status} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function TicketListSkeleton() {
  return (
    <ul className={styles.list} aria-hidden="true">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <li key={index} className={`${styles.row} ${styles.skeletonRow}`} data-testid="ticket-skeleton">
          <span className={styles.rowBody}>
            <span className={`${styles.skeletonLine} ${styles.shimmer}`} />
            <span className={`${styles.skeletonLine} ${styles.shimmer}`} />
          </span>
        </li>
      ))}
    </ul>
  );
}
