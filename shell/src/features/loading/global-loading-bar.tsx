import { selectRequestsInFlight } from '@rewards/shared/api/requests-in-flight';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { useT } from '../../messages';
import styles from './global-loading-bar.module.css';

/** A thin bar along the top while any API request of any remote is waiting for its answer. */
export function GlobalLoadingBar() {
  const t = useT();
  const busy = useAppSelector(selectRequestsInFlight);
  if (!busy) return null;
  return (
    <div className={styles.track} role="progressbar" aria-label={t('loading.data')}>
      <div className={styles.bar} />
    </div>
  );
}
