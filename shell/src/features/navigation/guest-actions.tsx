import { useAppDispatch } from '@rewards/shared/store/hooks';
import { openAuth } from '@rewards/shared/store/ui-slice';
import { useT } from '../../messages';
import styles from './guest-actions.module.css';

/** Sign in and Sign up for visitors (spec §2, §6); a phone keeps Sign in only. */
export function GuestActions() {
  const t = useT();
  const dispatch = useAppDispatch();
  return (
    <div className={styles.actions}>
      <button type="button" className={styles.signIn} onClick={() => dispatch(openAuth('signin'))}>
        {t('nav.signIn')}
      </button>
      <button type="button" className={`pill-button ${styles.signUp}`} onClick={() => dispatch(openAuth('signup'))}>
        {t('nav.signUp')}
      </button>
    </div>
  );
}
