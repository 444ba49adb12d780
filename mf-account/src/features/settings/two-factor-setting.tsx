import { useEffect, useId, useRef, useState } from 'react';
import type { TwoFactorSetting as Setting } from '@rewards/shared/contracts/api-types';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { EmailCodesSetup } from './email-codes-setup';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { TurnOffTwoFactor } from './turn-off-two-factor';
import styles from './two-factor.module.css';

type View = 'status' | 'totp' | 'email' | 'codes' | 'turn-off';

export const TWO_FACTOR_NOTICES = {
  totpOn: 'Two-factor authentication is on: at each sign-in we ask for a code from your authenticator app.',
  emailOn: 'Two-factor authentication is on: at each sign-in we email you a code.',
  off: 'Two-factor authentication is off.',
} as const;

const METHOD_NAMES: Record<Exclude<Setting, 'off'>, string> = { totp: 'Authenticator app', email: 'Email codes' };

/** Settings' "Two-factor authentication" (issue 31): turn on with an authenticator app or email codes, or off. */
export function TwoFactorSetting() {
  const user = useAppSelector(selectUser);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [view, setView] = useState<View>('status');
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const leftStatus = useRef(false);

  // Back from a step, the focus goes to the section's heading (the step's controls are gone).
  useEffect(() => {
    if (view !== 'status') leftStatus.current = true;
    else if (leftStatus.current) headingRef.current?.focus();
  }, [view]);

  if (!user) return null;
  // A server from before two-factor sends no setting: off.
  const setting: Setting = user.two_factor ?? 'off';
  const show = (next: View, message: string | null = null) => {
    setNotice(message);
    setView(next);
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
        {view === 'status' ? notice : null}
      </p>
      {view === 'status' && setting === 'off' ? (
        <>
          <p className={styles.text}>
            Add a second step to signing in: after your password, a 6-digit code from an authenticator app on your phone, or one we email you.
          </p>
          <div className={styles.choices}>
            <button type="button" className={`outline-button ${styles.choice}`} onClick={() => show('totp')}>
              Authenticator app
            </button>
            <button type="button" className={`outline-button ${styles.choice}`} onClick={() => show('email')}>
              Email codes
            </button>
          </div>
        </>
      ) : null}
      {view === 'status' && setting !== 'off' ? (
        <>
          <p className={styles.text}>
            On with <strong className={styles.method}>{METHOD_NAMES[setting]}</strong>:{' '}
            {setting === 'totp' ? 'each sign-in asks for a code from your authenticator app (or a recovery code).' : 'each sign-in asks for a code we email you.'}
          </p>
          <button type="button" className={`outline-button ${styles.choice}`} onClick={() => show('turn-off')}>
            Turn off
          </button>
        </>
      ) : null}
      {view === 'totp' ? (
        <TotpSetup
          onEnabled={(codes) => {
            setRecoveryCodes(codes);
            show('codes');
          }}
          onCancel={() => show('status')}
        />
      ) : null}
      {view === 'email' ? <EmailCodesSetup email={user.email} onEnabled={() => show('status', TWO_FACTOR_NOTICES.emailOn)} onCancel={() => show('status')} /> : null}
      {view === 'codes' ? (
        <RecoveryCodes
          codes={recoveryCodes}
          email={user.email}
          onDone={() => {
            setRecoveryCodes([]);
            show('status', TWO_FACTOR_NOTICES.totpOn);
          }}
        />
      ) : null}
      {view === 'turn-off' && setting !== 'off' ? (
        <TurnOffTwoFactor
          method={setting}
          hasPassword={user.has_password !== false}
          onTurnedOff={() => show('status', TWO_FACTOR_NOTICES.off)}
          onCancel={() => show('status')}
        />
      ) : null}
    </section>
  );
}
