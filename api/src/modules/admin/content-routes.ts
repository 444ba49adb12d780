import { z } from 'zod';
import { previewPathOf } from '@rewards/shared/content/content-preview';
import { CONTENT_FILES, type ContentFile, isContentFile } from '@rewards/shared/content/content-schemas';
import { NotFoundError, ValidationError } from '../../domain-errors';
import { contentPublish, contentRestore } from '../../ops/content';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { readRepositoryFile } from '../content/repository-files';
import {
  CONTENT_FILE_NAMES,
  type ContentDraft,
  ContentRefused,
  contentVersionAnswer,
  type ContentVersion,
  currentVersion,
  findDraft,
  versionOf,
  listVersions,
  MAX_CONTENT_BYTES,
  saveDraft,
  shownVersions,
} from '../content/service';
import { staffOf } from './gate';
import { decodeCursor, pageOf } from './pagination';
import { contentRefused, type StaffCommandRunner } from './run-command';
import { body, idParams, pageQuery, query, reason, reasonBody } from './schemas';

const adminOnly = { staff: { roles: [] } };
const FILE_NAMES = Object.keys(CONTENT_FILES).join(', ');

const contentFile = z
  .string({ error: 'The file must be a string.' })
  .refine((file): file is ContentFile => isContentFile(file), `The file must be one of ${FILE_NAMES}.`)
  .transform((file) => file as ContentFile);

const versionNumber = z.number({ error: 'The version must be a whole number.' }).int('The version must be a whole number.').min(1).max(Number.MAX_SAFE_INTEGER);

const draftBody = body({
  file: contentFile,
  text: z.string({ error: 'The text must be a string.' }).max(MAX_CONTENT_BYTES, `The text may not be longer than ${MAX_CONTENT_BYTES / 1024} KB.`),
  based_on: versionNumber.nullable().optional(),
});

const versionsQuery = query({ file: contentFile.optional(), ...pageQuery });

function versionItem(version: ContentVersion, shown: Set<number>) {
  return { ...contentVersionAnswer(version), shown: shown.has(version.version) };
}

function draftItem(draft: ContentDraft) {
  return {
    id: draft.id,
    file: draft.file,
    text: draft.body,
    author: draft.author,
    based_on: draft.basedOn,
    published_version: draft.publishedVersion,
    created_at: draft.createdAt.toISOString(),
    updated_at: draft.updatedAt.toISOString(),
    preview_path: isContentFile(draft.file) ? previewPathOf(draft.file, draft.id) : null,
  };
}

/**
 * The marketing content (admin): each file with the version shown, its versions, drafts (saved, previewed on
 * the real pages, published) and restores. Publish and restore run `content:publish --draft` and
 * `content:restore` themselves: same transaction, same audit row, every instance told once committed.
 */
export const contentRoutes: ZodPlugin<{ run: StaffCommandRunner; repoRoot: string }> = async (app, { run, repoRoot }) => {
  app.get('/content', { config: adminOnly }, async () => {
    const items = [];
    for (const file of CONTENT_FILE_NAMES) {
      const current = await currentVersion(app.db, file);
      const text = current?.body ?? (await readRepositoryFile(repoRoot, file));
      items.push({ file, text, version: current ? versionItem(current, new Set([current.version])) : null });
    }
    return { status: 'success' as const, data: { items } };
  });

  app.get('/content/versions', { config: adminOnly, schema: { querystring: versionsQuery } }, async (request) => {
    const { file, limit, cursor } = request.query;
    const before = decodeCursor(cursor, ['id'] as const)?.[0];
    const rows = await listVersions(app.db, { file, limit: limit + 1, before });
    const shown = await shownVersions(app.db);
    return { status: 'success' as const, data: pageOf(rows, limit, (row) => [row.version], (row) => versionItem(row, shown)) };
  });

  app.post('/content/drafts', { config: adminOnly, schema: { body: draftBody } }, async (request, reply) => {
    const { file, text, based_on: basedOn = null } = request.body;
    if (basedOn !== null && (await versionOf(app.db, basedOn))?.file !== file) {
      throw new ValidationError(`There is no version ${basedOn} of ${file}.`, { code: 'unknown_content_version', params: { version: basedOn, file }, errors: { based_on: [`There is no version ${basedOn} of ${file}.`] } });
    }
    try {
      const draft = await saveDraft(app.db, { file, text, author: staffOf(request).user.email, basedOn });
      return reply.code(201).send({ status: 'success' as const, data: draftItem(draft) });
    } catch (error) {
      if (error instanceof ContentRefused) {
        throw contentRefused(`Refused, the draft was not saved:\n${error.message}`, error.problems);
      }
      throw error;
    }
  });

  app.get('/content/drafts/:id', { config: adminOnly, schema: { params: idParams } }, async (request) => {
    const draft = await findDraft(app.db, request.params.id);
    if (!draft) throw new NotFoundError('No such draft.', { code: 'not_found' });
    return { status: 'success' as const, data: draftItem(draft) };
  });

  app.post('/content/drafts/:id/publish', { config: adminOnly, schema: { params: idParams, body: reasonBody } }, async (request) => {
    return { status: 'success' as const, data: await run(request, contentPublish, ['--draft', request.params.id], request.body.reason) };
  });

  app.post('/content/restore', { config: adminOnly, schema: { body: body({ version: versionNumber, reason }) } }, async (request) => {
    return { status: 'success' as const, data: await run(request, contentRestore, [request.body.version], request.body.reason) };
  });
};
