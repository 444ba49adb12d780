import { visuallyHidden } from '@rewards/shared/ui/visually-hidden';
import { CheckIcon, DotIcon } from '../../ui/icons';
import { passwordChecklist } from './password-checklist';
import styles from './auth.module.css';

/** The live hints under the sign-up password; each says whether it is met, in words too. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className={styles.checklist} aria-label="Password requirements">
      {passwordChecklist(password).map(({ label, met }) => (
        <li key={label} className={met ? styles.met : styles.unmet} data-met={met}>
          {met ? <CheckIcon className={styles.checkIcon} /> : <DotIcon className={styles.checkIcon} />}
          {label}
          <span className={visuallyHidden}>{met ? ' (met)' : ' (not met yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
