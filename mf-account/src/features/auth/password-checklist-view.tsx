import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import { CheckIcon, DotIcon } from '../../ui/icons';
import { passwordChecklist } from './password-checklist';
import { useT } from '../../messages';
import styles from './auth.module.css';

/** The live hints under the sign-up password; each says whether it is met, in words too. */
export function PasswordChecklist({ password }: { password: string }) {
  // The labels come in the page's language; this re-renders when it changes.
  const t = useT();
  return (
    <ul className={styles.checklist} aria-label={t('auth.checklist.label')}>
      {passwordChecklist(password).map(({ label, met }) => (
        <li key={label} className={met ? styles.met : styles.unmet} data-met={met}>
          {met ? <CheckIcon className={styles.checkIcon} /> : <DotIcon className={styles.checkIcon} />}
          {label}
          <span className={visuallyHidden}>{met ? t('auth.checklist.met') : t('auth.checklist.unmet')}</span>
        </li>
      ))}
    </ul>
  );
}
