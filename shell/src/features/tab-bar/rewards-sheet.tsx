import { useRef } from 'react';
import { Link } from '@rewards/shared/router';
import { PATHS } from '@rewards/shared/paths';
import { useModalFocus } from '@rewards/shared/ui/use-modal-focus';
import { InviteFriendsButton, StaffConsoleItem } from '../../components/rewards-group';
import { REWARDS_PAGES } from '../../components/rewards-pages';
import { useT } from '../../messages';
import styles from './rewards-sheet.module.css';

type Props = { onClose: () => void };

/** Profile first: the Rewards tab stands for /Profile as well. */
const LINKS = [{ to: PATHS.profile, label: 'nav.rewards.profile' } as const, ...REWARDS_PAGES];

/** The Rewards submenu over the tab bar; closes on a choice, a tap outside it, or Escape. */
export function RewardsSheet({ onClose }: Props) {
  const t = useT();
  const panelRef = useRef<HTMLDivElement>(null);
  useModalFocus(panelRef, onClose);

  return (
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={panelRef} className={styles.panel} role="dialog" aria-modal="true" aria-label={t('nav.rewards')}>
        <ul className={styles.list}>
          {LINKS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to} className={styles.item} onClick={onClose}>
                {t(label)}
              </Link>
            </li>
          ))}
          <li>
            <InviteFriendsButton className={styles.item} onChosen={onClose} />
          </li>
          <StaffConsoleItem className={styles.item} />
        </ul>
      </div>
    </div>
  );
}
