import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from '@rewards/shared/router';
import { isUnderPath } from '@rewards/shared/paths';
import { ModuleLoader } from '@rewards/shared/ui/module-loader.tsx';
import { useDismiss } from '@rewards/shared/ui/use-dismiss';
import { REWARDS_PAGES } from '../../components/rewards-pages';
import { ChevronDownIcon } from './nav-icons';
import { useT } from '../../messages';
import styles from './rewards-menu.module.css';

// The opened list comes with the first opening (a pointer on the button fetches it already): no page's first load
// carries it, nor the staff console's item in it.
const loadRewardsMenuList = () => import('./rewards-menu-list');

/** The desktop "Rewards" dropdown: Quests, Leaderboard, Missing credits, Invite friends (spec §2 Navigation; issue 29), and for staff the console. */
export function RewardsMenu() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
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

  const openAndFocus = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(event.key === 'ArrowDown' ? 0 : -1);
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
        onPointerEnter={() => void loadRewardsMenuList().catch(() => undefined)}
        onClick={() => (open ? close(false) : openAndFocus(0))}
        onKeyDown={onButtonKeyDown}
      >
        {t('nav.rewards')}
        <ChevronDownIcon className={open ? styles.chevronOpen : styles.chevron} />
      </button>
      {open && (
        <ModuleLoader logAs="The Rewards menu" load={loadRewardsMenuList} loading={null} failure={() => null}>
          {({ RewardsMenuList }) => <RewardsMenuList id={menuId} focusIndex={focusIndex} onClose={close} />}
        </ModuleLoader>
      )}
    </div>
  );
}
