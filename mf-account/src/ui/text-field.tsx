import { useId, type InputHTMLAttributes } from 'react';
import styles from './form.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Puts the focus here when the field appears. */
  autoFocusHere?: boolean;
};

/** A labelled input of the account forms. */
export function TextField({ label, value, onChange, autoFocusHere = false, ...inputProps }: Props) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoFocus={autoFocusHere}
        data-autofocus={autoFocusHere ? true : undefined}
        {...inputProps}
      />
    </div>
  );
}
