import { NavLink } from '@rewards/shared/router';
import { PATHS } from '@rewards/shared/paths';
import { RewardsMenu } from './rewards-menu';
import { useT } from '../../messages';
import styles from './main-links.module.css';

const LINKS = [
  { to: PATHS.earn, label: 'nav.earn' },
  { to: PATHS.cashout, label: 'nav.cashout' },
  { to: PATHS.myOffers, label: 'nav.myOffers' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) => `${styles.link} ${isActive ? styles.active : ''}`;

/** The signed-in desktop links (spec §2, §6); hidden on phones, where the bottom tab bar takes over. */
export function MainLinks() {
  const t = useT();
  return (
    <nav className={styles.nav} aria-label={t('nav.main.label')}>
      <ul className={styles.list}>
        {LINKS.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to} className={linkClass}>
              {t(label)}
            </NavLink>
          </li>
        ))}
        <li>
          <RewardsMenu />
        </li>
      </ul>
    </nav>
  );
}
