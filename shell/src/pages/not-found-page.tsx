import { Link, useNavigate } from '@rewards/shared/router';
import { PATHS } from '@rewards/shared/paths';
import { usePageMeta } from '../app/use-page-meta';
import { CoinMark } from '../components/coin-mark';
import { useT } from '../messages';
import styles from './not-found-page.module.css';

const HELPFUL_LINKS = [
  { to: PATHS.offers, label: 'tabs.offers' },
  { to: PATHS.myOffers, label: 'nav.myOffers' },
  { to: PATHS.profile, label: 'nav.rewards.profile' },
  { to: PATHS.cashout, label: 'nav.cashout' },
  { to: PATHS.faq, label: 'notFound.links.faq' },
  { to: PATHS.contact, label: 'notFound.links.contact' },
  { to: PATHS.aboutUs, label: 'notFound.links.aboutUs' },
  { to: PATHS.terms, label: 'notFound.links.terms' },
] as const;

/** Any path no remote owns, or that its owner does not know (spec §2, §8). */
export function NotFoundPage() {
  const t = useT();
  usePageMeta({ title: t('notFound.title'), description: t('notFound.meta.description'), noindex: true });
  const navigate = useNavigate();
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        4<CoinMark size={72} className={styles.coin} />4
      </p>
      <h1 id="not-found-title" className={styles.title}>
        {t('notFound.title')}
      </h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <div className={styles.actions}>
        <button type="button" className={`pill-button ${styles.primary}`} onClick={() => navigate(PATHS.home)}>
          {t('notFound.goHome')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => navigate(PATHS.offers)}>
          {t('notFound.browseOffers')}
        </button>
        <button type="button" className={styles.ghost} onClick={() => navigate(-1)}>
          {t('notFound.goBack')}
        </button>
      </div>
      <nav aria-label={t('notFound.links.label')}>
        <ul className={styles.links}>
          {HELPFUL_LINKS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to} className={styles.link}>
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
