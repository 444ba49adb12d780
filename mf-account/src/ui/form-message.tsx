import styles from './form.module.css';

type Props = {
  message: string | null;
  /** Good news says so (the words alone cannot tell, in any language); anything else is an error. */
  tone?: 'success' | 'error';
};

/** The message under a form: green for good news, red otherwise (spec §8). */
export function FormMessage({ message, tone = 'error' }: Props) {
  if (!message) return null;
  const success = tone === 'success';
  return (
    <p className={`${styles.message} ${success ? styles.success : styles.error}`} role={success ? 'status' : 'alert'}>
      {message}
    </p>
  );
}
