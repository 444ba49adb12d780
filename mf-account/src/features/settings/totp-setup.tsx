import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TotpSetupResult as TotpSecret } from '@rewards/shared/contracts/api-types';
import { CodeField, isCompleteCode } from '../../ui/code-field';
import { FormMessage } from '../../ui/form-message';
import form from '../../ui/form.module.css';
import { QrCodeImage } from './qr-code-image';
import { StepHeading } from './step-heading';
import { useT } from '../../messages';
import { useTwoFactorErrorText, useEnableTotpMutation, useStartTotpSetupMutation } from './two-factor-api';
import styles from './two-factor-flow.module.css';

type Props = {
  /** Turned on: the recovery codes to show once. */
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
};

type Secret = { state: 'loading' } | { state: 'ready'; setup: TotpSecret } | { state: 'failed'; message: string };

/** The key in groups of four, easier to type into an app by hand. */
export function groupedKey(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Authenticator app: a new secret as a QR code and as text, confirmed by a code the app shows. */
export function TotpSetup({ onEnabled, onCancel }: Props) {
  const t = useT();
  const twoFactorErrorText = useTwoFactorErrorText();
  const [startSetup] = useStartTotpSetupMutation();
  const [secret, setSecret] = useState<Secret>({ state: 'loading' });
  const requested = useRef(false);

  function requestSecret() {
    startSetup()
      .unwrap()
      .then(
        (setup) => setSecret({ state: 'ready', setup }),
        (error: unknown) => setSecret({ state: 'failed', message: twoFactorErrorText(error, t('twoFactor.app.startFailed')) }),
      );
  }

  useEffect(() => {
    // Once per opening (a development double mount would make a second secret).
    if (requested.current) return;
    requested.current = true;
    requestSecret();
  });

  return (
    <div className={styles.step}>
      <StepHeading>{t('twoFactor.app.title')}</StepHeading>
      {secret.state === 'loading' ? (
        <p className={styles.text} role="status">
          {t('twoFactor.app.preparing')}
        </p>
      ) : null}
      {secret.state === 'failed' ? (
        <>
          <FormMessage message={secret.message} />
          <button
            type="button"
            className={`outline-button ${form.secondary}`}
            onClick={() => {
              setSecret({ state: 'loading' });
              requestSecret();
            }}
          >
            {t('common.tryAgain')}
          </button>
        </>
      ) : null}
      {secret.state === 'ready' ? <ConfirmTotp setup={secret.setup} onEnabled={onEnabled} /> : null}
      <button type="button" className={form.backLink} onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}

function ConfirmTotp({ setup, onEnabled }: { setup: TotpSecret; onEnabled: (recoveryCodes: string[]) => void }) {
  const t = useT();
  const twoFactorErrorText = useTwoFactorErrorText();
  const [enableTotp, { isLoading }] = useEnableTotpMutation();
  const hintId = useId();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code) || isLoading) return;
    setMessage(null);
    try {
      const enabled = await enableTotp({ code }).unwrap();
      onEnabled(enabled.recovery_codes);
    } catch (error) {
      setMessage(twoFactorErrorText(error, t('common.invalidCode')));
      setCode('');
    }
  }

  return (
    <form className={styles.stepForm} onSubmit={submit} noValidate>
      <p className={styles.text}>{t('twoFactor.app.scan')}</p>
      <QrCodeImage text={setup.otpauth_url} label={t('twoFactor.app.qrLabel')} loadingLabel={t('twoFactor.app.qrLoading')} />
      <p className={styles.text}>{t('twoFactor.app.cantScan')}</p>
      <code className={styles.key} translate="no">
        {groupedKey(setup.secret)}
      </code>
      <p id={hintId} className={styles.text}>
        {t('twoFactor.app.enterCode')}
      </p>
      <CodeField label={t('twoFactor.app.codeLabel')} value={code} onChange={setCode} describedBy={hintId} invalid={message !== null} />
      <FormMessage message={message} />
      <button type="submit" className={`pill-button ${form.primary}`} disabled={isLoading || !isCompleteCode(code)}>
        {isLoading ? t('common.turningOn') : t('common.turnOn')}
      </button>
    </form>
  );
}
