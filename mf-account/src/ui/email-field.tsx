import { TextField } from '@rewards/shared/ui/text-field.tsx';
import { useT } from '../messages';

type Props = { value: string; onChange: (value: string) => void; autoFocusHere?: boolean };

/** The account forms' required email field (sign in, sign up, forgot password). */
export function EmailField({ value, onChange, autoFocusHere = false }: Props) {
  const t = useT();
  return (
    <TextField
      label={t('auth.email.label')}
      type="email"
      value={value}
      onChange={onChange}
      autoComplete="email"
      placeholder={t('auth.email.placeholder')}
      required
      autoFocusHere={autoFocusHere}
    />
  );
}
