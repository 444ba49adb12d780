import { desc, eq } from 'drizzle-orm';
import { contentDrafts, contentVersions, operatorAudit } from '../../db/schema';
import { asStaff, newStaffMember, type StaffMember } from '../../test/admin-kit';
import { useTestApp } from '../../test/build-test-app';
import { databaseKind } from '../../test/cashout-test-kit';

type Faq = { lead: string; questions: Array<{ question: string; answer: string }> };

/** The marketing content in the console (admin): drafts, publish, versions, restore, each audited like ops. */
describe(`the console's content routes, on ${databaseKind}`, () => {
  const { app, database, db } = useTestApp();
  let admin: StaffMember;
  let faqText: string;

  beforeAll(async () => {
    admin = await newStaffMember(app(), database(), 'admin');
    const listed = await app().inject(asStaff(admin, 'GET', '/api/admin/content'));
    expect(listed.statusCode).toBe(200);
    faqText = listed.json().data.items.find((item: { file: string }) => item.file === 'faq.json').text;
  });

  const faqWith = (lead: string) => {
    const faq = JSON.parse(faqText) as Faq;
    faq.lead = lead;
    return `${JSON.stringify(faq, null, 2)}\n`;
  };
  const lastAudit = async () => (await db().select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1))[0]!;
  const shownFaq = async () => (await app().inject({ method: 'GET', url: '/api/content/faq.json' })).json<Faq>();
  const saveDraft = (text: string, extra: Record<string, unknown> = {}) => app().inject(asStaff(admin, 'POST', '/api/admin/content/drafts', { file: 'faq.json', text, ...extra }));

  it('lists every content file with the version shown and its text', async () => {
    const response = await app().inject(asStaff(admin, 'GET', '/api/admin/content'));
    const items = response.json().data.items as Array<{ file: string; text: string; version: { version: number; shown: boolean; source: string } | null }>;
    expect(items.map((item) => item.file)).toContain('pages/terms.json');
    const faq = items.find((item) => item.file === 'faq.json')!;
    expect(faq.version).toMatchObject({ source: 'repository', shown: true });
    expect(JSON.parse(faq.text)).toHaveProperty('questions');
  });

  it('refuses a broken draft with 422 and each problem with its line and column, and saves nothing', async () => {
    const broken = faqText.replace(/"lead": "/, '"lead": 12, "x": "');
    const before = (await db().select().from(contentDrafts)).length;
    const response = await saveDraft(broken);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({ status: 'error', code: 'content_refused' });
    expect(body.problems.length).toBeGreaterThan(0);
    expect(body.problems[0]).toEqual({ file: 'draft of faq.json', line: expect.any(Number), column: expect.any(Number), message: expect.any(String) });
    expect(body.errors.text[0]).toMatch(/^line \d+, column \d+: /);
    expect((await db().select().from(contentDrafts)).length).toBe(before);

    const notJson = await saveDraft('{\n  "lead": \n}');
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().problems[0]).toMatchObject({ line: 3, column: 1 });
  });

  it('saves a draft as the staff member, shows it, publishes it with the audit row of content:publish, and the site shows it', async () => {
    const text = faqWith('Answers from the console.');
    const shownBefore = (await db().select().from(contentVersions).where(eq(contentVersions.file, 'faq.json')).orderBy(desc(contentVersions.version)).limit(1))[0]!;
    const saved = await saveDraft(text, { based_on: shownBefore.version });
    expect(saved.statusCode).toBe(201);
    const draft = saved.json().data;
    expect(draft).toMatchObject({ file: 'faq.json', text, author: admin.email, based_on: shownBefore.version, published_version: null, preview_path: `/faq?preview=${draft.id}` });
    expect((await app().inject(asStaff(admin, 'GET', `/api/admin/content/drafts/${draft.id}`))).json().data).toEqual(draft);
    // A draft is not shown to visitors.
    expect((await shownFaq()).lead).not.toBe('Answers from the console.');

    const published = await app().inject(asStaff(admin, 'POST', `/api/admin/content/drafts/${draft.id}/publish`, { reason: 'clearer lead' }));
    expect(published.statusCode).toBe(200);
    const version = published.json().data;
    expect(version).toMatchObject({ file: 'faq.json', operator: admin.email, reason: 'clearer lead', source: 'publish', draft: draft.id });
    expect(await lastAudit()).toMatchObject({ operator: admin.email, command: 'content:publish', arguments: ['--draft', String(draft.id)], reason: 'clearer lead', outcome: 'done', kind: 'change' });
    expect((await lastAudit()).result).toMatchObject({ version: version.version, file: 'faq.json' });
    // This instance was told at once (contentChanged after the commit).
    expect((await shownFaq()).lead).toBe('Answers from the console.');
    expect((await app().inject(asStaff(admin, 'GET', `/api/admin/content/drafts/${draft.id}`))).json().data.published_version).toBe(version.version);

    // Published once only: the second time the command refuses (409), audited as failed.
    const again = await app().inject(asStaff(admin, 'POST', `/api/admin/content/drafts/${draft.id}/publish`, { reason: 'again' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'command_refused' });
    expect(await lastAudit()).toMatchObject({ command: 'content:publish', outcome: 'failed', operator: admin.email });
  });

  it('lists the versions of a file newest first, page by page, and restores one with the audit row of content:restore', async () => {
    const first = await app().inject(asStaff(admin, 'GET', '/api/admin/content/versions?file=faq.json&limit=1'));
    const page = first.json().data;
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ file: 'faq.json', source: 'publish', shown: true });
    const second = (await app().inject(asStaff(admin, 'GET', `/api/admin/content/versions?file=faq.json&limit=1&cursor=${page.next_cursor}`))).json().data;
    expect(second.items[0]).toMatchObject({ file: 'faq.json', source: 'repository', shown: false });

    const restored = await app().inject(asStaff(admin, 'POST', '/api/admin/content/restore', { version: second.items[0].version, reason: 'back to the repository text' }));
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ file: 'faq.json', source: 'restore', restored_from: second.items[0].version, operator: admin.email });
    expect(await lastAudit()).toMatchObject({ operator: admin.email, command: 'content:restore', arguments: [String(second.items[0].version)], reason: 'back to the repository text', outcome: 'done' });
    expect((await shownFaq()).lead).toBe((JSON.parse(faqText) as Faq).lead);

    const unchanged = await app().inject(asStaff(admin, 'POST', '/api/admin/content/restore', { version: second.items[0].version, reason: 'twice' }));
    expect(unchanged.statusCode).toBe(409);
    const missing = await app().inject(asStaff(admin, 'POST', '/api/admin/content/restore', { version: 987654, reason: 'none' }));
    expect(missing.statusCode).toBe(409);
  });

  it('answers an unknown draft with 404 and refuses a based_on of another file', async () => {
    const unknown = await app().inject(asStaff(admin, 'GET', '/api/admin/content/drafts/987654'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
    const terms = (await db().select().from(contentVersions).where(eq(contentVersions.file, 'pages/terms.json')).limit(1))[0]!;
    const response = await saveDraft(faqText, { based_on: terms.version });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('based_on');
  });
});
