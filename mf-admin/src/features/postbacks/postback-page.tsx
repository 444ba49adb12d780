import { useState } from 'react';
import { Link, useParams } from '@rewards/shared/router';
import type { Callback } from '@rewards/shared/contracts/admin-types';
import { useStaff } from '../../console/staff-context';
import { may } from '../../console/sections';
import { useT } from '../../messages';
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
  const t = useT();
  const callback = useGetPostbackQuery(id, { skip: !Number.isSafeInteger(id) });
  return (
    <ConsolePage title={t('admin.postback.title', { id })} lead={<Link to="/admin/postbacks">{t('admin.postback.back')}</Link>}>
      <QueryView label={t('admin.loading.callback')} isLoading={callback.isLoading} error={callback.error} onRetry={() => void callback.refetch()}>
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
  const t = useT();
  const staff = useStaff();
  const [replaying, setReplaying] = useState(false);
  const [notice, setNotice] = useState('');
  const [replay] = useReplayPostbackMutation();
  return (
    <div className={styles.record}>
      <Facts
        items={[
          [t('admin.column.outcome'), <StatusBadge key="outcome" status={callback.outcome} />],
          [t('admin.user.holdWhy'), callback.reason],
          [t('admin.postback.httpAnswer'), callback.status_code],
          [t('admin.column.wall'), callback.wall],
          [t('admin.users.column.user'), callback.user_id ? <Link key="user" to={`/admin/users/${callback.user_id}`}>#{callback.user_id}</Link> : '—'],
          [t('admin.column.transaction'), callback.txid ?? '—'],
          [t('admin.column.amount'), formatDollars(callback.amount)],
          [t('admin.column.received'), formatTime(callback.received_at)],
          [t('admin.postback.from'), callback.source_ip ?? '—'],
          [t('admin.postbacks.replayOf'), callback.replay_of ? <Link key="replay" to={`/admin/postbacks/${callback.replay_of}`}>#{callback.replay_of}</Link> : '—'],
        ]}
      />
      {may(staff.staff_role, 'replayPostback') ? (
        <div className={styles.replay}>
          <button type="button" className="pill-button" onClick={() => setReplaying(true)}>
            {t('admin.postback.replay')}
          </button>
          <p role="status" className={styles.notice}>
            {notice}
          </p>
        </div>
      ) : null}
      <Panel title={t('admin.postback.raw')}>
        {callback.truncated ? <p className={styles.muted}>{t('admin.postback.truncated')}</p> : null}
        <pre className={styles.raw} tabIndex={0} role="region" aria-label={t('admin.postback.requestLine')}>{`${callback.method} ${callback.path}${callback.query ? `?${callback.query}` : ''}`}</pre>
        <h3 className={styles.rawTitle}>{t('admin.postback.headers')}</h3>
        <pre className={styles.raw} tabIndex={0} role="region" aria-label={t('admin.postback.headers')}>{prettyJson(callback.headers)}</pre>
        <h3 className={styles.rawTitle}>{t('admin.postback.body')}</h3>
        <pre className={styles.raw} tabIndex={0} role="region" aria-label={t('admin.postback.body')}>{callback.body || t('admin.postback.emptyBody')}</pre>
      </Panel>
      {replaying ? (
        <ReasonDialog
          title={t('admin.postback.replayTitle', { id: callback.id })}
          lead={t('admin.postback.replayLead')}
          confirmLabel={t('admin.postback.replay')}
          busyLabel={t('admin.postback.replaying')}
          reasonHint={t('admin.reason.auditHint')}
          onSubmit={({ reason }) => replay({ id: callback.id, reason }).unwrap()}
          onDone={(result) => {
            const outcome = (result as { outcome?: string; replayed_id?: number }) ?? {};
            const said = outcome.outcome ?? 'done';
            setNotice(outcome.replayed_id ? t('admin.postback.replayedAs', { outcome: said, id: outcome.replayed_id }) : t('admin.postback.replayed', { outcome: said }));
          }}
          onClose={() => setReplaying(false)}
        />
      ) : null}
    </div>
  );
}
