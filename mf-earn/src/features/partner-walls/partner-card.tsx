import type { CSSProperties } from 'react';
import { useT } from '../../messages';
import { LockIcon } from '../../ui/lock-icon';
import type { PartnerWall } from './partners';
import styles from './partner-walls.module.css';

type Props = {
  partner: PartnerWall;
  locked: boolean;
  /** What kind of wall it is, under the wordmark ("Offer wall", "Survey wall"). */
  caption: string;
  onOpen: (partner: PartnerWall) => void;
};

/** A partner's card in its own colours and glow; a locked one is blurred and says which level opens it. */
export function PartnerCard({ partner, locked, caption, onOpen }: Props) {
  const t = useT();
  const colours = { '--partner-bg': partner.background, '--partner-glow': partner.glow } as CSSProperties;
  const level = partner.levelRequired;
  return (
    <button
      type="button"
      className={locked ? `${styles.card} ${styles.locked}` : styles.card}
      style={colours}
      aria-disabled={locked || undefined}
      aria-label={locked ? t('walls.card.lockedLabel', { name: partner.name, level }) : t('walls.card.open', { name: partner.name })}
      onClick={() => {
        if (!locked) onOpen(partner);
      }}
    >
      <span className={styles.logo}>
        <img src={partner.image} alt="" width={240} height={80} loading="lazy" decoding="async" draggable={false} />
      </span>
      <span className={styles.cardTitle}>{caption}</span>
      {locked ? (
        <span className={styles.lockOverlay} aria-hidden="true">
          <LockIcon className={styles.lockIcon} size={20} />
          {t('walls.card.levelRequired', { level })}
        </span>
      ) : null}
    </button>
  );
}
