import fc from 'fast-check';
import { count, eq, sql } from 'drizzle-orm';
import { cashouts, contentDrafts, contentVersions, operatorAudit, staff, tickets, users } from '../../db/schema';
import { signUp } from '../../test/accounts';
import { asStaff, newStaffMember, type StaffMember } from '../../test/admin-kit';
import { useTestApp } from '../../test/build-test-app';
import { databaseKind, fundedUser, paypal, store } from '../../test/cashout-test-kit';
import { verifyLedger } from '../ledger/ledger';

/** Every console route given hostile input by an admin (who may use them all): a clear 4xx, and nothing changes. */
describe(`hostile input on the console's routes, on ${databaseKind}`, () => {
  const { app, database, db } = useTestApp();
  /** A user with money and a verified email (the first cashout needs one once email verification is in). */
  const verifiedFundedUser = async (coins: number) => {
    const user = await fundedUser(app(), db(), coins);
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.user.id));
    return user;
  };
  let admin: StaffMember;
  let userId: number;
  let cashoutId: number;

  beforeAll(async () => {
    admin = await newStaffMember(app(), database(), 'admin');
    const user = await verifiedFundedUser(10_000);
    userId = user.user.id;
    cashoutId = (await store(app(), user.token, paypal(4))).json().data.cashout.id;
  });

  const snapshot = async () => ({
    audit: (await db().select({ value: count() }).from(operatorAudit))[0]?.value,
    balances: (await db().select({ value: sql<string>`coalesce(sum(${users.balanceCoins}), 0)::text` }).from(users))[0]?.value,
    statuses: (await db().select({ value: sql<string>`string_agg(${users.status}, ',' order by ${users.id})` }).from(users))[0]?.value,
    staff: (await db().select({ value: count() }).from(staff))[0]?.value,
    cashouts: (await db().select({ value: sql<string>`string_agg(${cashouts.status}, ',' order by ${cashouts.id})` }).from(cashouts))[0]?.value,
    tickets: (await db().select({ value: count() }).from(tickets))[0]?.value,
    contentVersions: (await db().select({ value: count() }).from(contentVersions))[0]?.value,
    drafts: (await db().select({ value: sql<string>`coalesce(string_agg(${contentDrafts.id}::text || ':' || coalesce(${contentDrafts.publishedVersion}::text, '-'), ','), '')` }).from(contentDrafts))[0]?.value,
  });

  const WRITES = () => [
    `/api/admin/users/${userId}/status`,
    `/api/admin/users/${userId}/credit`,
    `/api/admin/users/${userId}/verify-email`,
    `/api/admin/users/${userId}/holds/release`,
    `/api/admin/cashouts/${cashoutId}/approve`,
    `/api/admin/cashouts/${cashoutId}/reject`,
    `/api/admin/payouts/${cashoutId}/retry`,
    '/api/admin/tickets/1/reply',
    '/api/admin/tickets/1/accept',
    '/api/admin/tickets/1/decline',
    '/api/admin/postbacks/1/replay',
    `/api/admin/referrals/${userId}/decide`,
    '/api/admin/staff',
    `/api/admin/staff/${userId}/remove`,
    '/api/admin/verify',
    '/api/admin/content/drafts',
    '/api/admin/content/drafts/1/publish',
    '/api/admin/content/restore',
  ];

  const HOSTILE_BODIES: ReadonlyArray<[string, string]> = [
    ['not JSON', '{"reason": '],
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"reason"'],
    ['a number as the reason', '{"reason": 12, "amount": "1", "status": "blocked", "text": "hi", "decision": "approve", "email": "a@b.co", "role": "admin", "code": "123456"}'],
    ['a reason of 501 characters', JSON.stringify({ reason: 'x'.repeat(501), amount: '1', status: 'blocked', text: 'hi', decision: 'approve', email: 'a@b.co', role: 'admin' })],
    ['a reason with an escape sequence', JSON.stringify({ reason: 'ok\u001b[2J', amount: '1', status: 'blocked', text: 'hi', decision: 'approve', email: 'a@b.co', role: 'admin' })],
    ['a reason with a bidi override', JSON.stringify({ reason: '\u202egnp.exe', amount: '1', status: 'blocked', text: 'hi', decision: 'approve', email: 'a@b.co', role: 'admin' })],
    ['an unknown field', JSON.stringify({ reason: 'fine', amount: '1', status: 'blocked', text: 'hi', decision: 'approve', email: 'a@b.co', role: 'admin', code: '1', admin: true })],
    ['__proto__', '{"__proto__": {"role": "admin"}, "reason": "x"}'],
    ['an empty object', '{}'],
  ];

  it.each(HOSTILE_BODIES)('answers every write %s with a clear 4xx and changes nothing', async (_label, payload) => {
    for (const url of WRITES()) {
      const before = await snapshot();
      const response = await app().inject({ ...asStaff(admin, 'POST', url), payload, headers: { 'content-type': 'application/json', origin: 'http://localhost' } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: expect.any(Number) });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ status: 'error', message: expect.any(String) });
      expect({ url, after: await snapshot() }).toEqual({ url, after: before });
    }
  });

  it.each<[string, string, Record<string, unknown>]>([
    ['a negative amount', 'credit', { amount: '-1', reason: 'x' }],
    ['an amount in exponent form', 'credit', { amount: '1e3', reason: 'x' }],
    ['an amount as a number', 'credit', { amount: 1.5, reason: 'x' }],
    ['NaN', 'credit', { amount: 'NaN', reason: 'x' }],
    ['zero', 'credit', { amount: '0', reason: 'x' }],
    ['over the maximum', 'credit', { amount: '10000.001', reason: 'x' }],
    ['a huge amount', 'credit', { amount: '99999999999999999999', reason: 'x' }],
    ['four decimals', 'credit', { amount: '1.0001', reason: 'x' }],
    ['a status that is not one', 'status', { status: 'deleted', reason: 'x' }],
    ['a status in SQL', 'status', { status: "blocked' or '1'='1", reason: 'x' }],
    ['a status array', 'status', { status: ['blocked'], reason: 'x' }],
  ])('refuses %s on a user action', async (_label, action, payload) => {
    const before = await snapshot();
    const response = await app().inject(asStaff(admin, 'POST', `/api/admin/users/${userId}/${action}`, payload));
    expect(response.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it.each([['0'], ['-1'], ['0x10'], ['1.5'], ['9007199254740993'], ['1e3'], ['%00'], ['abc'], ['1%20or%201=1']])('refuses the id %s in a path with 422', async (id) => {
    const before = await snapshot();
    for (const [method, url] of [
      ['GET', `/api/admin/users/${id}`],
      ['GET', `/api/admin/tickets/${id}/screenshot`],
      ['POST', `/api/admin/cashouts/${id}/approve`],
      ['POST', `/api/admin/staff/${id}/remove`],
      ['POST', `/api/admin/referrals/${id}/decide`],
      ['GET', `/api/admin/content/drafts/${id}`],
      ['POST', `/api/admin/content/drafts/${id}/publish`],
    ] as const) {
      const response = await app().inject(asStaff(admin, method, url, method === 'POST' ? { reason: 'x', decision: 'approve' } : undefined));
      expect({ url, status: response.statusCode }).toEqual({ url, status: 422 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['/api/admin/users?limit=0'],
    ['/api/admin/users?limit=101'],
    ['/api/admin/users?limit=1e2'],
    ['/api/admin/users?limit=1&limit=2'],
    ['/api/admin/users?q='],
    [`/api/admin/users?q=${'x'.repeat(201)}`],
    ['/api/admin/users?q=a&q=b'],
    ['/api/admin/users?cursor=%7B%7D'],
    ['/api/admin/users?cursor=WyJ4Il0'],
    ['/api/admin/users?sort=id'],
    ['/api/admin/cashouts?status=bogus'],
    ['/api/admin/payouts?status=pending'],
    ['/api/admin/tickets?status=closed'],
    ['/api/admin/postbacks?wall=demo%1B%5B2J'],
    ['/api/admin/postbacks?outcome=credited%27%20or%20%271%27%3D%271'],
    ['/api/admin/postbacks?user=not-an-email'],
    ['/api/admin/postbacks?user_id=-1'],
    ['/api/admin/referrals?status=maybe'],
    ['/api/admin/referrals?cursor=WyJub3QgYSBkYXRlIiwxXQ'],
    ['/api/admin/audit?command=DROP%20TABLE'],
    ['/api/admin/audit?kind=everything'],
    ['/api/admin/messages?limit=-5'],
    ['/api/admin/content/versions?file=..%2F..%2Fpackage.json'],
    ['/api/admin/content/versions?file=faq.json&file=about.json'],
    ['/api/admin/content/versions?cursor=WyJ4Il0'],
    ['/api/admin/content/versions?version=1'],
  ])('refuses the query %s with 422', async (url) => {
    const response = await app().inject(asStaff(admin, 'GET', url));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 'error', errors: expect.any(Object) });
  });

  it.each<[string, Record<string, unknown> | string]>([
    ['a file outside the content', { file: '../../package.json', text: '{}' }],
    ['a file as an array', { file: ['faq.json'], text: '{}' }],
    ['__proto__ as the file', { file: '__proto__', text: '{}' }],
    ['text as an object', { file: 'faq.json', text: { lead: 'x' } }],
    ['text over the size limit', { file: 'faq.json', text: `"${'x'.repeat(256 * 1024)}"` }],
    ['text nested thousands deep', { file: 'faq.json', text: '['.repeat(20_000) }],
    ['text with a script', { file: 'faq.json', text: '{"lead":"<script>alert(1)</script>"}' }],
    ['based_on as text', { file: 'faq.json', text: '{}', based_on: '1' }],
    ['based_on of no version', { file: 'faq.json', text: '{}', based_on: 987654 }],
    ['based_on negative', { file: 'faq.json', text: '{}', based_on: -1 }],
    ['an unknown field', { file: 'faq.json', text: '{}', published: true }],
  ])('refuses a content draft with %s (4xx) and saves nothing', async (_label, payload) => {
    const before = await snapshot();
    const response = await app().inject(asStaff(admin, 'POST', '/api/admin/content/drafts', payload));
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a version as text', { version: '1', reason: 'x' }],
    ['a fractional version', { version: 1.5, reason: 'x' }],
    ['a version past the safe integers', { version: 2 ** 60, reason: 'x' }],
    ['no reason', { version: 1 }],
    ['a version with no such row', { version: 987654, reason: 'x' }],
  ])('refuses a content restore with %s (4xx) and changes nothing', async (_label, payload) => {
    const before = await snapshot();
    const { audit: _audit, ...contentBefore } = before;
    const response = await app().inject(asStaff(admin, 'POST', '/api/admin/content/restore', payload));
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    // A refused restore of a version that does not exist is audited as failed, like ops; nothing else changes.
    const { audit: _after, ...contentAfter } = await snapshot();
    expect(contentAfter).toEqual(contentBefore);
  });

  it('answers random JSON bodies on every write with a 4xx or a refusal, never 5xx, and keeps the ledger whole', async () => {
    const value = fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('1', '2.50', 'approve', 'blocked', 'support', 'admin', 'a@b.co', 'faq.json', '{}'));
    const bodies = fc.dictionary(fc.constantFrom('reason', 'amount', 'status', 'text', 'decision', 'email', 'role', 'reference', 'code', 'file', 'version', 'based_on', 'x'), value, { maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WRITES()), bodies, async (url, payload) => {
        const response = await app().inject(asStaff(admin, 'POST', url, payload));
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    expect(await verifyLedger(db())).toEqual([]);
    // The fuzzer may have made the user another staff member or changed their status: nothing else to check.
    expect((await signUp(app())).user.staff_role).toBeNull();
  });
});
