/**
 * The marketing content's versions: publish, restore, list, and the repository's files recorded as versions.
 * What `pnpm ops content:*` runs, and what the staff console calls with a staff member as the operator. Every
 * function takes the caller's transaction and changes nothing but its rows; the caller audits it and, once it
 * committed, tells the running site (`contentChanged`, `publishContentChange`).
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { checkContentFile, type ContentProblem, formatProblems } from '@rewards/shared/content/content-check';
import { contentHash } from '@rewards/shared/content/content-hash';
import { CONTENT_FILES, type ContentFile } from '@rewards/shared/content/content-schemas';
import type { Executor } from '../../db/executor';
import { type ContentSource, contentDrafts, contentVersions } from '../../db/schema';
import { readRepositoryFile } from './repository-files';

/** Far above any content file (the largest is ~8 KB); the check never reads more. */
export const MAX_CONTENT_BYTES = 256 * 1024;

export const CONTENT_FILE_NAMES = Object.keys(CONTENT_FILES) as ContentFile[];

/** A text its file's schema refuses: every problem with its file, line and column. */
export class ContentRefused extends Error {
  override name = 'ContentRefused';
  constructor(readonly problems: readonly ContentProblem[]) {
    super(formatProblems(problems));
  }
}

/** The asked change would change nothing, or names what does not exist. */
export class ContentNotChanged extends Error {
  override name = 'ContentNotChanged';
}

export type ContentVersion = {
  version: number;
  file: ContentFile;
  hash: string;
  operator: string;
  reason: string | null;
  source: ContentSource;
  restoredFrom: number | null;
  createdAt: Date;
};

/** A version as answers show it (the console's API, `ops content:* --json`) and the audit log keeps it. */
export function contentVersionAnswer(version: ContentVersion) {
  return {
    version: version.version,
    file: version.file,
    hash: version.hash,
    operator: version.operator,
    reason: version.reason,
    source: version.source,
    restored_from: version.restoredFrom,
    created_at: version.createdAt.toISOString(),
  };
}

export type ContentVersionWithBody = ContentVersion & { body: string };

const versionColumns = {
  version: contentVersions.version,
  file: contentVersions.file,
  hash: contentVersions.hash,
  operator: contentVersions.operator,
  reason: contentVersions.reason,
  source: contentVersions.source,
  restoredFrom: contentVersions.restoredFrom,
  createdAt: contentVersions.createdAt,
};

/**
 * The value of `text` as `file`, checked by the schema mf-marketing's build uses; `label` names it in the
 * problems (the operator's path). Throws ContentRefused, naming the line and column of each problem.
 */
export function checkedContent(file: ContentFile, text: string, label: string = file): unknown {
  if (Buffer.byteLength(text) > MAX_CONTENT_BYTES) throw new ContentRefused([{ file: label, line: 1, column: 1, message: `larger than ${MAX_CONTENT_BYTES / 1024} KB: not a content file` }]);
  let problems: ContentProblem[];
  try {
    problems = checkContentFile(file, text, label);
  } catch (error) {
    // A parser's recursion on thousands of nested brackets: refused like any other broken file.
    if (error instanceof RangeError) throw new ContentRefused([{ file: label, line: 1, column: 1, message: 'not valid JSON (nested too deeply)' }]);
    throw error;
  }
  if (problems.length > 0) throw new ContentRefused(problems);
  return JSON.parse(text) as unknown;
}

async function insertVersion(
  db: Executor,
  row: { file: ContentFile; body: string; hash: string; operator: string; reason: string | null; source: ContentSource; restoredFrom?: number },
): Promise<ContentVersion> {
  const [inserted] = await db.insert(contentVersions).values(row).returning(versionColumns);
  return inserted as ContentVersion;
}

/** The newest version of `file`, with its text; null when none was recorded. */
export async function currentVersion(db: Executor, file: ContentFile): Promise<ContentVersionWithBody | null> {
  const [row] = await db
    .select({ ...versionColumns, body: contentVersions.body })
    .from(contentVersions)
    .where(eq(contentVersions.file, file))
    .orderBy(desc(contentVersions.version))
    .limit(1);
  return (row as ContentVersionWithBody | undefined) ?? null;
}

/** Version `version` (of any file), without its text; null when there is none. */
export async function versionOf(db: Executor, version: number): Promise<ContentVersion | null> {
  const [row] = await db.select(versionColumns).from(contentVersions).where(eq(contentVersions.version, version));
  return (row as ContentVersion | undefined) ?? null;
}

