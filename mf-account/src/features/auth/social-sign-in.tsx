import { getApiBase } from '@rewards/shared/api/base-query';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import { GoogleMark, SteamMark } from '../../ui/icons';
import styles from './auth.module.css';

/** Google (a full-page visit to the API, which redirects to the provider) and Steam (shown, no action yet), then "OR". */
export function SocialSignIn() {
  return (
    <>
      <div className={styles.social}>
        <a className={styles.socialButton} href={`${getApiBase()}/auth/google/redirect`}>
          <GoogleMark />
          <span className={visuallyHidden}>Sign in with </span>Google
        </a>
        <button type="button" className={styles.socialButton} title="Steam sign-in is coming soon">
          <SteamMark />
          <span className={visuallyHidden}>Sign in with </span>Steam
        </button>
      </div>
      <div className={styles.divider}>
        <span>OR</span>
      </div>
    </>
  );
}
