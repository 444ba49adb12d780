import { Link } from '@rewards/shared/router';
import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { formatDollars } from '@rewards/shared/rules/money';
import { PATHS } from '@rewards/shared/paths';
import { CoinMark } from '../../components/coin-mark';
import { NotificationBell } from './notification-bell';
import { UserAvatar } from './user-avatar';
import { firstName } from '@rewards/shared/rules/user-display';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import { useT } from '../../messages';
import styles from './account-summary.module.css';

type Props = { user: UserProfile };

/** Balance, notifications and the profile link of a signed-in user (spec §2 Navigation). */
export function AccountSummary({ user }: Props) {
  // Held credits are not in the balance (they cannot be cashed out yet) but are the user's: shown beside it.
  const t = useT();
  const pending =
    user.pending_wallet && Number(user.pending_wallet) > 0 ? t('account.balance.pending', { amount: formatDollars(user.pending_wallet) }) : undefined;
  return (
    <div className={styles.summary}>
      <Link to={PATHS.cashout} className={styles.balance} title={pending}>
        <CoinMark size={20} />
        <span className={visuallyHidden}>{t('account.balance.label')} </span>
        <span className={styles.amounts}>
          <span className={styles.amount}>{formatDollars(user.wallet)}</span>
          {pending && <span className={styles.pending}>{pending}</span>}
        </span>
      </Link>
      <NotificationBell unread={user.unread_notifications} />
      <Link to={PATHS.profile} className={styles.profile}>
        <UserAvatar user={user} />
        <span className={styles.name}>{firstName(user)}</span>
      </Link>
    </div>
  );
}
