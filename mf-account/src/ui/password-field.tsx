import { useId, useState, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import styles from './form.module.css';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  autoFocusHere?: boolean;
  /** Shown under the input (the sign-up checklist), referenced as its description. */
  hint?: ReactNode;
};

/** A required password input with a show/hide toggle (spec §2). */
export function PasswordField({ label, value, onChange, autoComplete, autoFocusHere = false, hint }: Props) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const hintId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputWithAction}>
        <input
          id={id}
          className={styles.input}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required
          autoFocus={autoFocusHere}
          data-autofocus={autoFocusHere ? true : undefined}
          aria-describedby={hint ? hintId : undefined}
        />
        <button
          type="button"
          className={styles.inputAction}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      {hint ? <div id={hintId}>{hint}</div> : null}
    </div>
  );
}
