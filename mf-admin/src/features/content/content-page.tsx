import { useId, useState } from 'react';
import type { ContentDraft, ContentFileRow, ContentVersionRow } from '@rewards/shared/contracts/admin-types';
import { ConsolePage } from '../../ui/console-page';
import { DataTable, type TableColumn } from '../../ui/data-table';
import { errorMessage, formatTime } from '../../ui/format';
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
  const files = useGetContentFilesQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const file = files.data?.items.find((row) => row.file === chosen) ?? null;
  return (
    <ConsolePage title="Content" lead="Landing copy, FAQ, about, contest prizes, reviews and the legal pages, published without a release.">
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <QueryView label="content files" isLoading={files.isLoading} error={files.error} onRetry={() => void files.refetch()}>
        <nav aria-label="Content files">
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
      {file ? <ContentEditor key={`${file.file}@${file.version?.version ?? 0}`} file={file} onNotice={setNotice} /> : <p className={styles.muted}>Pick a file to edit it.</p>}
      {file ? <ContentVersions file={file.file} onNotice={setNotice} /> : null}
    </ConsolePage>
  );
}

function ContentEditor({ file, onNotice }: { file: ContentFileRow; onNotice: (text: string) => void }) {
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
      onNotice(`Draft ${saved.id} of ${file.file} saved. Preview it, then publish it.`);
    } catch (error) {
      const lines = (error as { errors?: Record<string, string[]> }).errors?.text;
      setProblems(lines && lines.length > 0 ? lines : [errorMessage(error)]);
    }
  };

  return (
    <Panel title={`Edit ${file.file}`}>
      <p className={styles.muted}>
        {file.version ? `Shown now: version ${file.version.version}, ${formatTime(file.version.created_at)} by ${file.version.operator}.` : "Shown now: the repository's file."}
      </p>
      <div className="text-field">
        <label htmlFor={ids.text} className="text-field-label">
          JSON of {file.file}
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
          <p>Not saved: {file.file} has problems.</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className="pill-button" onClick={() => void saveDraft()} disabled={saving.isLoading}>
          {saving.isLoading ? 'Saving…' : 'Save draft'}
        </button>
        {savedDraft?.preview_path ? (
          <a className="outline-button" href={savedDraft.preview_path} target="_blank" rel="noopener noreferrer">
            Preview
          </a>
        ) : (
          <button type="button" className="outline-button" disabled title="Save a draft first">
            Preview
          </button>
        )}
        <button type="button" className="outline-button" disabled={!savedDraft} onClick={() => setPublishing(true)}>
          Publish
        </button>
      </div>
      {publishing && savedDraft ? (
        <ReasonDialog
          title={`Publish draft ${savedDraft.id} of ${file.file}`}
          lead="Every visitor sees it within seconds."
          confirmLabel="Publish"
          busyLabel="Publishing…"
          reasonHint="Kept with the version and in the audit log with your email."
          onSubmit={({ reason }) => publish({ id: savedDraft.id, reason }).unwrap()}
          onDone={(result) => onNotice(`Published ${file.file} as version ${(result as ContentVersionRow).version}.`)}
          onClose={() => setPublishing(false)}
        />
      ) : null}
    </Panel>
  );
}

function ContentVersions({ file, onNotice }: { file: string; onNotice: (text: string) => void }) {
  const versions = useGetContentVersionsQuery(file);
  const [restoring, setRestoring] = useState<ContentVersionRow | null>(null);
  const [restore] = useRestoreContentVersionMutation();
  const columns: TableColumn<ContentVersionRow>[] = [
    { id: 'version', header: 'Version', rowHeader: true, cell: (row) => (row.shown ? `${row.version} (shown)` : String(row.version)) },
    { id: 'when', header: 'When', cell: (row) => formatTime(row.created_at) },
    { id: 'who', header: 'Who', cell: (row) => row.operator },
    { id: 'source', header: 'Source', cell: (row) => (row.restored_from === null ? row.source : `restore of ${row.restored_from}`) },
    { id: 'reason', header: 'Why', cell: (row) => <span className={styles.wrap}>{row.reason}</span> },
    {
      id: 'restore',
      header: 'Action',
      cell: (row) =>
        row.shown ? null : (
          <button type="button" className="outline-button" aria-label={`Restore version ${row.version}`} onClick={() => setRestoring(row)}>
            Restore
          </button>
        ),
    },
  ];
  return (
    <Panel title={`Versions of ${file}`}>
      <QueryView label="versions" isLoading={versions.isLoading} error={versions.error} onRetry={() => void versions.refetch()}>
        <DataTable caption={`Versions of ${file}`} columns={columns} rows={versions.data?.items ?? []} rowKey={(row) => row.version} empty="No version yet: the site shows the repository's file." />
      </QueryView>
      {restoring ? (
        <ReasonDialog
          title={`Restore version ${restoring.version} of ${file}`}
          lead="It becomes the newest version; every visitor sees it within seconds."
          confirmLabel="Restore"
          busyLabel="Restoring…"
          reasonHint="Kept with the version and in the audit log with your email."
          onSubmit={({ reason }) => restore({ version: restoring.version, reason }).unwrap()}
          onDone={(result) => onNotice(`Restored version ${restoring.version} of ${file} as version ${(result as ContentVersionRow).version}.`)}
          onClose={() => setRestoring(null)}
        />
      ) : null}
    </Panel>
  );
}
