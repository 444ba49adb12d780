import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';
import { formatSmallNumber } from '@rewards/shared/rules/plain-number';
import { useT } from '../../messages';
import styles from './profile.module.css';

type Props = { user: UserProfile };

/** The user's figures: earnings in dollars, offers and referrals as counts. */
export function StatsCard({ user }: Props) {
  const t = useT();
  const locale = getDisplayLocale();
  // A count under 1,000 without ICU, whose start would hold up the Profile's first render (formatSmallNumber).
  const count = (value: number | undefined | null) => formatSmallNumber(value ?? 0, locale, { maximumFractionDigits: 3 }) ?? (value ?? 0).toLocaleString(locale);
  const stats = [
    { label: t('profile.stats.total'), value: formatDollars(user.total_earnings), money: true },
    { label: t('profile.stats.last30'), value: formatDollars(user.earnings_last_30_days), money: true },
    { label: t('profile.stats.offers'), value: count(user.completed_offers), money: false },
    { label: t('profile.stats.referrals'), value: count(user.referrals_count), money: false },
  ];
  return (
    <section className={styles.card} aria-labelledby="profile-stats-title">
      <h2 id="profile-stats-title" className={styles.cardTitle}>
        {t('profile.stats.title')}
      </h2>
      <dl className={styles.stats}>
        {stats.map(({ label, value, money }) => (
          <div key={label} className={styles.stat}>
            <dt className={styles.statLabel}>{label}</dt>
            <dd className={`${styles.statValue} ${money ? `${styles.moneyValue} money` : ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
