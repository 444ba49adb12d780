import { NavLink } from '@rewards/shared/router';
import { PATHS } from '@rewards/shared/paths';
import { RewardsMenu } from './rewards-menu';
import styles from './main-links.module.css';

const LINKS = [
  { to: PATHS.earn, label: 'Earn' },
  { to: PATHS.cashout, label: 'Cashout' },
  { to: PATHS.myOffers, label: 'My offers' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) => `${styles.link} ${isActive ? styles.active : ''}`;

/** The signed-in desktop links (spec §2, §6); hidden on phones, where the bottom tab bar takes over. */
export function MainLinks() {
  return (
    <nav className={styles.nav} aria-label="Main">
      <ul className={styles.list}>
        {LINKS.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to} className={linkClass}>
              {label}
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
