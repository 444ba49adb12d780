import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { TwoFactorSetting as Setting } from '@rewards/shared/contracts/api-types';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import type { TwoFactorFlowName } from './two-factor-flow';
import styles from './two-factor-setting.module.css';

// The steps (forms, QR code, recovery codes) load when one opens, not with Settings.
const TwoFactorFlow = lazy(() => import('./two-factor-flow'));

const METHOD_NAMES: Record<Exclude<Setting, 'off'>, string> = { totp: 'Authenticator app', email: 'Email codes' };

/**
 * Settings' "Two-factor authentication" (issue 31): turn on with an authenticator app or email codes, or off.
 * Loaded as Settings opens (see two-factor-setting.tsx); the steps load when one opens.
 */
export default function TwoFactorSection() {
  const user = useAppSelector(selectUser);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [flow, setFlow] = useState<TwoFactorFlowName | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const leftStatus = useRef(false);

  // Back from a step, the focus goes to the section's heading (the step's controls are gone).
  useEffect(() => {
    if (flow) leftStatus.current = true;
    else if (leftStatus.current) headingRef.current?.focus();
  }, [flow]);

  if (!user) return null;
  // A server from before two-factor sends no setting: off.
  const setting: Setting = user.two_factor ?? 'off';
  const open = (next: TwoFactorFlowName) => {
    setNotice(null);
    setFlow(next);
  };

  return (
    <section className={styles.twoFactor} aria-labelledby={headingId}>
      <div className={styles.titleRow}>
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          Two-factor authentication
        </h3>
        <span className={setting === 'off' ? styles.badgeOff : styles.badgeOn}>{setting === 'off' ? 'Off' : 'On'}</span>
      </div>
      {/* Always there, so the news of a change is announced when it appears. */}
      <p className={styles.notice} role="status">
        {flow ? null : notice}
      </p>
      {flow ? (
        <Suspense fallback={<p className={styles.text}>Loading...</p>}>
          <TwoFactorFlow
            flow={flow}
            setting={setting}
            email={user.email}
            hasPassword={user.has_password}
            onFinished={(news) => {
              setNotice(news);
              setFlow(null);
            }}
          />
        </Suspense>
      ) : setting === 'off' ? (
        <>
          <p className={styles.text}>
            Add a second step to signing in: after your password, a 6-digit code from an authenticator app on your phone, or one we email you.
          </p>
          <div className={styles.choices}>
            <button type="button" className={`outline-button ${styles.choice}`} onClick={() => open('totp')}>
              Authenticator app
            </button>
            <button type="button" className={`outline-button ${styles.choice}`} onClick={() => open('email')}>
              Email codes
            </button>
          </div>
        </>
      ) : (
        <>
          <p className={styles.text}>
            On with <strong className={styles.method}>{METHOD_NAMES[setting]}</strong>:{' '}
            {setting === 'totp' ? 'each sign-in asks for a code from your authenticator app (or a recovery code).' : 'each sign-in asks for a code we email you.'}
          </p>
          <button type="button" className={`outline-button ${styles.choice}`} onClick={() => open('turn-off')}>
            Turn off
          </button>
        </>
      )}
    </section>
  );
}
