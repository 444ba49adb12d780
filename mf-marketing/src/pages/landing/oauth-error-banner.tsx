import { useEffect, useState } from 'react';
import { ERROR_BANNER_MS } from '@rewards/shared/constants';
import { useLocation, useNavigate } from '@rewards/shared/router';
import { useT } from '../../messages';
import { OAUTH_ERROR_PARAM, oauthErrorKey, type OauthErrorKey, withoutOauthError } from './oauth-error';
import styles from './oauth-error-banner.module.css';

/**
 * Spec §2 Home page: the `error` parameter is read once on load, removed from the address (other parameters
 * kept), and its message shows top right for 5 s.
 */
export function OauthErrorBanner() {
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const [message, setMessage] = useState<OauthErrorKey | null>(() => {
    const code = new URLSearchParams(location.search).get(OAUTH_ERROR_PARAM);
    return code === null ? null : oauthErrorKey(code);
  });

  useEffect(() => {
    if (!new URLSearchParams(location.search).has(OAUTH_ERROR_PARAM)) return;
    navigate({ pathname: location.pathname, search: withoutOauthError(location.search), hash: location.hash }, { replace: true });
    // Read once on load: the address as it was when the page opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately no dependencies, see above
  }, []);

  useEffect(() => {
    if (!message) return undefined;
    const timer = setTimeout(() => setMessage(null), ERROR_BANNER_MS);
    return () => clearTimeout(timer);
  }, [message]);

  if (!message) return null;
  return (
    <div className={styles.banner} role="alert">
      <span className={styles.icon} aria-hidden="true">
        !
      </span>
      <p className={styles.text}>{t(message)}</p>
      <button type="button" className={styles.close} aria-label={t('landing.oauthError.dismiss')} onClick={() => setMessage(null)}>
        ×
      </button>
    </div>
  );
}
