import { useRef } from 'react';
import { useNavigate } from '@rewards/shared/router';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { acknowledgeAlert } from '@rewards/shared/store/session-thunks';
import { selectAlert, type AlertState } from '@rewards/shared/store/ui-slice';
import { useApiErrorText } from '@rewards/shared/translate/api-errors';
import { useModalFocus } from '@rewards/shared/ui/use-modal-focus';
import { AlertIcon } from './alert-icon';
import { useT } from '../../messages';
import styles from './alert-modal.module.css';

/** The site's one alert modal (spec §1, §8), opened by any remote through `ui/showAlert`. */
export function AlertModal() {
  const alert = useAppSelector(selectAlert);
  if (!alert.isOpen) return null;
  return <AlertDialog alert={alert} />;
}

function AlertDialog({ alert }: { alert: AlertState }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDivElement>(null);
  const errorText = useApiErrorText();
  const acknowledge = () => void dispatch(acknowledgeAlert((path) => navigate(path)));
  // A blocked or pending account: the code's words and the support line in the page's language.
  const restricted = alert.code === 'account_blocked' || alert.code === 'account_pending';
  const title = alert.code ? errorText({ code: alert.code, message: alert.title }, alert.title) : alert.title;
  const message = restricted ? t('alert.restricted.support') : alert.message;
  useModalFocus(dialogRef, acknowledge);

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        className={`${styles.dialog} ${styles[alert.type] ?? ''}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="alert-modal-title"
        aria-describedby="alert-modal-message"
        data-alert-type={alert.type}
      >
        <span className={styles.badge}>
          <AlertIcon type={alert.type} className={styles.icon} />
        </span>
        <h2 id="alert-modal-title" className={styles.title}>
          {title}
        </h2>
        <p id="alert-modal-message" className={styles.message}>
          {message}
        </p>
        <button type="button" className={styles.ok} onClick={acknowledge} data-autofocus>
          {t('alert.ok')}
        </button>
      </div>
    </div>
  );
}
