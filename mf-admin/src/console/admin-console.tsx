import { useCallback, useEffect, useState } from 'react';
import { RetryNotice } from '@rewards/shared/ui/retry-notice.tsx';
import { CodeStep } from '../features/gate/code-step';
import { useGetStaffMeQuery, useOpenConsoleSessionMutation } from '../features/gate/staff-session-api';
import { useT } from '../messages';
import { useErrorText } from '../ui/format';
import { ConsoleLayout } from './console-layout';
import styles from './admin-console.module.css';

/**
 * The staff console at `/admin`: who is signed in (`/api/admin/me`), then the code step when this sign-in's second
 * factor is missing or stale, then the console cookie, and only then a page of the console.
 */
export default function AdminConsole() {
  const t = useT();
  const { errorMessage } = useErrorText();
  const me = useGetStaffMeQuery();
  // The cookie this page asked for: the answer that set it may not count it yet.
  const [opened, setOpened] = useState(false);
  const markOpened = useCallback(() => setOpened(true), []);
  const staff = me.data;
  if (!staff) {
    if (me.error) return <RetryNotice placement="section" title={t('admin.console.title')} message={errorMessage(me.error)} onRetry={() => void me.refetch()} />;
    return <div role="status" aria-label={t('admin.console.loading')} className={styles.loading} />;
  }
  if (!staff.fresh) return <CodeStep staff={staff} onVerified={markOpened} />;
  if (!staff.console_session && !opened) return <OpenSession onOpened={markOpened} />;
  return <ConsoleLayout staff={staff} />;
}

/** Asks for the console cookie once (no code: the second factor is fresh); a refusal sends back to the code step. */
function OpenSession({ onOpened }: { onOpened: () => void }) {
  const t = useT();
  const { errorMessage } = useErrorText();
  const [open, opening] = useOpenConsoleSessionMutation();
  useEffect(() => {
    void open().then((result) => {
      if ('data' in result) onOpened();
    });
  }, [open, onOpened]);
  if (opening.error) return <RetryNotice placement="section" title={t('admin.console.title')} message={errorMessage(opening.error)} onRetry={() => void open()} />;
  return <div role="status" aria-label={t('admin.console.opening')} className={styles.loading} />;
}
