import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { avatarLetter, avatarUrl } from '@rewards/shared/rules/user-display';
import styles from './user-avatar.module.css';

type Props = { user: Pick<UserProfile, 'name' | 'email' | 'image' | 'avatar'>; size?: number };

/** The user's picture, else the letter of spec §2. Decorative: the name next to it labels the link. */
export function UserAvatar({ user, size = 36 }: Props) {
  const url = avatarUrl(user);
  const dimensions = { width: size, height: size };
  if (url) return <img className={styles.avatar} src={url} alt="" style={dimensions} />;
  return (
    <span className={`${styles.avatar} ${styles.letter}`} style={{ ...dimensions, fontSize: size * 0.45 }} aria-hidden="true">
      {avatarLetter(user)}
    </span>
  );
}
