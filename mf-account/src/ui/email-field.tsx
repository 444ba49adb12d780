import { TextField } from '@rewards/shared/ui/text-field.tsx';

type Props = { value: string; onChange: (value: string) => void; autoFocusHere?: boolean };

/** The account forms' required email field (sign in, sign up, forgot password). */
export function EmailField({ value, onChange, autoFocusHere = false }: Props) {
  return (
    <TextField
      label="Email"
      type="email"
      value={value}
      onChange={onChange}
      autoComplete="email"
      placeholder="you@example.com"
      required
      autoFocusHere={autoFocusHere}
    />
  );
}
