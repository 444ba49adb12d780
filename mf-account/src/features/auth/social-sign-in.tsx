import type { ReactNode } from 'react';
import { getApiBase } from '@rewards/shared/api/base-query';
import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import { GoogleMark, SteamMark } from '../../ui/icons';
import { useT } from '../../messages';
import styles from './auth.module.css';

/** Google (a full-page visit to the API, which redirects to the provider) and Steam (shown, no action yet), then "OR". */
export function SocialSignIn() {
  const t = useT();
  const hidden = (chunks: ReactNode[]) => <span className={visuallyHidden}>{chunks}</span>;
  return (
    <>
      <div className={styles.social}>
        <a className={styles.socialButton} href={`${getApiBase()}/auth/google/redirect`}>
          <GoogleMark />
          {t.rich('auth.social.google', { hidden })}
        </a>
        <button type="button" className={styles.socialButton} title={t('auth.social.steamSoon')}>
          <SteamMark />
          {t.rich('auth.social.steam', { hidden })}
        </button>
      </div>
      <div className={styles.divider}>
        <span>{t('auth.social.or')}</span>
      </div>
    </>
  );
}
