import { useT } from '../messages';
import styles from './page-skeleton.module.css';

/** Holds the content area's place while a remote's page loads. */
export function PageSkeleton() {
  const t = useT();
  return (
    <div className={styles.skeleton} aria-busy="true" aria-label={t('loading.content')}>
      <div className={styles.heading} />
      <div className={styles.row} />
      <div className={styles.row} />
    </div>
  );
}
