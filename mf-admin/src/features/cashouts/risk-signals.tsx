import type { RiskSignal } from '@rewards/shared/contracts/admin-types';
import styles from './cashouts-page.module.css';

function shown(value: RiskSignal['value']): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** The user's risk signals in the API's order, those that call for a look marked in words ("warning"), not colour alone. */
export function RiskSignals({ signals }: { signals: readonly RiskSignal[] }) {
  return (
    <ul className={styles.signals}>
      {signals.map((signal) => (
        <li key={signal.key} className={signal.warn ? styles.warnSignal : undefined}>
          {signal.warn ? <span className={styles.warnMark}>warning: </span> : null}
          {signal.label}: <strong>{shown(signal.value)}</strong>
        </li>
      ))}
    </ul>
  );
}
