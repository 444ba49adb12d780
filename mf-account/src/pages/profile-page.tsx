import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { ProfileTabs } from '../features/profile/profile-tabs';
import { StatsCard } from '../features/profile/stats-card';
import { UserCard } from '../features/profile/user-card';
import { useT } from '../messages';
import styles from './profile-page.module.css';

/** /Profile (spec §2): who you are, your level and stats, your offers in progress and your withdrawals. */
export default function ProfilePage() {
  const t = useT();
  const user = useAppSelector(selectUser);
  return (
    <PageLayout title={t('profile.title')} lead={t('profile.lead')}>
      {user ? (
        <>
          <div className={styles.overview}>
            <UserCard user={user} />
            <StatsCard user={user} />
          </div>
          <ProfileTabs />
        </>
      ) : null}
    </PageLayout>
  );
}
