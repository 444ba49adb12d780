import styles from './page-skeleton.module.css';

/** Holds the content area's place while a remote's page loads. */
export function PageSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true" aria-label="Loading">
      <div className={styles.heading} />
      <div className={styles.row} />
      <div className={styles.row} />
    </div>
  );
}
