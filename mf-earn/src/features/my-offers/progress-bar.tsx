import { formatNumber } from '../../ui/formats';
import styles from './my-offers.module.css';

/** A labelled 0–100 % bar with its number beside it. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <span className={styles.progress}>
      <span
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <span className={styles.progressFill} style={{ width: `${value}%` }} />
      </span>
      <span className={styles.progressValue}>{formatNumber(value / 100, 'percent')}</span>
    </span>
  );
}
