import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import { contentHash } from '@rewards/shared/content/content-hash';
import { contentVersions, operatorAudit } from '../../db/schema';
import { findRepoRoot } from '../../repo-root';
import { useTestApp } from '../../test/build-test-app';
import { runOpsCapturing } from '../../test/ops-test-kit';
import { contentChanged } from './published-state';
import { repositoryContentDir } from './repository-files';
import { CONTENT_FILE_NAMES, ContentNotChanged, findDraft, listVersions, publishDraft, recordRepositoryContent, restoreVersion, saveDraft } from './service';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const contentDir = repositoryContentDir(findRepoRoot());
const OPERATOR = 'ada@ops';

type Faq = { lead: string; questions: Array<{ question: string; answer: string }>; support: unknown };

describe(`marketing content versions on ${kind}`, () => {
  const { database, db, app } = useTestApp();
  let scratch: string;
  let repositoryFaq: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'rewards-content-'));
    repositoryFaq = await readFile(join(contentDir, 'faq.json'), 'utf8');
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  const ops = (...argv: string[]) => runOpsCapturing(database(), argv, { invocation: { operator: OPERATOR, cwd: scratch } });

  /** Writes `text` to `<scratch>/<name>` and answers the path as typed relative to the scratch folder. */
  async function fileNamed(name: string, text: string): Promise<string> {
    await mkdir(join(scratch, name, '..'), { recursive: true });
    await writeFile(join(scratch, name), text);
    return name;
  }

  const faqWith = (change: (faq: Faq) => void) => {
    const faq = JSON.parse(repositoryFaq) as Faq;
    change(faq);
    return `${JSON.stringify(faq, null, 2)}\n`;
  };

  const versionCount = async () => (await db().select({ value: count() }).from(contentVersions))[0]!.value;
  const lastAudit = async () => (await db().select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1))[0];
  const served = async (file: string) => {
    const response = await app().inject({ method: 'GET', url: `/api/content/${file}` });
    return { status: response.statusCode, json: response.statusCode === 200 ? response.json<unknown>() : null, etag: response.headers.etag, version: response.headers['content-version'] };
  };

  it("records the repository's files as the first versions at start, once", async () => {
    const versions = await listVersions(db(), { limit: 100 });
    expect(versions.map((version) => version.file).sort()).toEqual([...CONTENT_FILE_NAMES].sort());
    expect(versions.every((version) => version.operator === 'repository' && version.source === 'repository')).toBe(true);
    const faq = versions.find((version) => version.file === 'faq.json')!;
    expect(faq.hash).toBe(contentHash(JSON.parse(repositoryFaq)));
    // Served as recorded: the repository's FAQ.
    expect((await served('faq.json')).json).toEqual(JSON.parse(repositoryFaq));
    expect(await db().transaction((tx) => recordRepositoryContent(tx, findRepoRoot()))).toEqual({ recorded: [], refused: [] });
  });

  it("records a repository file changed by a release as its newest version, once, and an older instance's start changes nothing", async () => {
    const release = join(scratch, 'release');
    const releasedFaq = faqWith((faq) => (faq.lead = 'Answers from the new release.'));
    await mkdir(repositoryContentDir(release), { recursive: true });
    await writeFile(join(repositoryContentDir(release), 'faq.json'), releasedFaq);
    const first = await db().transaction((tx) => recordRepositoryContent(tx, release));
    contentChanged(db());
    expect(first.recorded.map((version) => [version.file, version.operator, version.source])).toEqual([['faq.json', 'repository', 'repository']]);
    expect(((await served('faq.json')).json as Faq).lead).toBe('Answers from the new release.');
    expect((await db().transaction((tx) => recordRepositoryContent(tx, release))).recorded).toEqual([]);
    // An instance still on the previous release starts: its FAQ was recorded before, so the release's stays.
    expect((await db().transaction((tx) => recordRepositoryContent(tx, findRepoRoot()))).recorded).toEqual([]);
    expect(((await served('faq.json')).json as Faq).lead).toBe('Answers from the new release.');

    await writeFile(join(repositoryContentDir(release), 'faq.json'), '{ "lead": "" }');
    const broken = await db().transaction((tx) => recordRepositoryContent(tx, release));
    expect(broken.recorded).toEqual([]);
    expect(broken.refused[0]).toMatchObject({ file: 'mf-marketing/content/faq.json', line: 1, message: 'lead: must not be empty' });

    const [repositoryVersion] = (await listVersions(db(), { file: 'faq.json', limit: 100 })).filter((version) => version.source === 'repository').slice(-1);
    expect((await ops('content:restore', String(repositoryVersion!.version), '--reason', 'the first copy')).code).toBe(0);
  });

  it('publishes a changed FAQ answer as the newest version: audited with the operator and reason, served at once', async () => {
    const before = await versionCount();
    const path = await fileNamed('faq.json', faqWith((faq) => (faq.questions[0]!.answer = 'Pick an offer and play: coins arrive when the partner confirms.')));
    const published = await ops('content:publish', path, '--reason', 'clearer first answer');
    expect(published).toMatchObject({ code: 0, err: '' });
    expect(published.out).toMatch(/^Published faq\.json as version (\d+) \(clearer first answer\)\. Every running instance shows it within seconds\.$/);
    expect(await versionCount()).toBe(before + 1);

    const [newest] = await listVersions(db(), { file: 'faq.json', limit: 1 });
    expect(newest).toMatchObject({ file: 'faq.json', operator: OPERATOR, reason: 'clearer first answer', source: 'publish', restoredFrom: null });
    expect(await lastAudit()).toMatchObject({
      operator: OPERATOR,
      command: 'content:publish',
      arguments: ['faq.json'],
      reason: 'clearer first answer',
      outcome: 'done',
      result: expect.objectContaining({ version: newest!.version, file: 'faq.json', operator: OPERATOR }),
    });
    const answer = await served('faq.json');
    expect((answer.json as Faq).questions[0]!.answer).toBe('Pick an offer and play: coins arrive when the partner confirms.');
    expect(answer.version).toBe(String(newest!.version));
    const again = await app().inject({ method: 'GET', url: '/api/content/faq.json', headers: { 'if-none-match': answer.etag! } });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a broken file naming the file, line and column of the offending value, and changes nothing', async () => {
    const text = faqWith((faq) => (faq.questions[4]!.answer = 'Read <a href="x">this</a>'));
    const path = await fileNamed('broken/faq.json', text);
    const before = await versionCount();
    const refused = await ops('content:publish', path, '--reason', 'try markup');
    expect(refused.code).toBe(1);
    const valueAt = text.indexOf('"Read <a');
    const lines = text.slice(0, valueAt).split('\n');
    expect(refused.err).toBe(
      `Refused, nothing was published:\nbroken/faq.json:${lines.length}:${lines.at(-1)!.length + 1} questions[4].answer: must be plain text: HTML tags are not allowed (links are written [label](target))`,
    );
    expect(await versionCount()).toBe(before);
    expect(await lastAudit()).toMatchObject({ command: 'content:publish', outcome: 'failed', operator: OPERATOR, reason: 'try markup' });
  });

  it('refuses a JSON syntax error with its line and column, and a schema error in JSON output with each problem', async () => {
    const path = await fileNamed('syntax/faq.json', '{\n  "lead": "Answers",\n  "questions": [,]\n}\n');
    const refused = await ops('content:publish', path, '--reason', 'typo');
    expect(refused).toMatchObject({ code: 1, err: 'Refused, nothing was published:\nsyntax/faq.json:3:17 not valid JSON (ValueExpected)' });

    const short = await fileNamed('short/faq.json', faqWith((faq) => faq.questions.pop()));
    const json = await ops('content:publish', short, '--reason', 'nine questions', '--json');
    expect(json.code).toBe(1);
    const answer = JSON.parse(json.out) as { ok: boolean; details: { problems: Array<{ file: string; line: number; column: number; message: string }> } };
    expect(answer.ok).toBe(false);
    expect(answer.details.problems).toEqual([{ file: 'short/faq.json', line: 3, column: 16, message: 'questions: the FAQ has the 10 questions of the spec' }]);
  });

  it('lists the versions, newest first, marking the ones shown', async () => {
    const listed = await ops('content:versions', 'faq.json');
    expect(listed.code).toBe(0);
    const [header, , newest, ...older] = listed.out.split('\n');
    expect(header).toMatch(/^version\s+file\s+shown\s+when\s+operator\s+source\s+reason$/);
    expect(newest).toMatch(/^\d+\s+faq\.json\s+yes\s+\S+Z\s+ada@ops\s+publish\s+clearer first answer$/);
    expect(older.at(-1)).toMatch(/^\d+\s+faq\.json\s+\S+Z\s+repository\s+repository\s+the content file in the repository$/);
    expect(older.some((row) => /\srestore of \d+\s+the first copy$/.test(row))).toBe(true);
    const all = JSON.parse((await ops('content:versions', '--limit', '200', '--json')).out) as { result: Array<{ file: string; shown: boolean }> };
    expect(all.result.filter((version) => version.shown).map((version) => version.file).sort()).toEqual([...CONTENT_FILE_NAMES].sort());
  });

  it('restores an earlier version as a new one, audited, and refuses to restore what is shown', async () => {
    const repositoryVersion = (await listVersions(db(), { file: 'faq.json', limit: 100 })).find((version) => version.source === 'repository' && version.hash === contentHash(JSON.parse(repositoryFaq)));
    const restored = await ops('content:restore', String(repositoryVersion!.version), '--reason', 'back to the release copy');
    expect(restored.code).toBe(0);
    const [newest] = await listVersions(db(), { file: 'faq.json', limit: 1 });
    expect(newest).toMatchObject({ source: 'restore', restoredFrom: repositoryVersion!.version, operator: OPERATOR, reason: 'back to the release copy', hash: repositoryVersion!.hash });
    expect(restored.out).toBe(`Restored version ${repositoryVersion!.version} of faq.json as version ${newest!.version} (back to the release copy). Every running instance shows it within seconds.`);
    expect(await lastAudit()).toMatchObject({ command: 'content:restore', arguments: [String(repositoryVersion!.version)], reason: 'back to the release copy', outcome: 'done' });
    expect((await served('faq.json')).json).toEqual(JSON.parse(repositoryFaq));

    const twice = await ops('content:restore', String(repositoryVersion!.version), '--reason', 'again');
    expect(twice).toMatchObject({ code: 1, err: expect.stringContaining('already has the content of version') });
    const unknown = await ops('content:restore', '999999', '--reason', 'typo');
    expect(unknown).toMatchObject({ code: 1, err: 'There is no content version 999999 (pnpm ops content:versions lists them)' });
  });

  it('refuses to publish the content already shown', async () => {
    const path = await fileNamed('same/faq.json', repositoryFaq);
    const same = await ops('content:publish', path, '--reason', 'no change');
    expect(same).toMatchObject({ code: 1, err: expect.stringMatching(/^faq\.json already has this content \(version \d+\): nothing was published$/) });
  });

  it('publishes a file under pages/ by its repository name, and refuses a name that is not one', async () => {
    const terms = JSON.parse(await readFile(join(contentDir, 'pages', 'terms.json'), 'utf8')) as { lead: string };
    const path = await fileNamed('copy/pages/terms.json', JSON.stringify({ ...terms, lead: 'The rules of Earnly, in plain words.' }));
    const published = await ops('content:publish', path, '--reason', 'plainer lead');
    expect(published.out).toMatch(/^Published pages\/terms\.json as version \d+/);
    expect(((await served('pages/terms.json')).json as { lead: string }).lead).toBe('The rules of Earnly, in plain words.');

    const misnamed = await ops('content:publish', await fileNamed('terms.json', JSON.stringify(terms)), '--reason', 'x');
    expect(misnamed).toMatchObject({ code: 2, err: expect.stringContaining('"terms.json" is not named like a content file') });
  });

  it("publishes and restores a translation by its repository name (de/faq.json), checked by the same schema, apart from the English file", async () => {
    const repositoryGerman = await readFile(join(contentDir, 'de', 'faq.json'), 'utf8');
    const german = JSON.parse(repositoryGerman) as Faq;
    const englishBefore = (await served('faq.json')).json;
    const path = await fileNamed('de/faq.json', JSON.stringify({ ...german, lead: 'Antworten, kurz und ehrlich.' }, null, 2));
    const published = await ops('content:publish', path, '--reason', 'kürzere Einleitung');
    expect(published).toMatchObject({ code: 0, err: '' });
    expect(published.out).toMatch(/^Published de\/faq\.json as version \d+ \(kürzere Einleitung\)/);
    expect(((await served('de/faq.json')).json as Faq).lead).toBe('Antworten, kurz und ehrlich.');
    expect((await served('faq.json')).json).toEqual(englishBefore);
    expect(await lastAudit()).toMatchObject({ command: 'content:publish', arguments: ['de/faq.json'], outcome: 'done', result: expect.objectContaining({ file: 'de/faq.json' }) });

    const listed = await ops('content:versions', 'de/faq.json');
    expect(listed.out.split('\n').slice(2).every((row) => /^\d+\s+de\/faq\.json\s/.test(row))).toBe(true);
    const first = (await listVersions(db(), { file: 'de/faq.json', limit: 10 })).find((version) => version.source === 'repository')!;
    expect((await ops('content:restore', String(first.version), '--reason', 'zurück')).out).toMatch(new RegExp(`^Restored version ${first.version} of de/faq\\.json as version \\d+`));
    expect((await served('de/faq.json')).json).toEqual(JSON.parse(repositoryGerman));

    const broken = await ops('content:publish', await fileNamed('broken/de/faq.json', JSON.stringify({ ...german, questions: german.questions.slice(1) })), '--reason', 'x');
    expect(broken).toMatchObject({ code: 1, err: expect.stringContaining('broken/de/faq.json:1:') });
    // A translation's footer must carry the note shown above the legal pages.
    const footer = JSON.parse(await readFile(join(contentDir, 'de', 'footer.json'), 'utf8')) as Record<string, unknown>;
    delete footer.legalNote;
    const noNote = await ops('content:publish', await fileNamed('de/footer.json', JSON.stringify(footer)), '--reason', 'x');
    expect(noNote).toMatchObject({ code: 1, err: expect.stringContaining('legalNote: ') });
  });

  it('refuses a hostile or ambiguous content file name, changing nothing', async () => {
    const before = await versionCount();
    const english = await readFile(join(contentDir, 'faq.json'), 'utf8');
    const cases: Array<[string, RegExp]> = [
      ['../x.json', /is not named like a content file/],
      ['xx/faq.json', /"xx" is not a language of the site's content/],
      ['en/faq.json', /"en" is not a language of the site's content/],
      ['de/../faq.json', /names its content file through "\.\."/],
      ['de/pages/terms.json', /pages\/terms\.json is English in every language/],
      ['de/nope.json', /is not named like a content file/],
    ];
    for (const [name, message] of cases) {
      await mkdir(join(scratch, 'hostile', name, '..'), { recursive: true }).catch(() => undefined);
      const refused = await ops('content:publish', `hostile/${name}`, '--reason', 'x');
      expect({ name, code: refused.code, err: refused.err }).toEqual({ name, code: 2, err: expect.stringMatching(message) });
    }
    for (const name of ['xx/faq.json', 'de/../faq.json', '../faq.json', 'de/pages/terms.json']) {
      const listed = await ops('content:versions', name);
      expect({ name, code: listed.code }).toEqual({ name, code: 2 });
    }
    for (const url of ['/api/content/xx/faq.json', '/api/content/de%2F..%2Ffaq.json', '/api/content/de/pages/terms.json', '/api/content/en/faq.json']) {
      expect({ url, status: (await app().inject({ method: 'GET', url })).statusCode }).toEqual({ url, status: 404 });
    }
    expect(english).toContain('"lead"');
    expect(await versionCount()).toBe(before);
  });

  it('answers 404 for a file that is not a content file', async () => {
    for (const url of ['/api/content/nope.json', '/api/content/../package.json', '/api/content/__proto__', '/api/content/', '/api/content/pages%2Fterms.json%00']) {
      expect({ url, status: (await app().inject({ method: 'GET', url })).statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('keeps drafts apart until one is published (the console saves and publishes them)', async () => {
    const text = faqWith((faq) => (faq.lead = 'Answers, short and honest.'));
    const draft = await saveDraft(db(), { file: 'faq.json', text, author: 'staff@example.com' });
    const edited = await saveDraft(db(), { id: draft.id, file: 'faq.json', text: text.replace('short and honest', 'short'), author: 'staff@example.com' });
    expect(edited.body).toContain('Answers, short.');
    expect(((await served('faq.json')).json as Faq).lead).not.toContain('Answers, short');
    await expect(saveDraft(db(), { file: 'faq.json', text: '{}', author: 'x' })).rejects.toThrow(/lead: /);

    const version = await db().transaction((tx) => publishDraft(tx, { id: draft.id, operator: 'staff@example.com', reason: 'shorter lead' }));
    expect(version).toMatchObject({ file: 'faq.json', operator: 'staff@example.com', reason: 'shorter lead', source: 'publish' });
    expect((await findDraft(db(), draft.id))?.publishedVersion).toBe(version.version);
    await expect(publishDraft(db(), { id: draft.id, operator: 'x', reason: 'again' })).rejects.toThrow(ContentNotChanged);
  });

  it('keeps every version: the table refuses changes and removals', async () => {
    const [newest] = await listVersions(db(), { limit: 1 });
    const refusal = (error: Error & { cause?: Error }) => `${error.message} ${String(error.cause?.message)}`;
    const errors = await Promise.all([
      db().update(contentVersions).set({ reason: 'rewritten' }).where(eq(contentVersions.version, newest!.version)).then(() => 'updated', refusal),
      db().delete(contentVersions).where(eq(contentVersions.version, newest!.version)).then(() => 'deleted', refusal),
    ]);
    for (const message of errors) expect(message).toMatch(/content_versions is append-only/);
    expect((await listVersions(db(), { limit: 1 }))[0]).toEqual(newest);
    await expect(restoreVersion(db(), { version: newest!.version, operator: 'x', reason: 'y' })).rejects.toThrow(ContentNotChanged);
  });
});
