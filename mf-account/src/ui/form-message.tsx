import { isSuccessMessage } from '@rewards/shared/rules/error-messages';
import styles from './form.module.css';

type Props = {
  message: string | null;
  /** Says how the message reads where its words do not ("We sent a code to your email." is good news). */
  tone?: 'success' | 'error';
};

/** The message under a form: green when it says "successfully" (or `tone` says so), red otherwise (spec §8). */
export function FormMessage({ message, tone }: Props) {
  if (!message) return null;
  const success = tone ? tone === 'success' : isSuccessMessage(message);
  return (
    <p className={`${styles.message} ${success ? styles.success : styles.error}`} role={success ? 'status' : 'alert'}>
      {message}
    </p>
  );
}
