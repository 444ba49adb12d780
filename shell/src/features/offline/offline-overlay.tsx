import { useRef } from 'react';
import styles from './offline-overlay.module.css';
import { useOnlineStatus } from './use-online-status';
import { useModalFocus } from '@rewards/shared/ui/use-modal-focus';
import { useT } from '../../messages';

/** Spec §2/§8: the full-screen notice while the browser is offline; it leaves when the network is back. */
type Props = { onReload?: () => void };

const reloadPage = () => window.location.reload();

export function OfflineOverlay({ onReload = reloadPage }: Props) {
  const online = useOnlineStatus();
  if (online) return null;
  return <OfflineNotice onReload={onReload} />;
}

function OfflineNotice({ onReload }: Required<Props>) {
  const t = useT();
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef);
  return (
    <div className={styles.screen}>
      <div ref={dialogRef} className={styles.card} role="alertdialog" aria-modal="true" aria-labelledby="offline-text">
        <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path d="M6 18a26 26 0 0 1 36 0M12 25a17 17 0 0 1 24 0M18 32a8 8 0 0 1 12 0" />
          <circle cx="24" cy="38" r="2.5" />
          <path d="M8 8l32 32" className={styles.slash} />
        </svg>
        <p id="offline-text" className={styles.text}>
          <strong className={styles.title}>{t('offline.title')}</strong> {t('offline.text')}
        </p>
        <button type="button" className={`pill-button ${styles.reload}`} onClick={onReload}>
          {t('offline.reload')}
        </button>
      </div>
    </div>
  );
}
