import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TotpSetupResult as TotpSecret } from '@rewards/shared/contracts/api-types';
import { CodeField, isCompleteCode } from '../../ui/code-field';
import { FormMessage } from '../../ui/form-message';
import form from '../../ui/form.module.css';
import { QrCodeImage } from './qr-code-image';
import { StepHeading } from './step-heading';
import { twoFactorErrorMessage, useEnableTotpMutation, useStartTotpSetupMutation } from './two-factor-api';
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
  const [startSetup] = useStartTotpSetupMutation();
  const [secret, setSecret] = useState<Secret>({ state: 'loading' });
  const requested = useRef(false);

  function requestSecret() {
    startSetup()
      .unwrap()
      .then(
        (setup) => setSecret({ state: 'ready', setup }),
        (error: unknown) => setSecret({ state: 'failed', message: twoFactorErrorMessage(error, 'Two-factor setup could not start. Please try again.') }),
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
      <StepHeading>Set up your authenticator app</StepHeading>
      {secret.state === 'loading' ? (
        <p className={styles.text} role="status">
          Preparing your key...
        </p>
      ) : null}
      {secret.state === 'failed' ? (
        <>
          <FormMessage message={secret.message} tone="error" />
          <button
            type="button"
            className={`outline-button ${form.secondary}`}
            onClick={() => {
              setSecret({ state: 'loading' });
              requestSecret();
            }}
          >
            Try again
          </button>
        </>
      ) : null}
      {secret.state === 'ready' ? <ConfirmTotp setup={secret.setup} onEnabled={onEnabled} /> : null}
      <button type="button" className={form.backLink} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

function ConfirmTotp({ setup, onEnabled }: { setup: TotpSecret; onEnabled: (recoveryCodes: string[]) => void }) {
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
      setMessage(twoFactorErrorMessage(error, 'Invalid code.'));
      setCode('');
    }
  }

  return (
    <form className={styles.stepForm} onSubmit={submit} noValidate>
      <p className={styles.text}>Scan this QR code with an authenticator app on your phone.</p>
      <QrCodeImage text={setup.otpauth_url} label="QR code to scan with your authenticator app" />
      <p className={styles.text}>Can&apos;t scan it? Type this key into the app instead:</p>
      <code className={styles.key} translate="no">
        {groupedKey(setup.secret)}
      </code>
      <p id={hintId} className={styles.text}>
        Then enter the 6-digit code the app shows.
      </p>
      <CodeField label="Code from the app" value={code} onChange={setCode} describedBy={hintId} invalid={message !== null} />
      <FormMessage message={message} tone="error" />
      <button type="submit" className={`pill-button ${form.primary}`} disabled={isLoading || !isCompleteCode(code)}>
        {isLoading ? 'Turning on...' : 'Turn on'}
      </button>
    </form>
  );
}