export type PublishRequest = {
  file: ContentFile;
  /** The JSON text, as the operator wrote it (its formatting is kept). */
  text: string;
  /** Who publishes: OPS_OPERATOR or the OS user, a staff member's email from the console. */
  operator: string;
  reason: string;
  /** How the text is named in problems: the operator's path, `draft 12`; the file name by default. */
  label?: string;
};

/**
 * Publishes `text` as the newest version of `file`, after its schema accepted it (ContentRefused otherwise,
 * and nothing is stored). The same content as the current version is refused (ContentNotChanged).
 */
export async function publishContent(db: Executor, { file, text, operator, reason, label }: PublishRequest): Promise<ContentVersion> {
  const hash = contentHash(checkedContent(file, text, label));
  const current = await currentVersion(db, file);
  if (current?.hash === hash) throw new ContentNotChanged(`${file} already has this content (version ${current.version}): nothing was published`);
  return insertVersion(db, { file, body: text, hash, operator, reason, source: 'publish' });
}

/**
 * Makes version `version` the newest of its file again, as a new version copying its text (the history keeps
 * both). Its text must pass the file's schema as it is now; the current content is refused (ContentNotChanged).
 */
export async function restoreVersion(db: Executor, { version, operator, reason }: { version: number; operator: string; reason: string }): Promise<ContentVersion & { restoredFrom: number }> {
  const [old] = await db.select({ ...versionColumns, body: contentVersions.body }).from(contentVersions).where(eq(contentVersions.version, version));
  if (!old) throw new ContentNotChanged(`There is no content version ${version} (pnpm ops content:versions lists them)`);
  const file = old.file as ContentFile;
  if (!Object.hasOwn(CONTENT_FILES, file)) throw new ContentNotChanged(`Version ${version} is of ${old.file}, which is no longer a content file`);
  const hash = contentHash(checkedContent(file, old.body, `version ${version} (${file})`));
  const current = await currentVersion(db, file);
  if (current?.hash === hash) throw new ContentNotChanged(`${file} already has the content of version ${version} (version ${current.version}): nothing was restored`);
  const restored = await insertVersion(db, { file, body: old.body, hash, operator, reason, source: 'restore', restoredFrom: version });
  return { ...restored, restoredFrom: version };
}

/** The newest version of each file (what the site shows). */
export async function shownVersions(db: Executor): Promise<Set<number>> {
  const rows = await db
    .selectDistinctOn([contentVersions.file], { version: contentVersions.version })
    .from(contentVersions)
    .orderBy(contentVersions.file, desc(contentVersions.version));
  return new Set(rows.map((row) => row.version));
}

/** Versions newest first, of one file or of all; at most `limit`, older than `before` when given. */
export async function listVersions(db: Executor, { file, limit = 50, before }: { file?: ContentFile; limit?: number; before?: number } = {}): Promise<ContentVersion[]> {
  const rows = await db
    .select(versionColumns)
    .from(contentVersions)
    .where(and(file === undefined ? undefined : eq(contentVersions.file, file), before === undefined ? undefined : lt(contentVersions.version, before)))
    .orderBy(desc(contentVersions.version))
    .limit(limit);
  return rows as ContentVersion[];
}

/** A repository file's text with the hash of its checked value, or the problems its schema found. */
type RepositoryFileCheck = { text: string; hash: string } | { text: string; problems: readonly ContentProblem[] };

// Each repository file's last check, kept with its text: a process that starts the app again (tests build many)
// does not parse and check an unchanged file again.
const repositoryChecks = new Map<ContentFile, RepositoryFileCheck>();

function checkRepositoryFile(file: ContentFile, text: string): RepositoryFileCheck {
  const kept = repositoryChecks.get(file);
  if (kept?.text === text) return kept;
  let check: RepositoryFileCheck;
  try {
    check = { text, hash: contentHash(checkedContent(file, text, `mf-marketing/content/${file}`)) };
  } catch (error) {
    if (!(error instanceof ContentRefused)) throw error;
    check = { text, problems: error.problems };
  }
  repositoryChecks.set(file, check);
  return check;
}

/**
 * Records each repository file whose text was never recorded from the repository (the first start, a release
 * that changed it) as the newest version of its file: a change made in the repository is shown like a publish.
 * A file missing here, or one its schema refuses (the build refuses it too), is left out. Answers what it recorded.
 */
