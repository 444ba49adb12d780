import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { TwoFactorSetting as Setting } from '@rewards/shared/contracts/api-types';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import type { TwoFactorFlowName } from './two-factor-flow';
import { useT } from '../../messages';
import styles from './two-factor-setting.module.css';

// The steps (forms, QR code, recovery codes) load when one opens, not with Settings.
const TwoFactorFlow = lazy(() => import('./two-factor-flow'));

const ON_WITH = { totp: 'twoFactor.onWithApp', email: 'twoFactor.onWithEmail' } as const;

/**
 * Settings' "Two-factor authentication" (issue 31): turn on with an authenticator app or email codes, or off.
 * Loaded as Settings opens (see two-factor-setting.tsx); the steps load when one opens.
 */
export default function TwoFactorSection() {
  const t = useT();
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
          {t('twoFactor.title')}
        </h3>
        <span className={setting === 'off' ? styles.badgeOff : styles.badgeOn}>{setting === 'off' ? t('twoFactor.off') : t('twoFactor.on')}</span>
      </div>
      {/* Always there, so the news of a change is announced when it appears. */}
      <p className={styles.notice} role="status">
        {flow ? null : notice}
      </p>
      {flow ? (
        <Suspense fallback={<p className={styles.text}>{t('common.loading')}</p>}>
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
            {t('twoFactor.intro')}
          </p>
          <div className={styles.choices}>
            <button type="button" className={`outline-button ${styles.choice}`} onClick={() => open('totp')}>
              {t('twoFactor.app')}
            </button>
            <button type="button" className={`outline-button ${styles.choice}`} onClick={() => open('email')}>
              {t('twoFactor.emailCodes')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className={styles.text}>
            {t.rich(ON_WITH[setting], { method: (chunks: ReactNode[]) => <strong className={styles.method}>{chunks}</strong> })}
          </p>
          <button type="button" className={`outline-button ${styles.choice}`} onClick={() => open('turn-off')}>
            {t('twoFactor.turnOff')}
          </button>
        </>
      )}
    </section>
  );
}
