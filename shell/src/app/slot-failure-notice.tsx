import styles from './slot-failure-notice.module.css';

type Props = { label: string; onRetry: () => void; onClose: () => void };

/** The small, dismissible notice of a remote module that could not load; the page around it keeps working. */
export function SlotFailureNotice({ label, onRetry, onClose }: Props) {
  return (
    <div className={styles.notice} role="alert">
      <p className={styles.text}>{label} is temporarily unavailable. Please try again in a moment.</p>
      <div className={styles.actions}>
        <button type="button" className={styles.retry} onClick={onRetry}>
          Retry
        </button>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Dismiss">
          ×
        </button>
      </div>
    </div>
  );
}
