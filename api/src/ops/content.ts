// `pnpm ops content:*`: the marketing content published without a release (api/src/modules/content/).
import { readFile, stat } from 'node:fs/promises';
import { CONTENT_LOCALES, ENGLISH_CONTENT_FILES } from '@rewards/shared/content/content-files';
import { type ContentFile, isContentFile } from '@rewards/shared/content/content-schemas';
import {
  ContentNotChanged,
  ContentRefused,
  contentVersionAnswer,
  listVersions,
  MAX_CONTENT_BYTES,
  publishContent,
  publishDraft,
  recordRepositoryContent,
  restoreVersion,
  shownVersions,
} from '../modules/content/service';
import { findRepoRoot } from '../repo-root';
import { defineCommand, OpsError, type OpsContext, UsageError } from './command';
import { operatorPath } from './offers';
import { parseId, readOptions, rowLimit } from './options';

const CONTENT_NAMES = `${ENGLISH_CONTENT_FILES.join(', ')}; a translation under its language: ${CONTENT_LOCALES.map((locale) => `${locale}/faq.json`).join(', ')}`;
// A folder named like a language tag (`xx`, `en`, `pt-br`): the file would be meant as that language's.
const LANGUAGE_FOLDER = /^[a-z]{2}([-_][a-z]{2})?$/i;
const DEFAULT_LIST_LIMIT = 50;

/**
 * The content file a path is named like, as in the repository: `…/faq.json` is faq.json, `…/pages/terms.json`
 * is pages/terms.json, `…/de/faq.json` is de/faq.json (a `terms.json` elsewhere is not). A name whose folder
 * reads as a language the site does not have (`xx/faq.json`, `en/faq.json`) or as `..` (`de/../faq.json`) is
 * refused rather than taken for the English file.
 */
export function contentFileOf(path: string): ContentFile {
  const segments = path.split(/[\\/]+/).filter(Boolean);
  for (const length of [3, 2, 1]) {
    if (segments.length < length) continue;
    const name = segments.slice(-length).join('/');
    if (!isContentFile(name)) continue;
    const folder = segments.at(-length - 1);
    const translated = name.includes('/') && !name.startsWith('pages/');
    if (translated || folder === undefined) return name;
    if ((CONTENT_LOCALES as readonly string[]).includes(folder)) {
      throw new UsageError(`"${path}": ${name} is English in every language (the English text applies); publish it as ${name}`);
    }
    // `../faq.json` is the folder above's; `de/../faq.json` could be meant as either.
    const throughParent = (folder === '..' || folder === '.') && segments.length > length + 1 && segments.at(-length - 2) !== '..';
    if (throughParent) throw new UsageError(`"${path}" names its content file through "${folder}": name it like the repository's (${CONTENT_NAMES})`);
    if (folder !== '..' && folder !== '.' && LANGUAGE_FOLDER.test(folder)) {
      throw new UsageError(`"${path}": "${folder}" is not a language of the site's content (${CONTENT_LOCALES.join(', ')}; English files have no folder)`);
    }
    return name;
  }
  throw new UsageError(`"${path}" is not named like a content file: name it like the repository's (${CONTENT_NAMES})`);
}

/** The file's text, from a regular file of a content file's size at most. */
async function readContentFile(path: string, shownAs: string): Promise<string> {
  const found = await stat(path).catch(() => undefined);
  if (!found) throw new OpsError(`${shownAs}: no such file`);
  if (!found.isFile()) throw new OpsError(`${shownAs} is not a regular file`);
  if (found.size > MAX_CONTENT_BYTES) throw new OpsError(`${shownAs} is larger than ${MAX_CONTENT_BYTES / 1024} KB: not a content file`);
  return readFile(path, 'utf8');
}

/** The content's refusals as the operator reads them; nothing was stored. */
async function changingContent<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ContentRefused) {
      throw new OpsError(`Refused, nothing was published:\n${error.message}`, { problems: error.problems });
    }
    if (error instanceof ContentNotChanged) throw new OpsError(error.message);
    throw error;
  }
}

/** The repository's files first, so that the first publish has the content it replaces in the history. */
async function withRepositoryRecorded({ db }: OpsContext): Promise<void> {
  await recordRepositoryContent(db, findRepoRoot());
}

