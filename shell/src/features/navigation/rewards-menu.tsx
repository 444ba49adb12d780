import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from '@rewards/shared/router';
import { isUnderPath } from '@rewards/shared/paths';
import { useDismiss } from '@rewards/shared/ui/use-dismiss';
import { InviteFriendsButton, REWARDS_PAGES, StaffConsoleItem } from '../../components/rewards-group';
import { ChevronDownIcon } from './nav-icons';
import styles from './rewards-menu.module.css';

/** The desktop "Rewards" dropdown: Quests, Leaderboard, Missing credits, Invite friends (spec §2 Navigation; issue 29), and for staff the console. */
export function RewardsMenu() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const active = REWARDS_PAGES.some(({ to }) => isUnderPath(pathname, to));

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  useDismiss(containerRef, open, () => close(containerRef.current?.contains(document.activeElement) ?? false));

  const items = () => Array.from(containerRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const list = items();
    list[(index + list.length) % list.length]?.focus();
  };
  // The menu exists only once rendered: the item to focus waits for that.
  const pendingFocus = useRef<number | null>(null);
  const openAndFocus = (index: number) => {
    pendingFocus.current = index;
    setOpen(true);
  };
  useEffect(() => {
    if (!open || pendingFocus.current === null) return;
    focusItem(pendingFocus.current);
    pendingFocus.current = null;
  });

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(event.key === 'ArrowDown' ? 0 : -1);
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const current = items().indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: -1 };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusItem(target);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={containerRef} className={styles.menu}>
      <button
        ref={buttonRef}
        type="button"
        className={`${styles.trigger} ${active ? styles.active : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAndFocus(0))}
        onKeyDown={onButtonKeyDown}
      >
        Rewards
        <ChevronDownIcon className={open ? styles.chevronOpen : styles.chevron} />
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label="Rewards" className={styles.list} onKeyDown={onMenuKeyDown}>
          {REWARDS_PAGES.map(({ to, label }) => (
            <li key={to} role="none">
              <Link role="menuitem" to={to} className={styles.item} onClick={() => close(false)}>
                {label}
              </Link>
            </li>
          ))}
          <li role="none">
            <InviteFriendsButton role="menuitem" className={styles.item} onChosen={() => close(true)} />
          </li>
          <StaffConsoleItem role="menuitem" className={styles.item} />
        </ul>
      )}
    </div>
  );
}
