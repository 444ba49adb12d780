import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { operatorAudit, tickets } from '../db/schema';
import { balanceOf } from '../modules/ledger/ledger';
import { bearer, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { DETAILS, dayOf, pngImage, report } from '../test/ticket-test-kit';
import { formatDuration } from './tickets';
import { runOpsCapturing } from '../test/ops-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`ops tickets:* on ${kind}`, () => {
  const { database, db, app } = useTestApp();
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'tickets-ops-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const ops = (...argv: string[]) => runOpsCapturing(database(), argv, { invocation: { operator: 'support-ann', cwd: folder } });
  const json = async <T>(...argv: string[]): Promise<T> => JSON.parse((await ops(...argv, '--json')).out).result as T;
  const latestAudit = async () => (await db().select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1))[0]!;

  async function ticketOf(offerName: string, files: Parameters<typeof report>[3] = []) {
    const user = await signUp(app());
    const response = await report(app(), user.token, { wall: 'notik', offer_name: offerName, completed_at: dayOf(2), details: DETAILS }, files);
    if (response.statusCode !== 201) throw new Error(`report failed: ${response.body}`);
    return { ...user, id: response.json().data.id as number };
  }
  const detailOf = async (token: string, id: number) => (await app().inject({ method: 'GET', url: `/api/tickets/${id}`, headers: bearer(token) })).json().data;

  it('tickets:list says so when there are none, then lists newest first with the user and the offer, filtered by status', async () => {
    expect(await ops('tickets:list')).toMatchObject({ code: 0, out: 'No tickets.' });
    const first = await ticketOf('First Quest');
    const second = await ticketOf('Second Quest');
    const { code, out } = await ops('tickets:list');
    expect(code).toBe(0);
    expect(out.indexOf(second.email)).toBeLessThan(out.indexOf(first.email));
    expect(out).toMatch(new RegExp(`${second.id} +${second.email.replace(/[.+]/g, '\\$&')} +Second Quest \\(wall notik\\) +${dayOf(2)} +awaiting +-`));
    expect(out).toMatch(/2 tickets$/);
    expect(await ops('tickets:list', '--status', 'accepted')).toMatchObject({ code: 0, out: 'No accepted tickets.' });
    const listed = await json<Array<{ id: number; email: string; status: string }>>('tickets:list', '--status', 'awaiting', '--limit', '1');
    expect(listed).toEqual([expect.objectContaining({ id: second.id, email: second.email, status: 'awaiting', offer_name: 'Second Quest', wall: 'notik' })]);
  });

  it('tickets:show shows what the user wrote and the thread, and --screenshot saves the image (never over a file)', async () => {
    const image = pngImage(4, 4);
    const ticket = await ticketOf('Shown Quest', [{ filename: 'a.png', type: 'image/png', bytes: image }]);
    await app().inject({ method: 'POST', url: `/api/tickets/${ticket.id}/messages`, headers: bearer(ticket.token), payload: { text: 'Any news?' } });
    const shown = await ops('tickets:show', String(ticket.id));
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`user:`);
    expect(shown.out).toContain(ticket.email);
    expect(shown.out).toContain('Shown Quest (wall notik)');
    expect(shown.out).toContain(`  ${DETAILS}`);
    expect(shown.out).toMatch(/user +Any news\?/);
    expect(shown.out).toContain('image/png');

    const saved = await ops('tickets:show', String(ticket.id), '--screenshot', 'proof.png');
    expect(saved.code).toBe(0);
    expect(Buffer.compare(await readFile(join(folder, 'proof.png')), image)).toBe(0);
    await writeFile(join(folder, 'taken.png'), 'mine');
    const refused = await ops('tickets:show', String(ticket.id), '--screenshot', 'taken.png');
    expect(refused).toMatchObject({ code: 1, err: `${join(folder, 'taken.png')} exists already: name a new file` });
    expect(await readFile(join(folder, 'taken.png'), 'utf8')).toBe('mine');
    const none = await ticketOf('No Picture');
    expect(await ops('tickets:show', String(none.id), '--screenshot', 'none.png')).toMatchObject({ code: 1, err: `Ticket ${none.id} has no screenshot` });
    expect(await ops('tickets:show', '99999999')).toMatchObject({ code: 1, err: 'No ticket with id 99999999' });
  });

  it('tickets:reply answers as Support: the ticket is answered, audited with the operator; a user reply makes it awaiting again', async () => {
    const ticket = await ticketOf('Reply Quest');
    const replied = await ops('tickets:reply', String(ticket.id), 'We', 'asked', 'the', 'partner.');
    expect(replied).toMatchObject({ code: 0, out: `Ticket ${ticket.id}: replied; the ticket is answered.` });
    expect(await latestAudit()).toMatchObject({ command: 'tickets:reply', operator: 'support-ann', outcome: 'done', userEmail: ticket.email });
    const detail = await detailOf(ticket.token, ticket.id);
    expect(detail).toMatchObject({ status: 'answered', messages: [{ author: 'support', text: 'We asked the partner.' }] });
    expect(JSON.stringify(detail)).not.toContain('support-ann');

    await app().inject({ method: 'POST', url: `/api/tickets/${ticket.id}/messages`, headers: bearer(ticket.token), payload: { text: 'Thanks!' } });
    expect((await detailOf(ticket.token, ticket.id)).status).toBe('awaiting');
  });

  it('tickets:accept credits at once, tells the user the reason, and is audited; accepting again fails, audited as failed', async () => {
    const ticket = await ticketOf('Accept Quest');
    const accepted = await ops('tickets:accept', String(ticket.id), '2.50', '--reason', 'The partner confirmed the completion');
    expect(accepted.code).toBe(0);
    expect(accepted.out).toContain(`Ticket ${ticket.id}: accepted; $2.50 credited, the user's balance is now $2.50.`);
    expect(await balanceOf(db(), ticket.user.id)).toBe(2_500);
    expect(await latestAudit()).toMatchObject({ command: 'tickets:accept', arguments: [String(ticket.id), '2.50'], reason: 'The partner confirmed the completion', outcome: 'done', userId: ticket.user.id });
    expect(await detailOf(ticket.token, ticket.id)).toMatchObject({ status: 'accepted', credited: '2.50', resolution: 'The partner confirmed the completion' });

    const again = await ops('tickets:accept', String(ticket.id), '2.50', '--reason', 'twice');
    expect(again).toMatchObject({ code: 1, err: `Ticket ${ticket.id} is accepted already: only an open ticket (awaiting or answered) can be changed.` });
    expect(await latestAudit()).toMatchObject({ command: 'tickets:accept', outcome: 'failed', userEmail: ticket.email });
    expect(await balanceOf(db(), ticket.user.id)).toBe(2_500);
    expect(await ops('tickets:reply', String(ticket.id), 'more')).toMatchObject({ code: 1 });
  });

  it('tickets:decline closes it with the reason the user reads; the user can no longer reply', async () => {
    const ticket = await ticketOf('Decline Quest');
    expect(await ops('tickets:decline', String(ticket.id), '--reason', 'The partner has no record of this completion.')).toMatchObject({ code: 0 });
    expect(await latestAudit()).toMatchObject({ command: 'tickets:decline', outcome: 'done', reason: 'The partner has no record of this completion.' });
    expect(await detailOf(ticket.token, ticket.id)).toMatchObject({ status: 'declined', resolution: 'The partner has no record of this completion.', credited: null });
    const reply = await app().inject({ method: 'POST', url: `/api/tickets/${ticket.id}/messages`, headers: bearer(ticket.token), payload: { text: 'But I did!' } });
    expect(reply.statusCode).toBe(422);
    expect(await balanceOf(db(), ticket.user.id)).toBe(0);
  });

  it('tickets:stats counts open tickets and the medians of the last 30 days', async () => {
    await db().execute(sql`delete from ticket_messages`);
    await db().delete(tickets);
    const answered = [await ticketOf('S1'), await ticketOf('S2'), await ticketOf('S3')];
    await ticketOf('Still waiting');
    for (const ticket of answered) await ops('tickets:reply', String(ticket.id), 'Looking into it');
    // Reported 1, 2 and 4 hours before their answer; two resolved 6 and 10 hours after the report.
    for (const [ticket, hours] of [[answered[0]!, 1], [answered[1]!, 2], [answered[2]!, 4]] as const) {
      await db().update(tickets).set({ createdAt: sql`first_answered_at - make_interval(hours => ${hours}::int)` }).where(eq(tickets.id, ticket.id));
    }
    await ops('tickets:decline', String(answered[0]!.id), '--reason', 'no');
    await ops('tickets:accept', String(answered[1]!.id), '1', '--reason', 'yes');
    await db().update(tickets).set({ resolvedAt: sql`created_at + interval '6 hours'` }).where(eq(tickets.id, answered[0]!.id));
    await db().update(tickets).set({ resolvedAt: sql`created_at + interval '10 hours'` }).where(eq(tickets.id, answered[1]!.id));
    // Answered long ago: outside the window.
    const old = await ticketOf('Old');
    await ops('tickets:reply', String(old.id), 'old');
    await db().update(tickets).set({ createdAt: sql`now() - interval '40 days'`, firstAnsweredAt: sql`now() - interval '39 days'` }).where(eq(tickets.id, old.id));

    const stats = await ops('tickets:stats');
    expect(stats.code).toBe(0);
    expect(stats.out).toMatch(/open tickets: +3 \(1 awaiting an answer, 2 answered\)/);
    expect(stats.out).toMatch(/first answers, 30 days: +3, median 2h 00m after the report/);
    expect(stats.out).toMatch(/resolutions, 30 days: +2, median 8h 00m after the report/);
    expect(await json('tickets:stats')).toMatchObject({ open: 3, awaiting: 1, answered: 2, first_answers: 3, median_seconds_to_first_answer: 7200, resolutions: 2, median_seconds_to_resolution: 28800 });
  });

  it.each<[string, string[]]>([
    ['a list status that is not one', ['tickets:list', '--status', 'open']],
    ['a show without an id', ['tickets:show']],
    ['a show with a hex id', ['tickets:show', '0x10']],
    ['a show with a stray option', ['tickets:show', '1', '--screenshot']],
    ['a reply without text', ['tickets:reply', '1']],
    ['a reply of 2,001 characters', ['tickets:reply', '1', 'x'.repeat(2001)]],
    ['a reply with an escape sequence', ['tickets:reply', '1', 'hi\u001b[2J']],
    ['an accept without a reason', ['tickets:accept', '1', '2.50']],
    ['an accept of a negative amount', ['tickets:accept', '1', '-1', '--reason', 'x']],
    ['an accept of NaN', ['tickets:accept', '1', 'NaN', '--reason', 'x']],
    ['an accept over $10,000', ['tickets:accept', '1', '10000.01', '--reason', 'x']],
    ['an accept with an id past 2^53', ['tickets:accept', '9007199254740993', '1', '--reason', 'x']],
    ['a decline without a reason', ['tickets:decline', '1']],
    ['stats with arguments', ['tickets:stats', '--days', '7']],
  ])('refuses %s with exit 2 and changes nothing', async (_label, argv) => {
    const before = await db().select({ value: sql<number>`count(*)` }).from(operatorAudit);
    expect((await ops(...argv)).code).toBe(2);
    expect(await db().select({ value: sql<number>`count(*)` }).from(operatorAudit)).toEqual(before);
  });

  it('formats durations an operator reads at a glance', () => {
    expect([formatDuration(null), formatDuration(42), formatDuration(600), formatDuration(7_260), formatDuration(3 * 86_400 + 4 * 3_600)]).toEqual(['-', '42s', '10m', '2h 01m', '3d 4h']);
  });
});
