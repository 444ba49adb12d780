import { Modal } from '@rewards/shared/ui/modal.tsx';
import { useT } from '../../messages';
import type { PartnerWall } from './partners';
import { storedUserId, wallAddress } from './wall-address';
import styles from './partner-walls.module.css';

/**
 * The wall runs sandboxed: scripts, forms and popups (offers open in new tabs) but no same-origin
 * access, since the wall is served from our own origin and must not reach the user's session.
 */
const WALL_SANDBOX = 'allow-scripts allow-forms allow-popups';

export function PartnerWallModal({ partner, onClose }: { partner: PartnerWall; onClose: () => void }) {
  const t = useT();
  const address = wallAddress(partner.slug, storedUserId());
  return (
    <Modal
      title={partner.name}
      size="wide"
      onClose={onClose}
      actions={
        <button
          type="button"
          className={styles.openPage}
          onClick={() => window.open(address, '_blank', 'noopener,noreferrer')}
        >
          {t('walls.modal.openPage')}
        </button>
      }
    >
      <iframe
        className={styles.wall}
        src={address}
        title={t('walls.modal.frameTitle', { name: partner.name })}
        sandbox={WALL_SANDBOX}
        referrerPolicy="no-referrer"
      />
    </Modal>
  );
}
