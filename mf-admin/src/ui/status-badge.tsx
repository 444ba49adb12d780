import { useT, type AdminTranslate } from '../messages';
import styles from './status-badge.module.css';

export type Tone = 'good' | 'warn' | 'bad' | 'neutral';

// The key of each word stays in the table (the message check looks for it); the key's suffix is the API's value.
const STATUSES = {
  active: { tone: 'good', label: 'admin.status.active' },
  done: { tone: 'good', label: 'admin.status.done' },
  paid: { tone: 'good', label: 'admin.status.paid' },
  credited: { tone: 'good', label: 'admin.status.credited' },
  accepted: { tone: 'good', label: 'admin.status.accepted' },
  approved: { tone: 'good', label: 'admin.status.approved' },
  answered: { tone: 'neutral', label: 'admin.status.answered' },
  awaiting: { tone: 'warn', label: 'admin.status.awaiting' },
  pending: { tone: 'warn', label: 'admin.status.pending' },
  sending: { tone: 'neutral', label: 'admin.status.sending' },
  duplicate: { tone: 'neutral', label: 'admin.status.duplicate' },
  ignored: { tone: 'neutral', label: 'admin.status.ignored' },
  blocked: { tone: 'bad', label: 'admin.status.blocked' },
  failed: { tone: 'bad', label: 'admin.status.failed' },
  rejected: { tone: 'bad', label: 'admin.status.rejected' },
  declined: { tone: 'bad', label: 'admin.status.declined' },
  reversed: { tone: 'bad', label: 'admin.status.reversed' },
  refused: { tone: 'bad', label: 'admin.status.refused' },
  malformed: { tone: 'bad', label: 'admin.status.malformed' },
  returned: { tone: 'bad', label: 'admin.status.returned' },
  unclaimed: { tone: 'warn', label: 'admin.status.unclaimed' },
} as const satisfies Record<string, { tone: Tone; label: `admin.status.${string}` }>;

function known(status: string): status is keyof typeof STATUSES {
  return Object.hasOwn(STATUSES, status);
}

/** A status the API names (`active`, `pending`…) in the page's language; an unknown one as the API wrote it. */
export function statusWord(t: AdminTranslate, status: string): string {
  return known(status) ? t(STATUSES[status].label) : status;
}

/**
 * A status in words, coloured by what it means for staff (the word carries it; colour only helps). A status the
 * console has no word for shows as the API wrote it.
 */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const t = useT();
  const entry = known(status) ? STATUSES[status] : undefined;
  const tone: Tone = entry?.tone ?? 'neutral';
  return <span className={`${styles.badge} ${styles[tone]}`}>{label ?? (entry ? t(entry.label) : status)}</span>;
}
