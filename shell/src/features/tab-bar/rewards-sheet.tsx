import { useRef } from 'react';
import { Link } from '@rewards/shared/router';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { openInvite } from '@rewards/shared/store/ui-slice';
import { PATHS } from '@rewards/shared/paths';
import { useModalFocus } from '@rewards/shared/ui/use-modal-focus';
import styles from './rewards-sheet.module.css';

type Props = { onClose: () => void };

const LINKS = [
  { to: PATHS.profile, label: 'Profile' },
  { to: PATHS.quests, label: 'Quests' },
  { to: PATHS.leaderboard, label: 'Leaderboard' },
  { to: PATHS.tickets, label: 'Missing credits' },
] as const;

/** The Rewards submenu over the tab bar; closes on a choice, a tap outside it, or Escape. */
export function RewardsSheet({ onClose }: Props) {
  const dispatch = useAppDispatch();
  const panelRef = useRef<HTMLDivElement>(null);
  useModalFocus(panelRef, onClose);

  return (
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={panelRef} className={styles.panel} role="dialog" aria-modal="true" aria-label="Rewards">
        <ul className={styles.list}>
          {LINKS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to} className={styles.item} onClick={onClose}>
                {label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={styles.item}
              onClick={() => {
                onClose();
                dispatch(openInvite());
              }}
            >
              Invite friends
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
