import { isSuccessMessage } from '@rewards/shared/rules/error-messages';
import styles from './form.module.css';

/** The message under a form: green when it says "successfully", red otherwise (spec §8). */
export function FormMessage({ message }: { message: string | null }) {
  if (!message) return null;
  const success = isSuccessMessage(message);
  return (
    <p className={`${styles.message} ${success ? styles.success : styles.error}`} role={success ? 'status' : 'alert'}>
      {message}
    </p>
  );
}