export const contentPublish = defineCommand({
  name: 'content:publish',
  usage: 'content:publish <file> | --draft <id> --reason <text>',
  summary: `publishes a marketing content file (named like the repository's: ${CONTENT_NAMES}), or a draft saved in the staff console, as its newest version, checked by its schema; every running instance shows it within seconds`,
  reason: 'required',
  parse: (args, invocation) => {
    if (args[0] === '--draft') {
      if (args.length !== 2) throw new UsageError('content:publish --draft takes one draft id, like --draft 12');
      return { kind: 'draft', draft: parseId(args[1], 'a draft') } as const;
    }
    if (args.length !== 1 || !args[0]) throw new UsageError('content:publish takes one file, like mf-marketing/content/faq.json');
    return { kind: 'file', path: operatorPath(args[0], invocation.cwd), typed: args[0], file: contentFileOf(args[0]) } as const;
  },
  async run(context, source) {
    const text = source.kind === 'file' ? await readContentFile(source.path, source.typed) : null;
    const { db, invocation, reason } = context;
    const version = await changingContent(async () => {
      await withRepositoryRecorded(context);
      if (source.kind === 'draft') return publishDraft(db, { id: source.draft, operator: invocation.operator, reason: reason! });
      return publishContent(db, { file: source.file, text: text!, operator: invocation.operator, reason: reason!, label: source.typed });
    });
    context.contentChanged();
    const draft = source.kind === 'draft' ? source.draft : null;
    context.out.line(`Published ${draft === null ? '' : `draft ${draft} of `}${version.file} as version ${version.version} (${reason}). Every running instance shows it within seconds.`);
    return { ...contentVersionAnswer(version), ...(draft === null ? {} : { draft }) };
  },
});

export const contentVersions = defineCommand({
  name: 'content:versions',
  usage: `content:versions [<file>] [--limit <n>]`,
  summary: `the versions of the marketing content (of one file), newest first (default ${DEFAULT_LIST_LIMIT}): who published what, when and why, and which is shown`,
  reason: 'none',
  parse: (args) => {
    const [first, ...rest] = args;
    const named = first !== undefined && !first.startsWith('--');
    if (named && !isContentFile(first)) throw new UsageError(`"${first}" is not a content file; use one of ${CONTENT_NAMES}`);
    const options = readOptions(named ? rest : args, { '--limit': rowLimit() });
    return { file: named ? (first as ContentFile) : undefined, limit: options['--limit'] ?? DEFAULT_LIST_LIMIT };
  },
  async run({ db, out }, { file, limit }) {
    const versions = await listVersions(db, { file, limit });
    const shown = await shownVersions(db);
    if (versions.length === 0) {
      out.line(`No content versions${file ? ` of ${file}` : ''} yet: the site shows the repository's files (recorded at the server's next start or the first publish).`);
    } else {
      out.table(
        ['version', 'file', 'shown', 'when', 'operator', 'source', 'reason'],
        versions.map((version) => [
          version.version,
          version.file,
          shown.has(version.version) ? 'yes' : '',
          version.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          version.operator,
          version.restoredFrom === null ? version.source : `restore of ${version.restoredFrom}`,
          version.reason,
        ]),
      );
      if (versions.length === limit) {
        out.line('');
        out.line(`The newest ${limit}; --limit shows more.`);
      }
    }
    return versions.map((version) => ({ ...contentVersionAnswer(version), shown: shown.has(version.version) }));
  },
});

export const contentRestore = defineCommand({
  name: 'content:restore',
  usage: 'content:restore <version> --reason <text>',
  summary: 'makes an earlier content version the newest of its file again (a new version copying it); every running instance shows it within seconds',
  reason: 'required',
  parse: (args) => {
    if (args.length !== 1) throw new UsageError('content:restore takes one version number (pnpm ops content:versions lists them)');
    return { version: parseId(args[0], 'a content version') };
  },
  async run(context, { version }) {
    const restored = await changingContent(async () => {
      await withRepositoryRecorded(context);
      return restoreVersion(context.db, { version, operator: context.invocation.operator, reason: context.reason! });
    });
    context.contentChanged();
    context.out.line(`Restored version ${version} of ${restored.file} as version ${restored.version} (${context.reason}). Every running instance shows it within seconds.`);
    return contentVersionAnswer(restored);
  },
});
