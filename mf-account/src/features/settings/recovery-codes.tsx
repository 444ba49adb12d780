import { useState } from 'react';
import form from '../../ui/form.module.css';
import { downloadTextFile, RECOVERY_CODES_FILE_NAME, recoveryCodesText } from './recovery-codes-file';
import { StepHeading } from './step-heading';
import styles from './two-factor-flow.module.css';

type Props = { codes: readonly string[]; email: string; onDone: () => void };

/** The 10 recovery codes, shown once after the authenticator app is confirmed: download, then acknowledge. */
export function RecoveryCodes({ codes, email, onDone }: Props) {
  const [saved, setSaved] = useState(false);
  return (
    <div className={styles.step}>
      <StepHeading>Save your recovery codes</StepHeading>
      <p className={styles.text}>
        Two-factor authentication is on. If you lose your phone, each of these codes signs you in once in place of a code from the app. This is the only
        time we show them.
      </p>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code, index) => (
          <li key={`${index}-${code}`}>
            <code translate="no">{code}</code>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={`outline-button ${form.secondary}`}
        onClick={() => downloadTextFile(RECOVERY_CODES_FILE_NAME, recoveryCodesText(codes, email, new Date()))}
      >
        Download
      </button>
      <label className={styles.acknowledge}>
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        I have saved my recovery codes somewhere safe
      </label>
      <button type="button" className={`pill-button ${form.primary}`} disabled={!saved} onClick={onDone}>
        Done
      </button>
    </div>
  );
}
