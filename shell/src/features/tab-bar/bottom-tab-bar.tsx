import { useState } from 'react';
import { Link, useLocation } from '@rewards/shared/router';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectIsAuthenticated } from '@rewards/shared/store/session-slice';
import { PATHS } from '@rewards/shared/paths';
import { ModuleLoader } from '@rewards/shared/ui/module-loader.tsx';
import { activeTabFor, type TabId } from './active-tab';
import { TabIcon } from './tab-icons';
import { useT } from '../../messages';
import styles from './bottom-tab-bar.module.css';

// Opened by a tap on Rewards: its code comes then (a few hundred bytes), off every page's first load.
const loadRewardsSheet = () => import('./rewards-sheet');

const LINK_TABS = [
  // Message keys: the labels are in the page's language.
  { id: 'earn', to: PATHS.earn, label: 'tabs.earn' },
  { id: 'offers', to: PATHS.offers, label: 'tabs.offers' },
  { id: 'cashout', to: PATHS.cashout, label: 'tabs.cashout' },
  { id: 'my-offers', to: PATHS.myOffers, label: 'tabs.myOffers' },
] as const satisfies ReadonlyArray<{ id: Exclude<TabId, 'rewards'>; to: string; label: string }>;

/**
 * The signed-in phone and tablet tab bar (≤ 853 px, spec §2). The bar only exists on narrow screens,
 * so its Rewards tab always opens the submenu instead of going to /Profile directly.
 */
export function BottomTabBar() {
  const t = useT();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { pathname } = useLocation();
  const [sheetOpen, setSheetOpen] = useState(false);
  if (!signedIn) return null;
  const active = activeTabFor(pathname);
  const tabClass = (id: TabId) => `${styles.tab} ${active === id ? styles.active : ''}`;

  return (
    <>
      <nav className={styles.bar} aria-label={t('tabs.label')}>
        <ul className={styles.list}>
          {LINK_TABS.map(({ id, to, label }) => (
            <li key={id}>
              <Link
                to={to}
                className={tabClass(id)}
                aria-current={active === id ? 'page' : undefined}
                onClick={() => setSheetOpen(false)}
              >
                <TabIcon tab={id} className={styles.icon} />
                {t(label)}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={tabClass('rewards')}
              aria-haspopup="dialog"
              aria-expanded={sheetOpen}
              aria-current={active === 'rewards' ? 'page' : undefined}
              onClick={() => setSheetOpen((open) => !open)}
            >
              <TabIcon tab="rewards" className={styles.icon} />
              {t('nav.rewards')}
            </button>
          </li>
        </ul>
      </nav>
      {sheetOpen && (
        <ModuleLoader logAs="The Rewards submenu" load={loadRewardsSheet} loading={null} failure={() => null}>
          {({ RewardsSheet }) => <RewardsSheet onClose={() => setSheetOpen(false)} />}
        </ModuleLoader>
      )}
    </>
  );
}
