import { useState } from 'react';
import form from '../../ui/form.module.css';
import { downloadTextFile, RECOVERY_CODES_FILE_NAME, recoveryCodesText } from './recovery-codes-file';
import { StepHeading } from './step-heading';
import { useT } from '../../messages';
import styles from './two-factor-flow.module.css';

type Props = { codes: readonly string[]; email: string; onDone: () => void };

/** The 10 recovery codes, shown once after the authenticator app is confirmed: download, then acknowledge. */
export function RecoveryCodes({ codes, email, onDone }: Props) {
  const t = useT();
  const [saved, setSaved] = useState(false);
  return (
    <div className={styles.step}>
      <StepHeading>{t('twoFactor.recovery.title')}</StepHeading>
      <p className={styles.text}>
        {t('twoFactor.recovery.text')}
      </p>
      <ol className={styles.codes} aria-label={t('twoFactor.recovery.label')}>
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
        {t('twoFactor.recovery.download')}
      </button>
      <label className={styles.acknowledge}>
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        {t('twoFactor.recovery.saved')}
      </label>
      <button type="button" className={`pill-button ${form.primary}`} disabled={!saved} onClick={onDone}>
        {t('twoFactor.recovery.done')}
      </button>
    </div>
  );
}
