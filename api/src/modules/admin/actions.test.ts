import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cashouts, operatorAudit, referralReviews, tickets, users } from '../../db/schema';
import { bearer, distinctAddress, signUp } from '../../test/accounts';
import { asStaff, newStaffMember, type StaffMember } from '../../test/admin-kit';
import { useTestApp } from '../../test/build-test-app';
import { databaseKind, fundedUser, ops, paypal, store } from '../../test/cashout-test-kit';
import { DETAILS, dayOf, pngImage, report } from '../../test/ticket-test-kit';
import { injectPostback, postbackFields } from '../../test/wall-test-kit';
import { balanceOf, verifyLedger } from '../ledger/ledger';

describe(`what staff do in the console, on ${databaseKind}`, () => {
  const { app, database, db } = useTestApp();
  /** A user with money and a verified email (the first cashout needs one once email verification is in). */
  const verifiedFundedUser = async (coins: number) => {
    const user = await fundedUser(app(), db(), coins);
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.user.id));
    return user;
  };
  let support: StaffMember;
  let finance: StaffMember;
  let admin: StaffMember;

  beforeAll(async () => {
    support = await newStaffMember(app(), database(), 'support');
    finance = await newStaffMember(app(), database(), 'finance');
    admin = await newStaffMember(app(), database(), 'admin');
  });

  const call = (member: StaffMember, method: 'GET' | 'POST', url: string, payload?: unknown) => app().inject(asStaff(member, method, url, payload));
  const ok = async (member: StaffMember, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await call(member, method, url, payload);
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json().data;
  };
  const latestAudit = async () => (await db().select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1))[0]!;
  const wallet = async (token: string) => (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).json().data.wallet;

  async function ticketOf(appInstance: FastifyInstance, offerName: string, withScreenshot = false) {
    const user = await signUp(appInstance);
    const files = withScreenshot ? [{ filename: 'proof.png', type: 'image/png', bytes: pngImage(3, 3) }] : [];
    const response = await report(appInstance, user.token, { wall: 'notik', offer_name: offerName, completed_at: dayOf(2), details: DETAILS }, files);
    if (response.statusCode !== 201) throw new Error(`report failed: ${response.body}`);
    return { ...user, id: response.json().data.id as number };
  }

  describe('tickets (support)', () => {
    it('lists open tickets oldest first, shows the thread and the screenshot, replies, and accepts with an amount', async () => {
      const older = await ticketOf(app(), 'Older Quest', true);
      const newer = await ticketOf(app(), 'Newer Quest');
      const listed = await ok(support, 'GET', '/api/admin/tickets');
      const ids = listed.items.map((item: { id: number }) => item.id);
      expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
      expect(listed.items.find((item: { id: number }) => item.id === older.id)).toMatchObject({ email: older.email, status: 'awaiting', has_screenshot: true, offer_name: 'Older Quest' });

      const shown = await ok(support, 'GET', `/api/admin/tickets/${older.id}`);
      expect(shown).toMatchObject({ id: older.id, email: older.email, details: DETAILS, screenshot_type: 'image/png', has_screenshot: true, messages: [] });
      expect(shown).not.toHaveProperty('screenshot_saved_to');
      expect(await latestAudit()).toMatchObject({ kind: 'read', operator: support.email, command: 'tickets:show', userEmail: older.email });

      const image = await call(support, 'GET', `/api/admin/tickets/${older.id}/screenshot`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('private, no-store');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(pngImage(3, 3))).toBe(true);
      expect(await latestAudit()).toMatchObject({ kind: 'read', operator: support.email, command: 'tickets:screenshot', userId: older.user.id });
      expect((await call(support, 'GET', `/api/admin/tickets/${newer.id}/screenshot`)).json()).toMatchObject({ status: 'error', code: 'not_found' });

      const replied = await ok(support, 'POST', `/api/admin/tickets/${older.id}/reply`, { text: 'Checking with the partner now.' });
      expect(replied).toMatchObject({ id: older.id, status: 'answered', text: 'Checking with the partner now.' });
      expect(await latestAudit()).toMatchObject({ kind: 'change', operator: support.email, command: 'tickets:reply', reason: null, outcome: 'done', userEmail: older.email });
      const thread = (await app().inject({ method: 'GET', url: `/api/tickets/${older.id}`, headers: bearer(older.token) })).json().data;
      expect(JSON.stringify(thread)).toContain('Checking with the partner now.');

      const accepted = await ok(support, 'POST', `/api/admin/tickets/${older.id}/accept`, { amount: '2.50', reason: 'Partner confirmed the completion' });
      expect(accepted).toMatchObject({ id: older.id, status: 'accepted', credited: '2.50', credited_by: 'ticket', balance: '2.50' });
      expect(await latestAudit()).toMatchObject({
        kind: 'change',
        operator: support.email,
        command: 'tickets:accept',
        arguments: [String(older.id), '2.50'],
        reason: 'Partner confirmed the completion',
        outcome: 'done',
        userEmail: older.email,
      });
      expect(await wallet(older.token)).toBe('2.50');
      // Closed: the command's own refusal.
      const again = await call(support, 'POST', `/api/admin/tickets/${older.id}/accept`, { amount: '2.50', reason: 'twice' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ status: 'error', code: 'command_refused', message: expect.stringContaining(`${older.id}`) });
      expect(await latestAudit()).toMatchObject({ operator: support.email, command: 'tickets:accept', outcome: 'failed', reason: 'twice' });
      expect(await wallet(older.token)).toBe('2.50');
    });

    it('declines with a reason the user reads; a decline without a reason is refused and changes nothing', async () => {
      const ticket = await ticketOf(app(), 'Declined Quest');
      const noReason = await call(support, 'POST', `/api/admin/tickets/${ticket.id}/decline`, {});
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().errors).toEqual({ reason: ['The reason field is required.'] });
      const declined = await ok(support, 'POST', `/api/admin/tickets/${ticket.id}/decline`, { reason: 'The offer was completed on another account' });
      expect(declined).toMatchObject({ status: 'declined', resolution: 'The offer was completed on another account' });
      expect(await latestAudit()).toMatchObject({ operator: support.email, command: 'tickets:decline', reason: 'The offer was completed on another account' });
      const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row!.status).toBe('declined');
    });

    it('pages the list with the cursor it gave, and refuses a cursor it did not give', async () => {
      for (let i = 0; i < 3; i++) await ticketOf(app(), `Paged Quest ${i}`);
      const first = await ok(support, 'GET', '/api/admin/tickets?limit=2');
      expect(first.items).toHaveLength(2);
      expect(first.next_cursor).toEqual(expect.any(String));
      const second = await ok(support, 'GET', `/api/admin/tickets?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`);
      expect(second.items[0].id).toBeGreaterThan(first.items[1].id);
      const bad = await call(support, 'GET', '/api/admin/tickets?cursor=bm9wZQ');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ cursor: ['The cursor is not one this server gave.'] });
    });
  });

  describe('cashouts (finance)', () => {
    it('shows the review queue with the rule and risk signals, and approves a cashout: audited with the staff email and reason', async () => {
      const user = await verifiedFundedUser(10_000);
      const id = (await store(app(), user.token, paypal(4))).json().data.cashout.id as number;
      const queue = await ok(finance, 'GET', '/api/admin/cashouts');
      const row = queue.items.find((item: { id: number }) => item.id === id);
      expect(row).toMatchObject({ id, email: user.email, status: 'pending', amount: '4.00', review_rule: expect.any(String) });
      const signals = Object.fromEntries(row.risk.map((signal: { key: string }) => [signal.key, signal]));
      expect(signals.account_age_days).toMatchObject({ value: 0, warn: true });
      expect(signals.cashouts_paid).toMatchObject({ value: 0, warn: true });
      expect(signals.destination_paid_before).toMatchObject({ value: false, warn: true });
      expect(signals.destination_other_accounts).toMatchObject({ value: 0, warn: false });

      const approved = await ok(finance, 'POST', `/api/admin/cashouts/${id}/approve`, { reason: 'Looks fine: long-time user' });
      expect(approved).toMatchObject({ id, status: 'paid', rail: 'manual' });
      expect(await latestAudit()).toMatchObject({
        kind: 'change',
        operator: finance.email,
        command: 'cashouts:approve',
        arguments: [String(id)],
        reason: 'Looks fine: long-time user',
        outcome: 'done',
        userId: user.user.id,
      });
      const [stored] = await db().select().from(cashouts).where(eq(cashouts.id, id));
      expect(stored!.status).toBe('paid');

      // A second account cashing out to the same PayPal address is a warning.
      const other = await verifiedFundedUser(10_000);
      const otherId = (await store(app(), other.token, paypal(3))).json().data.cashout.id as number;
      const risk = (await ok(finance, 'GET', `/api/admin/cashouts/${otherId}`)).risk;
      expect(risk.find((signal: { key: string }) => signal.key === 'destination_other_accounts')).toMatchObject({ value: 1, warn: true });
    });

    it('rejects with a reason (refunded), refuses without one, and says why a payout cannot be retried', async () => {
      const user = await verifiedFundedUser(10_000);
      const id = (await store(app(), user.token, paypal(4))).json().data.cashout.id as number;
      expect((await call(finance, 'POST', `/api/admin/cashouts/${id}/reject`, { reason: '' })).statusCode).toBe(422);
      expect(await balanceOf(db(), user.user.id)).toBe(6_000);
      const rejected = await ok(finance, 'POST', `/api/admin/cashouts/${id}/reject`, { reason: 'PayPal account not found' });
      expect(rejected).toMatchObject({ id, status: 'rejected', refunded: '4.00', balance: '10.00' });
      expect(await latestAudit()).toMatchObject({ operator: finance.email, command: 'cashouts:reject', reason: 'PayPal account not found' });
      const retry = await call(finance, 'POST', `/api/admin/payouts/${id}/retry`, { reason: 'try again' });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().message).toBe(`Cashout ${id} is rejected, not failed: only a failed cashout can be retried.`);
      expect(await latestAudit()).toMatchObject({ operator: finance.email, command: 'payouts:retry', outcome: 'failed', reason: 'try again' });
      expect((await ok(finance, 'GET', '/api/admin/payouts?status=paid')).items).toEqual(expect.any(Array));
      expect(await verifyLedger(db())).toEqual([]);
    });

    it('records each page of the review queue, each cashout shown and each payouts page as a read: the staff email and the ids shown', async () => {
      const first = await verifiedFundedUser(10_000);
      const second = await verifiedFundedUser(10_000);
      const firstId = (await store(app(), first.token, paypal(4))).json().data.cashout.id as number;
      const secondId = (await store(app(), second.token, paypal(5))).json().data.cashout.id as number;
      const readRow = { kind: 'read', operator: finance.email, reason: null, outcome: 'done' };
      const idsOf = (page: { items: Array<{ id: number }> }) => page.items.map((item) => item.id);
      // What a read row keeps of a page: the ids shown (one id alone when the page has one row).
      const resultOf = (page: { items: Array<{ id: number }> }) => (page.items.length === 1 ? { id: page.items[0]!.id } : { rows: page.items.length, ids: idsOf(page) });

      const queue = await ok(finance, 'GET', '/api/admin/cashouts?limit=100');
      expect(idsOf(queue)).toEqual(expect.arrayContaining([firstId, secondId]));
      expect(await latestAudit()).toMatchObject({
        ...readRow,
        command: 'cashouts:list',
        arguments: ['--status', 'pending', '--limit', '100'],
        userId: null,
        result: resultOf(queue),
      });
      // A page further on records the ids it shows, not the first page's.
      const onePage = await ok(finance, 'GET', '/api/admin/cashouts?limit=1');
      const nextPage = await ok(finance, 'GET', `/api/admin/cashouts?limit=1&cursor=${encodeURIComponent(onePage.next_cursor)}`);
      expect(await latestAudit()).toMatchObject({ ...readRow, command: 'cashouts:list', arguments: ['--status', 'pending', '--limit', '1'], result: resultOf(nextPage) });
      expect(nextPage.items[0].id).not.toBe(onePage.items[0].id);

      await ok(finance, 'GET', `/api/admin/cashouts/${secondId}`);
      expect(await latestAudit()).toMatchObject({ ...readRow, command: 'cashouts:show', arguments: [String(secondId)], userId: second.user.id, userEmail: second.email, result: { id: secondId } });

      await ok(finance, 'POST', `/api/admin/cashouts/${firstId}/approve`, { reason: 'Known user' });
      const paid = await ok(finance, 'GET', '/api/admin/payouts?status=paid&limit=100');
      expect(idsOf(paid)).toContain(firstId);
      expect(await latestAudit()).toMatchObject({ ...readRow, command: 'payouts:list', arguments: ['--status', 'paid', '--limit', '100'], userId: null, result: resultOf(paid) });
    });
  });

  describe('users', () => {
    it('searches email and name through trigram indexes (pg_trgm), finding any part of them, short or odd', async () => {
      const indexes = await db().execute(sql`select indexname, indexdef from pg_indexes where tablename = 'users' and indexname like '%trgm%' order by indexname`);
      expect((indexes as unknown as { rows: Array<{ indexname: string; indexdef: string }> }).rows).toEqual([
        { indexname: 'users_email_trgm_idx', indexdef: expect.stringMatching(/USING gin \(email gin_trgm_ops\)/) },
        { indexname: 'users_name_trgm_idx', indexdef: expect.stringMatching(/USING gin \(name gin_trgm_ops\)/) },
      ]);
      // With sequential scans priced out, the planner shows it can answer ILIKE '%…%' from the indexes.
      const plan = await db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const explained = await tx.execute(sql`explain select id from users where email ilike '%race_hop%' or name ilike '%race hop%'`);
        return (explained as unknown as { rows: Array<Record<string, string>> }).rows.map((row) => Object.values(row)[0]).join('\n');
      });
      expect(plan).toMatch(/users_email_trgm_idx/);
      expect(plan).toMatch(/users_name_trgm_idx/);

      const user = await signUp(app(), { name: 'Ada_Lovelace 100%' });
      const other = await signUp(app(), { name: 'AdaXLovelace 1000' });
      const idsFor = async (q: string) => (await ok(support, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}`)).items.map((item: { id: number }) => item.id);
      for (const q of ['ada_love', 'LACE 100%', 'a', 'e 1', user.email.slice(2, -3)]) expect([q, await idsFor(q)]).toEqual([q, expect.arrayContaining([user.user.id])]);
      // `_` and `%` are the text itself, not wildcards.
      expect(await idsFor('ada_love')).not.toContain(other.user.id);
      expect(await idsFor('100%')).not.toContain(other.user.id);
      expect(await idsFor('ådå lövelace')).toEqual([]);
    });

    it('finds a user by email, name or id, shows their page, and records the reads', async () => {
      const user = await signUp(app(), { name: 'Grace Hopper' });
      for (const q of [user.email.toUpperCase(), 'grace hop', String(user.user.id)]) {
        const found = await ok(support, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}`);
        expect(found.items.map((item: { id: number }) => item.id)).toContain(user.user.id);
      }
      expect(await latestAudit()).toMatchObject({ kind: 'read', operator: support.email, command: 'users:search', arguments: [String(user.user.id)] });
      expect((await ok(support, 'GET', '/api/admin/users?q=%25')).items.map((item: { email: string }) => item.email)).not.toContain(user.email);

      await ops(database(), 'users:credit', user.email, '1.25', '--reason', 'welcome');
      const page = await ok(finance, 'GET', `/api/admin/users/${user.user.id}`);
      expect(page.user).toMatchObject({ id: user.user.id, email: user.email, name: 'Grace Hopper', balance: '1.25', pending: '0.00', staff_role: null, two_factor: 'off', sign_in: ['password'] });
      expect(page.earnings).toEqual([expect.objectContaining({ kind: 'manual_credit', amount: '1.25', note: 'welcome' })]);
      expect(page.sessions).toEqual([expect.objectContaining({ ip: '127.0.0.1', revoked_at: null })]);
      expect(page.audit).toEqual(expect.arrayContaining([expect.objectContaining({ command: 'users:credit', reason: 'welcome' })]));
      expect(page).toMatchObject({ callbacks: [], tickets: [], holds: [], referrals: { count: 0, latest: [], review: null } });
      expect(await latestAudit()).toMatchObject({ kind: 'read', operator: finance.email, command: 'users:show', userId: user.user.id });
      expect((await call(finance, 'GET', '/api/admin/users/99999999')).json()).toEqual({ status: 'error', code: 'not_found', message: 'No such user.' });
    });

    it('blocks, holds, reinstates, credits and verifies the email, each audited with the staff email and reason', async () => {
      const user = await signUp(app());
      const status = (to: string, reason: string) => ok(finance, 'POST', `/api/admin/users/${user.user.id}/status`, { status: to, reason });
      expect(await status('blocked', 'chargebacks')).toMatchObject({ from: 'active', to: 'blocked', changed: true });
      expect((await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(user.token) })).statusCode).toBe(403);
      expect(await status('pending', 'waiting for documents')).toMatchObject({ to: 'pending' });
      expect(await status('active', 'documents checked')).toMatchObject({ to: 'active' });
      expect(await latestAudit()).toMatchObject({ operator: finance.email, command: 'users:status', arguments: [user.email, 'active'], reason: 'documents checked' });

      expect(await ok(finance, 'POST', `/api/admin/users/${user.user.id}/credit`, { amount: '3', reason: 'goodwill for ticket 12' })).toMatchObject({ amount: '3.00', balance: '3.00' });
      expect(await latestAudit()).toMatchObject({ operator: finance.email, command: 'users:credit', arguments: [user.email, '3'], reason: 'goodwill for ticket 12' });
      expect((await call(finance, 'POST', `/api/admin/users/${user.user.id}/credit`, { amount: '99999', reason: 'too much' })).json()).toMatchObject({ code: 'invalid_arguments' });
      expect((await call(finance, 'POST', `/api/admin/users/${user.user.id}/credit`, { amount: '1' })).statusCode).toBe(422);
      expect(await balanceOf(db(), user.user.id)).toBe(3_000);

      expect(await ok(support, 'POST', `/api/admin/users/${user.user.id}/verify-email`, { reason: 'Checked by a reply from the address' })).toMatchObject({ email_verified: true, changed: true });
      expect(await latestAudit()).toMatchObject({ operator: support.email, command: 'users:verify-email', reason: 'Checked by a reply from the address' });
      expect(await ok(finance, 'POST', `/api/admin/users/${user.user.id}/holds/release`, { reason: 'trusted' })).toMatchObject({ released: [], amount: '0.00' });
      const earnings = await ok(support, 'GET', `/api/admin/users/${user.user.id}/earnings?limit=1`);
      expect(earnings.items).toHaveLength(1);
      expect(earnings.next_cursor).toBeNull();
    });
  });

  describe('postbacks, referrals, messages', () => {
    it('searches the callback log, shows a raw callback, and replays it (finance)', async () => {
      const user = await signUp(app(), {}, { from: distinctAddress() });
      const fields = postbackFields({ user_id: String(user.user.id), payout: '1.25' });
      await injectPostback(app(), fields);
      const listed = await ok(support, 'GET', `/api/admin/postbacks?user_id=${user.user.id}`);
      expect(listed.items).toEqual([expect.objectContaining({ wall: 'demo', outcome: 'credited', txid: fields.txid, amount: '1.25' })]);
      expect(listed.items[0]).not.toHaveProperty('query');
      expect(await latestAudit()).toMatchObject({ kind: 'read', operator: support.email, command: 'postbacks:list', arguments: ['--user', user.email] });
      const raw = await ok(support, 'GET', `/api/admin/postbacks/${listed.items[0].id}`);
      expect(raw).toMatchObject({ method: 'GET', query: expect.stringContaining(`txid=${fields.txid}`) });
      expect((await ok(support, 'GET', `/api/admin/postbacks?user=${encodeURIComponent(user.email)}&outcome=refused`)).items).toEqual([]);

      const replayed = await ok(finance, 'POST', `/api/admin/postbacks/${listed.items[0].id}/replay`, { reason: 'checking idempotence' });
      expect(replayed).toMatchObject({ replayed_id: listed.items[0].id, outcome: 'duplicate' });
      expect(await latestAudit()).toMatchObject({ operator: finance.email, command: 'postbacks:replay', reason: 'checking idempotence', userId: user.user.id });
      expect(await balanceOf(db(), user.user.id)).toBe(1_250);
    });

    it('lists flagged referrals and decides one (finance)', async () => {
      const referrer = await signUp(app(), {}, { from: distinctAddress() });
      const friend = await signUp(app(), {}, { from: distinctAddress() });
      await db().update(users).set({ referredBy: referrer.user.id }).where(eq(users.id, friend.user.id));
      await db().insert(referralReviews).values({ referredUserId: friend.user.id, referrerId: referrer.user.id, signals: 'same device at sign-up' });
      const flagged = await ok(finance, 'GET', '/api/admin/referrals');
      expect(flagged.items).toEqual(expect.arrayContaining([expect.objectContaining({ referred_user_id: friend.user.id, referrer_email: referrer.email, status: 'pending', signals: 'same device at sign-up' })]));
      const decided = await ok(finance, 'POST', `/api/admin/referrals/${friend.user.id}/decide`, { decision: 'reject', reason: 'same person' });
      expect(decided).toMatchObject({ decision: 'reject', status: 'rejected', changed: true });
      expect(await latestAudit()).toMatchObject({ operator: finance.email, command: 'referrals:decide', arguments: [friend.email, 'reject'], reason: 'same person' });
      expect((await ok(finance, 'GET', '/api/admin/referrals?status=rejected')).items.map((item: { referred_user_id: number }) => item.referred_user_id)).toContain(friend.user.id);
    });

    it('lists contact messages newest first (support), recorded as a read', async () => {
      const sent = await app().inject({ method: 'POST', url: '/api/contact', payload: { name: 'Pat', email: 'pat@example.com', subject: 'Hello', message: 'Where is my reward?' } });
      expect(sent.statusCode).toBe(201);
      const listed = await ok(support, 'GET', '/api/admin/messages?limit=5');
      expect(listed.items[0]).toMatchObject({ email: 'pat@example.com', subject: 'Hello', message: 'Where is my reward?' });
      expect(await latestAudit()).toMatchObject({ kind: 'read', operator: support.email, command: 'contact:list' });
    });
  });

  describe('overview, audit, staff (admin)', () => {
    it('shows what waits and the last 24 hours of credits and reversals by hour', async () => {
      const user = await signUp(app());
      await ops(database(), 'users:credit', user.email, '2', '--reason', 'chart');
      const overview = await ok(support, 'GET', '/api/admin/overview');
      expect(overview.hourly).toHaveLength(24);
      const thisHour = overview.hourly[23];
      expect(new Date(thisHour.hour).getTime()).toBe(Math.floor(Date.now() / 3_600_000) * 3_600_000);
      expect(thisHour.credits_coins).toBeGreaterThanOrEqual(2_000);
      expect(overview).toMatchObject({ open_tickets: { total: expect.any(Number) }, cashouts_in_review: expect.any(Number), failing_payouts: expect.any(Number) });
    });

    it('filters the audit log by staff, user and command, and reports the hash chain intact', async () => {
      const byFinance = await ok(admin, 'GET', `/api/admin/audit?operator=${encodeURIComponent(finance.email)}&command=users:credit`);
      expect(byFinance.items.length).toBeGreaterThan(0);
      for (const row of byFinance.items) expect(row).toMatchObject({ operator: finance.email, command: 'users:credit' });
      const reads = await ok(admin, 'GET', `/api/admin/audit?kind=read&limit=2`);
      expect(reads.items.every((row: { kind: string }) => row.kind === 'read')).toBe(true);
      const target = byFinance.items[0].user_email as string;
      const aboutUser = await ok(admin, 'GET', `/api/admin/audit?user=${encodeURIComponent(target)}`);
      expect(aboutUser.items.every((row: { user_email: string }) => row.user_email === target)).toBe(true);
      const chain = await ok(admin, 'GET', '/api/admin/audit/verify');
      expect(chain).toMatchObject({ ok: true, broken: null, head: { hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
      expect(chain.rows).toBeGreaterThan(10);
    });

    it('adds, lists and removes staff (staff:add / staff:remove), never the admin themselves', async () => {
      const newcomer = await signUp(app());
      const added = await ok(admin, 'POST', '/api/admin/staff', { email: newcomer.email, role: 'support', reason: 'new hire' });
      expect(added).toMatchObject({ email: newcomer.email, role: 'support', from: null, changed: true });
      expect(await latestAudit()).toMatchObject({ operator: admin.email, command: 'staff:add', arguments: [newcomer.email, 'support'], reason: 'new hire' });
      expect((await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(newcomer.token) })).json().data.staff_role).toBe('support');
      const listed = await ok(admin, 'GET', '/api/admin/staff');
      expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ email: newcomer.email, role: 'support', added_by: admin.email, reason: 'new hire', two_factor: 'off' })]));
      const self = await call(admin, 'POST', `/api/admin/staff/${admin.user.id}/remove`, { reason: 'oops' });
      expect(self.statusCode).toBe(409);
      expect((await call(admin, 'POST', '/api/admin/staff', { email: admin.email, role: 'support', reason: 'oops' })).statusCode).toBe(409);
      expect(await ok(admin, 'POST', `/api/admin/staff/${newcomer.user.id}/remove`, { reason: 'changed teams' })).toMatchObject({ email: newcomer.email, role: 'support', removed: true });
      expect(await latestAudit()).toMatchObject({ operator: admin.email, command: 'staff:remove', reason: 'changed teams' });
      expect((await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(newcomer.token) })).json().data.staff_role).toBeNull();
    });
  });
});
