import { useId, useState } from 'react';
import type { ContentDraft, ContentFileRow, ContentVersionRow } from '@rewards/shared/contracts/admin-types';
import { useT } from '../../messages';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { formatTime, useErrorText } from '../../ui/format';
import { Panel } from '../../ui/panel';
import { QueryView } from '../../ui/query-view';
import { ReasonDialog } from '../../ui/reason-dialog';
import { useGetContentFilesQuery, useGetContentVersionsQuery, usePublishContentDraftMutation, useRestoreContentVersionMutation, useSaveContentDraftMutation } from './content-api';
import styles from './content-page.module.css';

/**
 * The marketing content (admin): pick a file, edit its JSON, save it as a draft (checked by the schema the
 * build uses), preview the draft on its real page, publish it with a reason; restore an earlier version.
 */
export default function ContentPage() {
  const t = useT();
  const files = useGetContentFilesQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const file = files.data?.items.find((row) => row.file === chosen) ?? null;
  return (
    <ConsolePage title={t('admin.section.content')} lead={t('admin.content.lead')}>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <QueryView label={t('admin.loading.contentFiles')} isLoading={files.isLoading} error={files.error} onRetry={() => void files.refetch()}>
        <nav aria-label={t('admin.content.files')}>
          <ul className={styles.files}>
            {(files.data?.items ?? []).map((row) => (
              <li key={row.file}>
                <button type="button" className={row.file === chosen ? 'pill-button' : 'outline-button'} aria-pressed={row.file === chosen} onClick={() => setChosen(row.file)}>
                  {row.file}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </QueryView>
      {file ? <ContentEditor key={`${file.file}@${file.version?.version ?? 0}`} file={file} onNotice={setNotice} /> : <p className={styles.muted}>{t('admin.content.pick')}</p>}
      {file ? <ContentVersions file={file.file} onNotice={setNotice} /> : null}
    </ConsolePage>
  );
}

function ContentEditor({ file, onNotice }: { file: ContentFileRow; onNotice: (text: string) => void }) {
  const t = useT();
  const { errorMessage } = useErrorText();
  const [text, setText] = useState(file.text ?? '');
  const [draft, setDraft] = useState<ContentDraft | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [publishing, setPublishing] = useState(false);
  const [save, saving] = useSaveContentDraftMutation();
  const [publish] = usePublishContentDraftMutation();
  const ids = { text: useId(), problems: useId() };
  // A draft edited since it was saved is not what Preview and Publish would show.
  const savedDraft = draft && draft.text === text ? draft : null;

  const saveDraft = async () => {
    setProblems([]);
    try {
      const saved = await save({ file: file.file, text, based_on: file.version?.version ?? null }).unwrap();
      setDraft(saved);
      onNotice(t('admin.content.saved', { draft: saved.id, file: file.file }));
    } catch (error) {
      const lines = (error as { errors?: Record<string, string[]> }).errors?.text;
      setProblems(lines && lines.length > 0 ? lines : [errorMessage(error)]);
    }
  };

  return (
    <Panel title={t('admin.content.editTitle', { file: file.file })}>
      <p className={styles.muted}>
        {file.version
          ? t('admin.content.shownVersion', { version: file.version.version, time: formatTime(file.version.created_at), operator: file.version.operator })
          : t('admin.content.shownRepository')}
      </p>
      <div className="text-field">
        <label htmlFor={ids.text} className="text-field-label">
          {t('admin.content.jsonLabel', { file: file.file })}
        </label>
        <textarea
          id={ids.text}
          className={`text-field-input ${styles.editor}`}
          rows={20}
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problems.length > 0 ? true : undefined}
          aria-describedby={problems.length > 0 ? ids.problems : undefined}
        />
      </div>
      {problems.length > 0 ? (
        <div id={ids.problems} role="alert" className={styles.problems}>
          <p>{t('admin.content.notSaved', { file: file.file })}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className="pill-button" onClick={() => void saveDraft()} disabled={saving.isLoading}>
          {saving.isLoading ? t('admin.staff.saving') : t('admin.content.saveDraft')}
        </button>
        {savedDraft?.preview_path ? (
          <a className="outline-button" href={savedDraft.preview_path} target="_blank" rel="noopener noreferrer">
            {t('admin.content.preview')}
          </a>
        ) : (
          <button type="button" className="outline-button" disabled title={t('admin.content.previewFirst')}>
            {t('admin.content.preview')}
          </button>
        )}
        <button type="button" className="outline-button" disabled={!savedDraft} onClick={() => setPublishing(true)}>
          {t('admin.content.publish')}
        </button>
      </div>
      {publishing && savedDraft ? (
        <ReasonDialog
          title={t('admin.content.publishTitle', { draft: savedDraft.id, file: file.file })}
          lead={t('admin.content.publishLead')}
          confirmLabel={t('admin.content.publish')}
          busyLabel={t('admin.content.publishing')}
          reasonHint={t('admin.content.reasonHint')}
          onSubmit={({ reason }) => publish({ id: savedDraft.id, reason }).unwrap()}
          onDone={(result) => onNotice(t('admin.content.published', { file: file.file, version: (result as ContentVersionRow).version }))}
          onClose={() => setPublishing(false)}
        />
      ) : null}
    </Panel>
  );
}

function ContentVersions({ file, onNotice }: { file: string; onNotice: (text: string) => void }) {
  const t = useT();
  const versions = useGetContentVersionsQuery(file);
  const [restoring, setRestoring] = useState<ContentVersionRow | null>(null);
  const [restore] = useRestoreContentVersionMutation();
  const columns: TableColumn<ContentVersionRow>[] = [
    { id: 'version', header: t('admin.content.column.version'), rowHeader: true, cell: (row) => (row.shown ? t('admin.content.versionShown', { version: row.version }) : String(row.version)) },
    { id: 'when', header: t('admin.column.when'), cell: (row) => formatTime(row.created_at) },
    { id: 'who', header: t('admin.content.column.who'), cell: (row) => row.operator },
    { id: 'source', header: t('admin.content.column.source'), cell: (row) => (row.restored_from === null ? row.source : t('admin.content.restoreOf', { version: row.restored_from })) },
    { id: 'reason', header: t('admin.user.holdWhy'), cell: (row) => <span className={styles.wrap}>{row.reason}</span> },
    {
      id: 'restore',
      header: t('admin.payouts.column.action'),
      cell: (row) =>
        row.shown ? null : (
          <button type="button" className="outline-button" aria-label={t('admin.content.restoreLabel', { version: row.version })} onClick={() => setRestoring(row)}>
            {t('admin.content.restore')}
          </button>
        ),
    },
  ];
  return (
    <Panel title={t('admin.content.versions', { file })}>
      <QueryView label={t('admin.loading.versions')} isLoading={versions.isLoading} error={versions.error} onRetry={() => void versions.refetch()}>
        <DataTable caption={t('admin.content.versions', { file })} columns={columns} rows={versions.data?.items ?? []} rowKey={(row) => row.version} empty={t('admin.content.noVersion')} />
      </QueryView>
      {restoring ? (
        <ReasonDialog
          title={t('admin.content.restoreTitle', { version: restoring.version, file })}
          lead={t('admin.content.restoreLead')}
          confirmLabel={t('admin.content.restore')}
          busyLabel={t('admin.content.restoring')}
          reasonHint={t('admin.content.reasonHint')}
          onSubmit={({ reason }) => restore({ version: restoring.version, reason }).unwrap()}
          onDone={(result) => onNotice(t('admin.content.restored', { version: restoring.version, file, newVersion: (result as ContentVersionRow).version }))}
          onClose={() => setRestoring(null)}
        />
      ) : null}
    </Panel>
  );
}
