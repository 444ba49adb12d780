import { OTP_LENGTH } from '@rewards/shared/constants';
import { TextField } from '@rewards/shared/ui/text-field.tsx';
import styles from './code-field.module.css';

type Props = {
  label: string;
  value: string;
  /** Gets digits only, at most 6, whatever was typed or pasted. */
  onChange: (code: string) => void;
  autoFocusHere?: boolean;
  /** Id of the text saying where the code comes from. */
  describedBy?: string;
  invalid?: boolean;
};

/** The digits of a code typed as written on a phone or in an email. */
export function sanitizeCode(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return code.length === OTP_LENGTH && /^\d+$/.test(code);
}

/** A 6-digit one-time code field: numeric keyboard, filled from an SMS or email where the browser offers it. */
export function CodeField({ label, value, onChange, autoFocusHere = false, describedBy, invalid = false }: Props) {
  return (
    <TextField
      label={label}
      className={styles.code}
      value={value}
      onChange={(typed) => onChange(sanitizeCode(typed))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`\\d{${OTP_LENGTH}}`}
      maxLength={OTP_LENGTH}
      placeholder="••••••"
      required
      autoFocusHere={autoFocusHere}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
    />
  );
}
