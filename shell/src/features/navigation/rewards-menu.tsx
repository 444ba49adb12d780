import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from '@rewards/shared/router';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { openInvite } from '@rewards/shared/store/ui-slice';
import { PATHS, isUnderPath } from '@rewards/shared/paths';
import { useDismiss } from '@rewards/shared/ui/use-dismiss';
import { ChevronDownIcon } from './nav-icons';
import styles from './rewards-menu.module.css';

/** The desktop "Rewards" dropdown: Quests, Leaderboard, Missing credits, Invite friends (spec §2 Navigation; issue 29). */
export function RewardsMenu() {
  const [open, setOpen] = useState(false);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const active = isUnderPath(pathname, PATHS.quests) || isUnderPath(pathname, PATHS.leaderboard);

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
          <li role="none">
            <Link role="menuitem" to={PATHS.quests} className={styles.item} onClick={() => close(false)}>
              Quests
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to={PATHS.leaderboard} className={styles.item} onClick={() => close(false)}>
              Leaderboard
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to={PATHS.tickets} className={styles.item} onClick={() => close(false)}>
              Missing credits
            </Link>
          </li>
          <li role="none">
            <button
              role="menuitem"
              type="button"
              className={styles.item}
              onClick={() => {
                close(true);
                dispatch(openInvite());
              }}
            >
              Invite friends
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
