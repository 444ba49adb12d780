import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { levelBalance, levelProgress } from '@rewards/shared/rules/level';
import { avatarLetter, avatarUrl } from '@rewards/shared/rules/user-display';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { openSettings } from '@rewards/shared/store/ui-slice';
import { GearIcon } from '../../ui/icons';
import { LevelBar } from './level-bar';
import { useT } from '../../messages';
import styles from './profile.module.css';

type Props = { user: UserProfile };

/** Avatar (picture, else the name's first letter, else "U"), name, email, Settings, and the level bar. */
export function UserCard({ user }: Props) {
  const t = useT();
  const dispatch = useAppDispatch();
  const picture = avatarUrl(user);
  return (
    <section className={`${styles.card} ${styles.userCard}`} aria-label={t('profile.account.label')}>
      <div className={styles.identity}>
        {picture ? (
          <img className={styles.avatar} src={picture} alt="" width={64} height={64} />
        ) : (
          <span className={`${styles.avatar} ${styles.avatarLetter}`} data-testid="avatar-letter" aria-hidden="true">
            {avatarLetter({ name: user.name, email: '' })}
          </span>
        )}
        <div className={styles.who}>
          <p className={styles.name}>{user.name?.trim() || t('profile.account.noName')}</p>
          <p className={styles.email}>{user.email?.trim() || t('profile.account.noEmail')}</p>
        </div>
        <button type="button" className={`outline-button ${styles.settingsButton}`} onClick={() => dispatch(openSettings())}>
          <GearIcon />
          {t('profile.account.settings')}
        </button>
      </div>
      <LevelBar progress={levelProgress(levelBalance(user))} />
    </section>
  );
}
