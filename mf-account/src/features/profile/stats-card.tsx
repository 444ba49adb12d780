import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { formatDollars } from '@rewards/shared/rules/money';
import styles from './profile.module.css';

type Props = { user: UserProfile };

/** The user's figures: earnings in dollars, offers and referrals as counts. */
export function StatsCard({ user }: Props) {
  const stats = [
    { label: 'Total earnings', value: formatDollars(user.total_earnings), money: true },
    { label: 'Last 30 days', value: formatDollars(user.earnings_last_30_days), money: true },
    { label: 'Completed offers', value: String(user.completed_offers ?? 0), money: false },
    { label: 'Referrals', value: String(user.referrals_count ?? 0), money: false },
  ];
  return (
    <section className={styles.card} aria-labelledby="profile-stats-title">
      <h2 id="profile-stats-title" className={styles.cardTitle}>
        Your stats
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
