import { useId, useState } from 'react';
import type { SignedInSession } from '@rewards/shared/contracts/api-types';
import { useGetSessionsQuery, useSignOutOtherSessionsMutation, useSignOutSessionMutation } from './sessions-api';
import settings from './settings-modal.module.css';
import { getDisplayLocale } from '@rewards/shared/i18n/display-locale';
import { useT } from '../../messages';
import styles from './signed-in-sessions.module.css';

type Notice = { kind: 'error' | 'info'; text: string } | null;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time in the page's language, its formatter made once per locale. */
function when(iso: string): string {
  const locale = getDisplayLocale();
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

/**
 * Settings' "Where you're signed in": every live session of the account (browser and system, address, when it
 * signed in and was last used), "Sign out" for each other one, and "Sign out everywhere else".
 */
export function SignedInSessionsSetting() {
  const t = useT();
  const { data: sessions, isLoading, isError, refetch } = useGetSessionsQuery();
  const [signOutOthers, { isLoading: signingOutOthers }] = useSignOutOtherSessionsMutation();
  const [notice, setNotice] = useState<Notice>(null);
  const headingId = useId();
  const others = sessions?.filter((session) => !session.current) ?? [];

  async function everywhereElse() {
    setNotice(null);
    const done = await signOutOthers().unwrap().then(
      () => true,
      () => false,
    );
    setNotice(done ? { kind: 'info', text: t('settings.sessions.signedOutOthers') } : { kind: 'error', text: t('settings.sessions.signOutOthersFailed') });
  }

  return (
    <section className={settings.setting} aria-labelledby={headingId}>
      <div className={styles.body}>
        <h3 id={headingId} className={settings.sectionTitle}>
          {t('settings.sessions.title')}
        </h3>
        <p className={settings.text}>{t('settings.sessions.text')}</p>
        {isLoading ? (
          <p className={styles.loading} role="status">
            {t('settings.sessions.loading')}
          </p>
        ) : isError || !sessions ? (
          <p className={styles.error} role="alert">
            {t('settings.sessions.loadFailed')}{' '}
            <button type="button" className={styles.linkButton} onClick={() => void refetch()}>
              {t('common.tryAgain')}
            </button>
          </p>
        ) : (
          <ul className={styles.list}>
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} onNotice={setNotice} />
            ))}
          </ul>
        )}
        {others.length > 0 ? (
          <button type="button" className={`outline-button ${styles.everywhere}`} onClick={everywhereElse} disabled={signingOutOthers}>
            {signingOutOthers ? t('settings.sessions.signingOut') : t('settings.sessions.signOutOthers')}
          </button>
        ) : null}
        <p className={notice?.kind === 'error' ? styles.error : styles.info} role={notice?.kind === 'error' ? 'alert' : 'status'}>
          {notice?.text}
        </p>
      </div>
    </section>
  );
}

function SessionRow({ session, onNotice }: { session: SignedInSession; onNotice: (notice: Notice) => void }) {
  const t = useT();
  const [signOut, { isLoading }] = useSignOutSessionMutation();
  const deviceId = useId();

  async function signOutThis() {
    onNotice(null);
    const done = await signOut(session.id).unwrap().then(
      () => true,
      () => false,
    );
    onNotice(
      done
        ? { kind: 'info', text: t('settings.sessions.signedOut', { device: session.device }) }
        : { kind: 'error', text: t('settings.sessions.signOutFailed', { device: session.device }) },
    );
  }

  return (
    <li className={styles.row}>
      <div className={styles.details}>
        <p id={deviceId} className={styles.device}>
          {session.device}
        </p>
        <p className={styles.times}>
          {session.ip ? <span className={styles.ip}>{session.ip} · </span> : null}
          {session.current
            ? t('settings.sessions.timesCurrent', { signedIn: when(session.created_at) })
            : t('settings.sessions.times', { signedIn: when(session.created_at), lastActive: when(session.last_seen_at) })}
        </p>
      </div>
      {session.current ? (
        <span className={styles.thisDevice}>{t('settings.sessions.thisDevice')}</span>
      ) : (
        <button type="button" className={`outline-button ${styles.signOut}`} onClick={signOutThis} disabled={isLoading} aria-describedby={deviceId}>
          {isLoading ? t('settings.sessions.signingOut') : t('settings.sessions.signOut')}
        </button>
      )}
    </li>
  );
}
