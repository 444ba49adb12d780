import { Link, useNavigate } from '@rewards/shared/router';
import { PATHS } from '@rewards/shared/paths';
import { usePageMeta } from '../app/use-page-meta';
import { CoinMark } from '../components/coin-mark';
import styles from './not-found-page.module.css';

const META = {
  title: 'Page not found',
  description: 'This page does not exist. Browse offers, cash out or read the FAQ instead.',
  noindex: true,
};

const HELPFUL_LINKS = [
  { to: PATHS.offers, label: 'Offers' },
  { to: PATHS.myOffers, label: 'My offers' },
  { to: PATHS.profile, label: 'Profile' },
  { to: PATHS.cashout, label: 'Cashout' },
  { to: PATHS.faq, label: 'FAQ' },
  { to: PATHS.contact, label: 'Contact' },
  { to: PATHS.aboutUs, label: 'About us' },
  { to: PATHS.terms, label: 'Terms' },
] as const;

/** Any path no remote owns, or that its owner does not know (spec §2, §8). */
export function NotFoundPage() {
  usePageMeta(META);
  const navigate = useNavigate();
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        4<CoinMark size={72} className={styles.coin} />4
      </p>
      <h1 id="not-found-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.text}>The page you are looking for does not exist or has moved. These might help:</p>
      <div className={styles.actions}>
        <button type="button" className={`pill-button ${styles.primary}`} onClick={() => navigate(PATHS.home)}>
          Go Home
        </button>
        <button type="button" className={styles.secondary} onClick={() => navigate(PATHS.offers)}>
          Browse Offers
        </button>
        <button type="button" className={styles.ghost} onClick={() => navigate(-1)}>
          Go Back
        </button>
      </div>
      <nav aria-label="Helpful links">
        <ul className={styles.links}>
          {HELPFUL_LINKS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to} className={styles.link}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
