import styles from './status-badge.module.css';

export type Tone = 'good' | 'warn' | 'bad' | 'neutral';

const TONES: Record<string, Tone> = {
  active: 'good',
  done: 'good',
  paid: 'good',
  credited: 'good',
  accepted: 'good',
  approved: 'good',
  answered: 'neutral',
  awaiting: 'warn',
  pending: 'warn',
  sending: 'neutral',
  duplicate: 'neutral',
  ignored: 'neutral',
  blocked: 'bad',
  failed: 'bad',
  rejected: 'bad',
  declined: 'bad',
  reversed: 'bad',
  refused: 'bad',
  malformed: 'bad',
  returned: 'bad',
  unclaimed: 'warn',
};

/** A status in words, coloured by what it means for staff (the word carries it; colour only helps). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const tone = TONES[status] ?? 'neutral';
  return <span className={`${styles.badge} ${styles[tone]}`}>{label ?? status}</span>;
}
