import type { Ticket } from '@rewards/shared/contracts/ticket-types';
import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import { Link } from '@rewards/shared/router';
import { formatDollars } from '@rewards/shared/rules/money';
import { useT, type Translator } from '../../messages';
import { formatDay } from './ticket-status';
import { StatusBadge } from './status-badge';
import styles from './tickets.module.css';

const SKELETON_ROWS = 3;

/** Where the offer came from: the wall's name, or our catalog. */
export function offerSource(ticket: Pick<Ticket, 'wall'>, t: Translator): string {
  if (ticket.wall === null) return t('tickets.source.catalog');
  return PARTNER_WALLS.find((wall) => wall.slug === ticket.wall)?.name ?? ticket.wall;
}

/** The user's tickets, newest first, each a link to its thread. */
export function TicketList({ tickets }: { tickets: Ticket[] }) {
  const t = useT();
  return (
    <ul className={styles.list} aria-label={t('tickets.list.title')}>
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <Link to={`/tickets/${ticket.id}`} className={styles.row}>
            <span className={styles.rowBody}>
              <span className={styles.rowTitle}>{ticket.offer_name}</span>
              <span className={styles.rowMeta}>
                {t('tickets.list.meta', { source: offerSource(ticket, t), date: formatDay(ticket.created_at), id: ticket.id })}
              </span>
            </span>
            {ticket.credited !== null && !ticket.partner_credited_later ? <span className={styles.rowAmount}>{t('tickets.list.credited', { amount: formatDollars(ticket.credited) })}</span> : null}
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
