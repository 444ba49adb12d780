import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Embed } from '@rewards/shared/ui/embed.tsx';
// mf-cashout's published types (dist/@mf-types): its components' props, checked where they are mounted.
import type * as EarningsHistory from 'mf_cashout/earnings-history';
import type * as WithdrawalsPanel from 'mf_cashout/withdrawals-panel';
import { OffersInProgress } from './offers-in-progress';
import { useT } from '../../messages';
import styles from './profile.module.css';

/** Spec §4: the profile tab is inProgress (default) or withdrawals; issue 29 adds the earnings history. */
export type ProfileTab = 'inProgress' | 'history' | 'withdrawals';

const TABS = [
  { id: 'inProgress', label: 'profile.tabs.inProgress' },
  { id: 'history', label: 'profile.tabs.history' },
  { id: 'withdrawals', label: 'profile.tabs.withdrawals' },
] as const satisfies ReadonlyArray<{ id: ProfileTab; label: string }>;

// About the heights of mf-cashout's panels, so the tab does not jump when one arrives.
const WITHDRAWALS_HEIGHT_PX = 360;
const HISTORY_HEIGHT_PX = 420;

/**
 * Accessible tabs: arrows, Home and End move between them; only the chosen panel is rendered. The
 * Earnings history and Withdrawals tabs are mf-cashout's, loaded through federation when opened.
 */
export function ProfileTabs() {
  const t = useT();
  const [active, setActive] = useState<ProfileTab>('inProgress');
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (tab: ProfileTab) => `${baseId}-tab-${tab}`;
  const panelId = (tab: ProfileTab) => `${baseId}-panel-${tab}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const current = TABS.findIndex((tab) => tab.id === active);
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: TABS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = (target + TABS.length) % TABS.length;
    setActive(TABS[index]!.id);
    tabRefs.current[index]?.focus();
  };

  return (
    <section className={styles.tabsSection}>
      <div role="tablist" aria-label={t('profile.tabs.label')} className={styles.tabList} onKeyDown={onKeyDown}>
        {TABS.map(({ id, label }, index) => (
          <button
            key={id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(id)}
            aria-selected={active === id}
            aria-controls={panelId(id)}
            tabIndex={active === id ? 0 : -1}
            className={styles.tab}
            onClick={() => setActive(id)}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(active)} aria-labelledby={tabId(active)} className={styles.panel}>
        {active === 'inProgress' ? (
          <OffersInProgress />
        ) : active === 'history' ? (
          <Embed<typeof EarningsHistory> name="earningsHistory" props={{}} label={t('profile.tabs.history')} minHeight={HISTORY_HEIGHT_PX} />
        ) : (
          <Embed<typeof WithdrawalsPanel> name="withdrawalsPanel" props={{}} label={t('profile.tabs.withdrawals')} minHeight={WITHDRAWALS_HEIGHT_PX} />
        )}
      </div>
    </section>
  );
}
