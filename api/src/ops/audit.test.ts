import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { operatorAudit, postbackCallbacks, users } from '../db/schema';
import { paypal, store } from '../test/cashout-test-kit';
import { DETAILS, dayOf, report } from '../test/ticket-test-kit';
import { markEmailVerified } from '../modules/account/repository';
import { appendLedgerEntry, balanceOf } from '../modules/ledger/ledger';
import { injectPostback, postbackFields } from '../test/wall-test-kit';
import { distinctAddress, type SignedUp, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { defineCommand, OpsError, type OpsCommand } from './command';
import { COMMANDS } from './commands';
import { localInvocation } from './run-ops';
import { runOpsCapturing } from '../test/ops-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`the operators' audit log on ${kind}`, () => {
  const { database, db, app } = useTestApp();
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'rewards-audit-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const ops = (argv: string[], { commands = COMMANDS, operator = 'grace' }: { commands?: readonly OpsCommand[]; operator?: string } = {}) =>
    runOpsCapturing(database(), argv, { commands, invocation: { operator, cwd: scratch } });

  async function json(argv: string[]) {
    const result = await ops([...argv, '--json']);
    return { code: result.code, body: JSON.parse(result.out) as { ok: boolean; result?: unknown; error?: string; notes: string[] } };
  }

  const auditCount = async () => (await db().select({ value: count() }).from(operatorAudit))[0]?.value ?? 0;
  const lastAudit = async () => (await db().select().from(operatorAudit).orderBy(sql`${operatorAudit.id} desc`).limit(1))[0];

  async function pendingCashout({ user, token }: SignedUp): Promise<number> {
    await appendLedgerEntry(db(), { userId: user.id, amountCoins: 5_000, kind: 'manual_credit', note: 'test' });
    await markEmailVerified(db(), user.id);
    const response = await store(app(), token, paypal(1));
    if (response.statusCode !== 200) throw new Error(`cashout failed: ${response.body}`);
    return response.json().data.cashout.id as number;
  }

  it('records a credit with its operator, arguments, reason, user and result, in the same transaction', async () => {
    const { email, user } = await signUp(app());
    const result = await ops(['users:credit', email, '3', '--reason', 'goodwill', 'for', 'ticket', '12'], { operator: 'ada.ops' });
    expect(result.code).toBe(0);
    const row = await lastAudit();
    expect(row).toMatchObject({
      operator: 'ada.ops',
      command: 'users:credit',
      arguments: [email, '3'],
      reason: 'goodwill for ticket 12',
      userId: user.id,
      userEmail: email,
      outcome: 'done',
      result: { user_id: user.id, email, amount: '3.00', amount_coins: 3_000, balance: '3.00', balance_coins: 3_000 },
    });
    expect(row?.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records status changes, approvals, rejections and imports; a failure with its error', async () => {
    const signedUp = await signUp(app());
    const { email } = signedUp;
    const before = await auditCount();
    const approved = await pendingCashout(signedUp);
    const rejected = await pendingCashout(signedUp);
    expect((await ops(['users:status', email, 'blocked', '--reason', 'chargebacks'])).code).toBe(0);
    expect((await ops(['cashouts:approve', String(approved), '--reason', 'paid by PayPal'])).code).toBe(0);
    expect((await ops(['cashouts:reject', String(rejected), '--reason', 'wrong', 'account'])).code).toBe(0);
    const catalog = join(scratch, 'one.json');
    await writeFile(catalog, JSON.stringify({ offers: [{ offer_id: 'audit-one', name: 'Audit', title: 'Try', image_url: '/x.svg', rate: 3, platforms: ['iOS'], payout: 1 }] }));
    expect((await ops(['offers:import', 'one.json'])).code).toBe(0);
    expect((await ops(['cashouts:approve', String(approved), '--reason', 'again'])).code).toBe(1);

    const rows = await db().select().from(operatorAudit).where(sql`${operatorAudit.id} > (select coalesce(max(id), 0) - 5 from operator_audit)`).orderBy(operatorAudit.id);
    expect(await auditCount()).toBe(before + 5);
    expect(rows.map((row) => [row.command, row.outcome, row.reason, row.userEmail])).toEqual([
      ['users:status', 'done', 'chargebacks', email],
      ['cashouts:approve', 'done', 'paid by PayPal', email],
      ['cashouts:reject', 'done', 'wrong account', email],
      ['offers:import', 'done', null, null],
      ['cashouts:approve', 'failed', 'again', email],
    ]);
    expect(rows[0]?.result).toMatchObject({ from: 'active', to: 'blocked' });
    expect(rows[2]?.result).toMatchObject({ id: rejected, status: 'rejected', refunded: '1.00' });
    expect(rows[3]?.result).toMatchObject({ file: catalog, created: 1 });
    expect(rows[4]?.result).toEqual({ error: `Cashout ${approved} is paid, not pending: only a pending cashout can be reviewed (and a failed one rejected).` });
  });

  it('records postback replays and referral decisions with their reasons, about the user they concern', async () => {
    const address = distinctAddress();
    const referrer = await signUp(app(), {}, { from: address });
    // Signed up from the referrer's address: flagged as a possible self-referral on the first credit.
    const friend = await signUp(app(), { referral_code: referrer.user.referral_code }, { from: address });
    const fields = postbackFields({ user_id: String(friend.user.id), payout: '2.00' });
    expect((await injectPostback(app(), fields)).statusCode).toBe(200);
    const [callback] = await db().select().from(postbackCallbacks).where(eq(postbackCallbacks.txid, fields.txid));
    const before = await auditCount();

    expect((await ops(['postbacks:replay', String(callback!.id), '--reason', 'ticket 7: did it credit?'])).code).toBe(0);
    expect((await ops(['referrals:decide', friend.email, 'approve', '--reason', 'siblings,', 'checked ID'])).code).toBe(0);
    expect((await ops(['referrals:decide', friend.email, 'reject'])).code).toBe(2);
    expect((await ops(['postbacks:list', '--txid', fields.txid])).code).toBe(0);
    expect((await ops(['referrals:list'])).code).toBe(0);

    expect(await auditCount()).toBe(before + 2);
    const rows = await db().select().from(operatorAudit).orderBy(sql`${operatorAudit.id} desc`).limit(2);
    expect(rows.reverse().map((row) => [row.command, row.arguments, row.reason, row.userId, row.userEmail, row.outcome])).toEqual([
      ['postbacks:replay', [String(callback!.id)], 'ticket 7: did it credit?', friend.user.id, friend.email, 'done'],
      ['referrals:decide', [friend.email, 'approve'], 'siblings, checked ID', friend.user.id, friend.email, 'done'],
    ]);
    expect(rows[0]?.result).toMatchObject({ replayed_id: callback!.id, outcome: 'duplicate', amount_coins: 0 });
    expect(rows[1]?.result).toMatchObject({ status: 'approved', referrer_id: referrer.user.id, paid_coins: 100, paid_conversions: 1 });
    expect(await balanceOf(db(), referrer.user.id)).toBe(100);
    const listed = await ops(['audit', '--user', friend.email]);
    expect(listed.out).toMatch(/referrals:decide .* siblings, checked ID .* done\s+changed=true decision=approve from=pending paid=0\.10 /);
    expect(listed.out).toMatch(/postbacks:replay .* ticket 7: did it credit\? .* done\s+amount=0\.00 outcome=duplicate/);
  });

  it('writes nothing for reads of no personal data and for wrong usage', async () => {
    const { email } = await signUp(app());
    const before = await auditCount();
    for (const argv of [
      ['users:show', email, 'extra'],
      ['cashouts:list', '--status', 'done'],
      ['ledger:verify'],
      ['audit'],
      ['postbacks:list'],
      ['referrals:list'],
      ['users:credit', email, '1'],
      ['users:credit', email, 'x', '--reason', 'y'],
      ['postbacks:replay', '1'],
      ['referrals:decide', email, 'approve'],
    ]) {
      expect((await ops(argv)).code).not.toBe(1);
    }
    // A read that found nothing showed nothing.
    expect((await ops(['users:show', 'nobody-here@example.com'])).code).toBe(1);
    expect(await auditCount()).toBe(before);
  });

  it('records each read of personal data (who, which command and arguments, whose, which records), never the data', async () => {
    const { email, user } = await signUp(app(), { name: 'Read Me' });
    const contact = await app().inject({ method: 'POST', url: '/api/contact', payload: { name: 'Ada Reader', email: 'ada.reader@example.com', subject: 'Hi', message: 'My secret message' } });
    expect(contact.statusCode).toBe(201);
    const ticket = await report(app(), (await signUp(app())).token, { wall: 'notik', offer_name: 'Quest', completed_at: dayOf(2), details: DETAILS });
    expect(ticket.statusCode).toBe(201);
    const ticketId = ticket.json().data.id as number;

    const readRows = async (since: number) => (await db().select().from(operatorAudit).where(sql`${operatorAudit.id} > ${since}`).orderBy(operatorAudit.id)).filter((row) => row.kind === 'read');
    const before = (await lastAudit())?.id ?? 0;
    expect((await ops(['users:show', email], { operator: 'reader' })).code).toBe(0);
    expect((await ops(['postbacks:list', '--user', email], { operator: 'reader' })).code).toBe(0);
    expect((await ops(['postbacks:list', '--user', email, '--json'], { operator: 'reader' })).code).toBe(0);
    expect((await ops(['contact:list', '--limit', '5'], { operator: 'reader' })).code).toBe(0);
    expect((await ops(['tickets:show', String(ticketId)], { operator: 'reader' })).code).toBe(0);
    expect((await ops(['cashouts:list', '--limit', '5'], { operator: 'reader' })).code).toBe(0);

    const rows = await readRows(before);
    expect(rows.map((row) => [row.operator, row.command, row.arguments, row.outcome, row.reason])).toEqual([
      ['reader', 'users:show', [email], 'done', null],
      // Without --json the table leaves out the raw callbacks: no read row.
      ['reader', 'postbacks:list', ['--user', email], 'done', null],
      ['reader', 'contact:list', ['--limit', '5'], 'done', null],
      ['reader', 'tickets:show', [String(ticketId)], 'done', null],
      ['reader', 'cashouts:list', ['--limit', '5'], 'done', null],
    ]);
    expect(rows[0]).toMatchObject({ userId: user.id, userEmail: email, result: { id: user.id } });
    expect(rows[1]).toMatchObject({ userId: user.id, userEmail: email, result: { rows: 0, ids: [] } });
    expect(rows[2]?.result).toMatchObject({ rows: expect.any(Number), ids: expect.arrayContaining([contact.json().data?.id ?? expect.any(Number)]) });
    expect(rows[3]).toMatchObject({ userId: expect.any(Number), result: { id: ticketId } });
    expect(rows[4]?.result).toMatchObject({ rows: expect.any(Number), ids: expect.any(Array) });
    expect(JSON.stringify(rows)).not.toContain('My secret message');
    expect(JSON.stringify(rows)).not.toContain('Read Me');

    const listed = await ops(['audit', '--user', email]);
    expect(listed.out).toMatch(/reader\s+read\s+users:show/);
  });

  it('shows nothing when the read cannot be recorded', async () => {
    const { email } = await signUp(app());
    const failing = COMMANDS.map((command) =>
      command.name !== 'users:show'
        ? command
        : { ...command, prepare: (args: readonly string[], invocation: Parameters<OpsCommand['prepare']>[1]) => {
            const work = command.prepare(args, invocation);
            // The audit insert runs after the work: a broken table makes it fail.
            return async (context: Parameters<ReturnType<OpsCommand['prepare']>>[0]) => {
              const result = await work(context);
              await context.db.execute(sql`create temporary table operator_audit (id int) on commit drop`);
              return result;
            };
          } },
    );
    const result = await ops(['users:show', email], { commands: failing });
    expect(result.code).toBe(1);
    expect(result.out).not.toContain(email);
  });

  it('records a failed change, and a change that failed halfway leaves no trace but its failure row', async () => {
    const before = await auditCount();
    expect(await ops(['users:credit', 'nobody@example.com', '1', '--reason', 'test'])).toMatchObject({ code: 1, err: 'No user with email nobody@example.com' });
    expect(await lastAudit()).toMatchObject({ command: 'users:credit', outcome: 'failed', userId: null, result: { error: 'No user with email nobody@example.com' } });

    const { email, user } = await signUp(app());
    const halfway = defineCommand({
      name: 'test:halfway',
      usage: 'test:halfway',
      summary: 'credits, then fails',
      reason: 'required',
      parse: () => ({}),
      async run(context) {
        context.concerns(user);
        await appendLedgerEntry(context.db, { userId: user.id, amountCoins: 7_000, kind: 'manual_credit', note: 'halfway' });
        throw new OpsError('the second step failed');
      },
    });
    expect(await ops(['test:halfway', '--reason', 'try'], { commands: [halfway] })).toMatchObject({ code: 1, err: 'the second step failed' });
    expect(await balanceOf(db(), user.id)).toBe(0);
    expect(await lastAudit()).toMatchObject({ command: 'test:halfway', outcome: 'failed', userEmail: email, result: { error: 'the second step failed' } });
    expect(await auditCount()).toBe(before + 2);
  });

  it('audits any command that wrote, even one that declares no reason rule or says it only reads', async () => {
    const { user } = await signUp(app());
    const writes = (name: string, reason?: 'none') =>
      defineCommand({
        name,
        usage: name,
        summary: 'writes without saying so',
        ...(reason ? { reason } : {}),
        parse: () => ({}),
        async run({ db: tx }) {
          await tx.update(users).set({ name: `Renamed by ${name}` }).where(eq(users.id, user.id));
          return { renamed: user.id };
        },
      });
    const reads = defineCommand({ name: 'test:reads', usage: 'test:reads', summary: 'reads', parse: () => ({}), run: async ({ db: tx }) => tx.select({ value: count() }).from(users) });
    const before = await auditCount();
    expect((await ops(['test:reads'], { commands: [reads] })).code).toBe(0);
    expect(await auditCount()).toBe(before);
    expect((await ops(['test:silent'], { commands: [writes('test:silent')] })).code).toBe(0);
    expect(await lastAudit()).toMatchObject({ command: 'test:silent', outcome: 'done', reason: null, result: { renamed: user.id } });
    expect((await ops(['test:claims-read-only'], { commands: [writes('test:claims-read-only', 'none')] })).code).toBe(0);
    expect(await lastAudit()).toMatchObject({ command: 'test:claims-read-only', outcome: 'done' });
  });

  it('cannot be changed or deleted through the database the application uses', async () => {
    const { email } = await signUp(app());
    await ops(['users:credit', email, '1', '--reason', 'keep me']);
    const row = await lastAudit();
    const refused = /operator_audit is append-only/;
    await expect(db().update(operatorAudit).set({ reason: 'rewritten' }).where(eq(operatorAudit.id, row!.id))).rejects.toThrow();
    await expect(db().delete(operatorAudit).where(eq(operatorAudit.id, row!.id))).rejects.toThrow();
    await expect(db().execute(sql`truncate operator_audit`)).rejects.toThrow();
    const errors = await Promise.all([
      db().update(operatorAudit).set({ reason: 'x' }).catch((error: Error) => `${error.message} ${String((error as Error & { cause?: Error }).cause?.message)}`),
      db().delete(operatorAudit).catch((error: Error) => `${error.message} ${String((error as Error & { cause?: Error }).cause?.message)}`),
    ]);
    for (const message of errors) expect(message).toMatch(refused);
    expect(await lastAudit()).toEqual(row);
  });

  describe('pnpm ops audit', () => {
    it('lists the newest first as a table with the reason; --limit and --user narrow it', async () => {
      const first = await signUp(app());
      const second = await signUp(app());
      await ops(['users:credit', first.email, '1', '--reason', 'first goodwill']);
      await ops(['users:credit', second.email, '2', '--reason', 'second goodwill']);
      await ops(['users:status', first.email, 'pending', '--reason', 'identity check']);

      const latest = await ops(['audit', '--limit', '2']);
      expect(latest.code).toBe(0);
      const lines = latest.out.split('\n');
      expect(lines[0]).toMatch(/^id\s+when\s+operator\s+kind\s+command\s+arguments\s+reason\s+user\s+outcome\s+result$/);
      expect(lines[1]).toMatch(/^-+\s+-+/);
      expect(lines[2]).toMatch(new RegExp(`^\\d+\\s+\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\s+grace\\s+change\\s+users:status\\s+${first.email}\\s+pending\\s+identity check\\s+${first.email}\\s+done\\s+changed=true from=active to=pending$`));
      expect(lines[3]).toMatch(/users:credit .* second goodwill .* done\s+amount=2\.00 balance=2\.00 ledger_entry_id=\d+$/);
      expect(lines).toContain('The newest 2; --limit shows more.');
      expect(lines).toHaveLength(6);

      const mine = await ops(['audit', '--user', first.email.toUpperCase()]);
      const mineRows = mine.out.split('\n').slice(2);
      expect(mineRows).toHaveLength(2);
      expect(mineRows[0]).toContain('identity check');
      expect(mineRows[1]).toContain('first goodwill');
      expect((await ops(['audit', '--user', 'nobody@example.com'])).out).toBe('No operator actions about nobody@example.com.');
    });

    it('--json answers every field, newest first', async () => {
      const { email, user } = await signUp(app());
      await ops(['users:credit', email, '0.5', '--reason', 'sorry'], { operator: 'linus' });
      const { code, body } = await json(['audit', '--user', email]);
      expect(code).toBe(0);
      expect(body.ok).toBe(true);
      expect(body.result).toEqual([
        {
          id: expect.any(Number),
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          operator: 'linus',
          kind: 'change',
          command: 'users:credit',
          arguments: [email, '0.5'],
          reason: 'sorry',
          user_id: user.id,
          user_email: email,
          outcome: 'done',
          result: expect.objectContaining({ amount: '0.50', balance: '0.50' }),
        },
      ]);
    });

    it.each([[['audit', '--limit', '0']], [['audit', '--limit', 'all']], [['audit', '--user']], [['audit', '--user', 'not-an-email']], [['audit', '--since', 'today']], [['audit', '--reason', 'x']]])(
      'exits 2 for %p',
      async (argv) => {
        const result = await ops(argv);
        expect(result.code).toBe(2);
        expect(result.err).toContain('Usage: pnpm ops audit [--limit <n>] [--user <email>]');
      },
    );
  });

  it('takes the operator from OPS_OPERATOR, else the operating-system user', () => {
    expect(localInvocation({ OPS_OPERATOR: ' maria ', INIT_CWD: '/srv/here' })).toEqual({ operator: 'maria', cwd: '/srv/here' });
    expect(localInvocation({}).operator).toBe(userInfo().username);
  });
});
