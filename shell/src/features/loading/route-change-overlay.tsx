import { CoinMark } from '../../components/coin-mark';
import { useT } from '../../messages';
import styles from './route-change-overlay.module.css';
import { useRouteChangeLoading } from './use-route-change-loading';

/** The short loading overlay of each route change; it never takes focus. */
export function RouteChangeOverlay() {
  const t = useT();
  const loading = useRouteChangeLoading();
  if (!loading) return null;
  return (
    <div className={styles.overlay} role="status" aria-label={t('loading.page')}>
      <CoinMark size={44} className={styles.coin} />
    </div>
  );
}
