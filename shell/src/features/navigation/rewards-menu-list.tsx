import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from '@rewards/shared/router';
import { InviteFriendsButton, StaffConsoleItem } from '../../components/rewards-group';
import { REWARDS_PAGES } from '../../components/rewards-pages';
import { useT } from '../../messages';
import styles from './rewards-menu.module.css';

type Props = {
  id: string;
  /** The item focused once the list is there: 0 the first, -1 the last. */
  focusIndex: number;
  /** `returnFocus`: give the focus back to the menu's button. */
  onClose: (returnFocus: boolean) => void;
};

/** The opened Rewards dropdown: its pages, Invite friends and, for staff, the console; arrows, Home and End move. */
export function RewardsMenuList({ id, focusIndex, onClose }: Props) {
  const t = useT();
  const listRef = useRef<HTMLUListElement>(null);
  const focusItem = (index: number) => {
    const items = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    items[(index + items.length) % items.length]?.focus();
  };
  // The item asked for when the menu opened; later moves are the keyboard's.
  const initialFocus = useRef(focusIndex);
  useEffect(() => focusItem(initialFocus.current), []);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: -1 };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusItem(target);
    } else if (event.key === 'Tab') {
      onClose(false);
    }
  };

  return (
    <ul ref={listRef} id={id} role="menu" aria-label={t('nav.rewards')} className={styles.list} onKeyDown={onKeyDown}>
      {REWARDS_PAGES.map(({ to, label }) => (
        <li key={to} role="none">
          <Link role="menuitem" to={to} className={styles.item} onClick={() => onClose(false)}>
            {t(label)}
          </Link>
        </li>
      ))}
      <li role="none">
        <InviteFriendsButton role="menuitem" className={styles.item} onChosen={() => onClose(true)} />
      </li>
      <StaffConsoleItem role="menuitem" className={styles.item} />
    </ul>
  );
}
