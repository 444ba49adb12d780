import { useT } from './ui-messages';
import styles from './retry-notice.module.css';

type Props = {
  /**
   * Where it stands: `section`, a whole area of the page (a remote's page); `inline`, in the page's flow
   * where a part should be; `floating`, over the page's corner, for something the user opened (a modal).
   */
  placement: 'section' | 'inline' | 'floating';
  /** A heading over the message (`section` only). */
  title?: string;
  message: string;
  onRetry: () => void;
  /** Adds a "Dismiss" button (`floating`: the user closes what they opened). */
  onDismiss?: () => void;
  /** The federated module that failed (`remote/module`), for tests and support. */
  source?: string;
  /** The area's own spacing (e.g. the margin its section has when it works). */
  className?: string;
};

/**
 * The site's one notice of something that could not be loaded, with Retry: the page around it keeps
 * working. An inline notice is polite (nothing the user did failed); the others answer the user's action.
 */
export function RetryNotice({ placement, title, message, onRetry, onDismiss, source, className }: Props) {
  const t = useT();
  const Area = placement === 'section' ? 'section' : 'div';
  const retry = (
    <button type="button" className={`pill-button ${styles.retry}`} onClick={onRetry}>
      {t('retryNotice.retry')}
    </button>
  );
  return (
    <Area
      className={[styles.notice, styles[placement], className].filter(Boolean).join(' ')}
      role={placement === 'inline' ? 'status' : 'alert'}
      data-federated-fallback={source}
    >
      {title ? <h2 className={styles.title}>{title}</h2> : null}
      <p className={styles.text}>{message}</p>
      {onDismiss ? (
        <div className={styles.actions}>
          {retry}
          <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label={t('retryNotice.dismiss')}>
            ×
          </button>
        </div>
      ) : (
        retry
      )}
    </Area>
  );
}
