import { useState } from 'react';
import { Link, useParams } from '@rewards/shared/router';
import type { Callback } from '@rewards/shared/contracts/admin-types';
import { useStaff } from '../../console/staff-context';
import { may } from '../../console/sections';
import { ConsolePage } from '../../ui/console-page';
import { formatDollars, formatTime } from '../../ui/format';
import { Facts, Panel } from '../../ui/panel';
import { QueryView } from '../../ui/query-view';
import { ReasonDialog } from '../../ui/reason-dialog';
import { StatusBadge } from '../../ui/status-badge';
import { useGetPostbackQuery, useReplayPostbackMutation } from './postbacks-api';
import styles from './postbacks.module.css';

/** One callback as the wall sent it (method, path, query, headers, body) and what the site made of it. */
export default function PostbackPage() {
  const id = Number(useParams().id);
  const callback = useGetPostbackQuery(id, { skip: !Number.isSafeInteger(id) });
  return (
    <ConsolePage title={`Callback #${id}`} lead={<Link to="/admin/postbacks">Back to the callback log</Link>}>
      <QueryView label="the callback" isLoading={callback.isLoading} error={callback.error} onRetry={() => void callback.refetch()}>
        {callback.data ? <CallbackRecord callback={callback.data} /> : null}
      </QueryView>
    </ConsolePage>
  );
}

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

function CallbackRecord({ callback }: { callback: Callback }) {
  const staff = useStaff();
  const [replaying, setReplaying] = useState(false);
  const [notice, setNotice] = useState('');
  const [replay] = useReplayPostbackMutation();
  return (
    <div className={styles.record}>
      <Facts
        items={[
          ['Outcome', <StatusBadge key="outcome" status={callback.outcome} />],
          ['Why', callback.reason],
          ['HTTP answer', callback.status_code],
          ['Wall', callback.wall],
          ['User', callback.user_id ? <Link key="user" to={`/admin/users/${callback.user_id}`}>#{callback.user_id}</Link> : '—'],
          ['Transaction', callback.txid ?? '—'],
          ['Amount', formatDollars(callback.amount)],
          ['Received', formatTime(callback.received_at)],
          ['From', callback.source_ip ?? '—'],
          ['Replay of', callback.replay_of ? <Link key="replay" to={`/admin/postbacks/${callback.replay_of}`}>#{callback.replay_of}</Link> : '—'],
        ]}
      />
      {may(staff.staff_role, 'replayPostback') ? (
        <div className={styles.replay}>
          <button type="button" className="pill-button" onClick={() => setReplaying(true)}>
            Replay
          </button>
          <p role="status" className={styles.notice}>
            {notice}
          </p>
        </div>
      ) : null}
      <Panel title="Raw callback">
        {callback.truncated ? <p className={styles.muted}>The body was longer than the log keeps: it is cut.</p> : null}
        <pre className={styles.raw} tabIndex={0} role="region" aria-label="Request line">{`${callback.method} ${callback.path}${callback.query ? `?${callback.query}` : ''}`}</pre>
        <h3 className={styles.rawTitle}>Headers</h3>
        <pre className={styles.raw} tabIndex={0} role="region" aria-label="Headers">{prettyJson(callback.headers)}</pre>
        <h3 className={styles.rawTitle}>Body</h3>
        <pre className={styles.raw} tabIndex={0} role="region" aria-label="Body">{callback.body || '(empty)'}</pre>
      </Panel>
      {replaying ? (
        <ReasonDialog
          title={`Replay callback #${callback.id}`}
          lead="Runs it again through the same checks, as if the wall had sent it now; a duplicate is not booked twice."
          confirmLabel="Replay"
          busyLabel="Replaying…"
          reasonHint="Kept in the audit log with your email."
          onSubmit={({ reason }) => replay({ id: callback.id, reason }).unwrap()}
          onDone={(result) => {
            const outcome = (result as { outcome?: string; replayed_id?: number }) ?? {};
            setNotice(`Replayed: ${outcome.outcome ?? 'done'}${outcome.replayed_id ? ` (callback #${outcome.replayed_id})` : ''}.`);
          }}
          onClose={() => setReplaying(false)}
        />
      ) : null}
    </div>
  );
}