export async function recordRepositoryContent(db: Executor, repoRoot: string): Promise<{ recorded: ContentVersion[]; refused: ContentProblem[] }> {
  const recorded: ContentVersion[] = [];
  const refused: ContentProblem[] = [];
  const candidates: Array<{ file: ContentFile; text: string; hash: string }> = [];
  for (const file of CONTENT_FILE_NAMES) {
    const text = await readRepositoryFile(repoRoot, file);
    if (text === null) continue;
    const check = checkRepositoryFile(file, text);
    if ('problems' in check) refused.push(...check.problems);
    else candidates.push({ file, text, hash: check.hash });
  }
  if (candidates.length === 0) return { recorded, refused };
  // Two reads for all the files: what the repository gave before, and what each file shows now.
  const fromRepository = await db
    .select({ file: contentVersions.file, hash: contentVersions.hash })
    .from(contentVersions)
    .where(and(eq(contentVersions.source, 'repository'), inArray(contentVersions.hash, candidates.map(({ hash }) => hash))));
  const shown = await db
    .selectDistinctOn([contentVersions.file], { file: contentVersions.file, hash: contentVersions.hash })
    .from(contentVersions)
    .orderBy(contentVersions.file, desc(contentVersions.version));
  const known = new Set(fromRepository.map(({ file, hash }) => `${file}\n${hash}`));
  const shownHash = new Map(shown.map(({ file, hash }) => [file, hash]));
  for (const { file, text, hash } of candidates) {
    if (known.has(`${file}\n${hash}`)) continue;
    // Already shown (an operator published this very text first): nothing new to show.
    if (shownHash.get(file) === hash) continue;
    const [row] = await db
      .insert(contentVersions)
      .values({ file, body: text, hash, operator: 'repository', reason: 'the content file in the repository', source: 'repository' })
      // Another instance starting at the same moment recorded it first.
      .onConflictDoNothing()
      .returning(versionColumns);
    if (row) recorded.push(row as ContentVersion);
  }
  return { recorded, refused };
}

// ---- drafts: content being prepared in the console, previewed by staff, then published ----

export type ContentDraft = typeof contentDrafts.$inferSelect;

/** Stores a draft of `file` (a new one, or `id` while it is unpublished); its text must pass the file's schema. */
export async function saveDraft(
  db: Executor,
  { id, file, text, author, basedOn = null }: { id?: number; file: ContentFile; text: string; author: string; basedOn?: number | null },
): Promise<ContentDraft> {
  checkedContent(file, text, id === undefined ? `draft of ${file}` : `draft ${id}`);
  if (id === undefined) {
    const [draft] = await db.insert(contentDrafts).values({ file, body: text, author, basedOn }).returning();
    return draft!;
  }
  const [draft] = await db
    .update(contentDrafts)
    .set({ body: text, author, updatedAt: sql`now()` })
    .where(and(eq(contentDrafts.id, id), eq(contentDrafts.file, file), sql`${contentDrafts.publishedVersion} is null`))
    .returning();
  if (!draft) throw new ContentNotChanged(`There is no unpublished draft ${id} of ${file}`);
  return draft;
}

export async function findDraft(db: Executor, id: number): Promise<ContentDraft | null> {
  const [draft] = await db.select().from(contentDrafts).where(eq(contentDrafts.id, id));
  return draft ?? null;
}

/** Publishes draft `id` as its file's newest version (see publishContent) and marks it published. */
export async function publishDraft(db: Executor, { id, operator, reason }: { id: number; operator: string; reason: string }): Promise<ContentVersion> {
  const [draft] = await db.select().from(contentDrafts).where(eq(contentDrafts.id, id)).for('update');
  if (!draft || draft.publishedVersion !== null) throw new ContentNotChanged(`There is no unpublished draft ${id}`);
  if (!Object.hasOwn(CONTENT_FILES, draft.file)) throw new ContentNotChanged(`Draft ${id} is of ${draft.file}, which is no longer a content file`);
  const version = await publishContent(db, { file: draft.file as ContentFile, text: draft.body, operator, reason, label: `draft ${id}` });
  await db.update(contentDrafts).set({ publishedVersion: version.version, updatedAt: sql`now()` }).where(eq(contentDrafts.id, id));
  return version;
}
