import { useId, useState } from 'react';
import type { SignedInSession } from '@rewards/shared/contracts/api-types';
import { useGetSessionsQuery, useSignOutOtherSessionsMutation, useSignOutSessionMutation } from './sessions-api';
import settings from './settings-modal.module.css';
import styles from './signed-in-sessions.module.css';

type Notice = { kind: 'error' | 'info'; text: string } | null;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateFormat.format(new Date(iso));

/**
 * Settings' "Where you're signed in": every live session of the account (browser and system, address, when it
 * signed in and was last used), "Sign out" for each other one, and "Sign out everywhere else".
 */
export function SignedInSessionsSetting() {
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
    setNotice(done ? { kind: 'info', text: 'Signed out everywhere else.' } : { kind: 'error', text: 'Could not sign out the other devices. Please try again.' });
  }

  return (
    <section className={settings.setting} aria-labelledby={headingId}>
      <div className={styles.body}>
        <h3 id={headingId} className={settings.sectionTitle}>
          Where you&apos;re signed in
        </h3>
        <p className={settings.text}>If you see a device you don&apos;t recognise, sign it out and reset your password.</p>
        {isLoading ? (
          <p className={styles.loading} role="status">
            Loading your devices...
          </p>
        ) : isError || !sessions ? (
          <p className={styles.error} role="alert">
            Your devices could not be loaded.{' '}
            <button type="button" className={styles.linkButton} onClick={() => void refetch()}>
              Try again
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
            {signingOutOthers ? 'Signing out...' : 'Sign out everywhere else'}
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
  const [signOut, { isLoading }] = useSignOutSessionMutation();
  const deviceId = useId();

  async function signOutThis() {
    onNotice(null);
    const done = await signOut(session.id).unwrap().then(
      () => true,
      () => false,
    );
    onNotice(done ? { kind: 'info', text: `Signed out ${session.device}.` } : { kind: 'error', text: `Could not sign out ${session.device}. Please try again.` });
  }

  return (
    <li className={styles.row}>
      <div className={styles.details}>
        <p id={deviceId} className={styles.device}>
          {session.device}
        </p>
        <p className={styles.times}>
          {session.ip ? <span className={styles.ip}>{session.ip} · </span> : null}
          Signed in {when(session.created_at)} · Last active {session.current ? 'now' : when(session.last_seen_at)}
        </p>
      </div>
      {session.current ? (
        <span className={styles.thisDevice}>This device</span>
      ) : (
        <button type="button" className={`outline-button ${styles.signOut}`} onClick={signOutThis} disabled={isLoading} aria-describedby={deviceId}>
          {isLoading ? 'Signing out...' : 'Sign out'}
        </button>
      )}
    </li>
  );
}
