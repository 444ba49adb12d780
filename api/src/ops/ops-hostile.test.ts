import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import { cashouts, contentVersions, operatorAudit, users } from '../db/schema';
import { appendLedgerEntry, verifyLedger } from '../modules/ledger/ledger';
import { recordCallback } from '../modules/walls/callback-log';
import { signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { COMMANDS } from './commands';
import { runOpsCapturing } from '../test/ops-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
// Postbacks go over the network to a server: their hostile inputs are the walls' tests.
const LOCAL_COMMANDS = COMMANDS.filter((command) => command.usesDatabase !== false);
// What a terminal would act on: escape sequences, other controls, bidi overrides.
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const HOSTILE_NAME = 'Mallory \u001b]0;pwned\u0007\u001b[2J\u202eevil';

describe(`hostile ops arguments on ${kind}`, () => {
  const { database, db, app } = useTestApp();
  let victim: { email: string; id: number };
  let hostileCallback: number;

  beforeAll(async () => {
    const signedUp = await signUp(app(), { name: 'Mallory' });
    victim = { email: signedUp.email, id: signedUp.user.id };
    // Sign-up refuses such a name now; one stored before that rule (or written by other means) is shown harmlessly.
    await db().update(users).set({ name: HOSTILE_NAME }).where(eq(users.id, victim.id));
    await appendLedgerEntry(db(), { userId: victim.id, amountCoins: 1_000, kind: 'manual_credit', note: 'seed \u001b[31mred' });
    // A callback whose every stored text is hostile, as a wall (or anyone) can send it.
    hostileCallback = await recordCallback(db(), {
      wall: 'demo',
      method: 'GET',
      path: '/api/postback/demo',
      query: `user_id=${victim.id}&txid=\u001b[2J&sig=\u202e`,
      body: '',
      headers: JSON.stringify({ 'user-agent': 'curl \u001b]0;pwned\u0007' }),
      sourceIp: '127.0.0.1',
      outcome: 'malformed',
      statusCode: 422,
      reason: 'bad \u001b[31mtxid\u202e',
      userId: victim.id,
      txid: '\u001b[2J\u202etx',
      coins: 0,
      replayOf: null,
    });
  });

  const ops = (argv: string[]) => runOpsCapturing(database(), argv, { commands: LOCAL_COMMANDS, invocation: { operator: 'fuzzer', cwd: '/nonexistent' } });

  const snapshot = async () => ({
    audit: (await db().select({ value: count() }).from(operatorAudit))[0]?.value,
    contentVersions: (await db().select({ value: count() }).from(contentVersions))[0]?.value,
    victim: (await db().select().from(users).where(eq(users.id, victim.id)))[0],
    cashouts: (await db().select({ value: count() }).from(cashouts))[0]?.value,
  });

  it.each<[string, string[]]>([
    ['an email with an escape sequence', ['users:show', 'a\u001b[2J@example.com']],
    ['an email with a NUL', ['users:credit', 'a\u0000@example.com', '1', '--reason', 'x']],
    ['a SQL-looking email', ['users:status', "x' or '1'='1@example.com", 'blocked', '--reason', 'x']],
    ['a negative amount', ['users:credit', 'a@example.com', '-1', '--reason', 'x']],
    ['an amount in exponent form', ['users:credit', 'a@example.com', '1e3', '--reason', 'x']],
    ['a huge amount', ['users:credit', 'a@example.com', '99999999999999999999', '--reason', 'x']],
    ['NaN', ['users:credit', 'a@example.com', 'NaN', '--reason', 'x']],
    ['a hex cashout id', ['cashouts:approve', '0x10', '--reason', 'x']],
    ['a cashout id past 2^53', ['cashouts:approve', '9007199254740993', '--reason', 'x']],
    ['a reason with an escape sequence', ['users:credit', 'a@example.com', '1', '--reason', 'ok\u001b[2J']],
    ['a reason with a newline', ['users:credit', 'a@example.com', '1', '--reason', 'line\nforged line']],
    ['a reason with a bidi override', ['users:credit', 'a@example.com', '1', '--reason', '\u202egnp.exe']],
    ['a reason of 501 characters', ['users:credit', 'a@example.com', '1', '--reason', 'x'.repeat(501)]],
    ['an empty reason', ['users:credit', 'a@example.com', '1', '--reason', '   ']],
    ['an empty --reason=', ['users:credit', 'a@example.com', '1', '--reason=']],
    ['two reasons', ['users:credit', 'a@example.com', '1', '--reason', 'a', '--reason', 'b']],
    ['a status that is not one', ['users:status', 'a@example.com', 'deleted', '--reason', 'x']],
    ['an unknown flag', ['cashouts:list', '--status', 'pending', '--drop']],
    ['a limit past the maximum', ['audit', '--limit', '99999']],
    ['a command name with an escape sequence', ['\u001b[2Jusers:show']],
    ['a replay without a reason', ['postbacks:replay', '1']],
    ['a replay id past 2^53', ['postbacks:replay', '9007199254740993', '--reason', 'x']],
    ['a negative replay id', ['postbacks:replay', '-1', '--reason', 'x']],
    ['a replay id with an escape sequence', ['postbacks:replay', '1\u001b[2J', '--reason', 'x']],
    ['a wall with an escape sequence', ['postbacks:list', '--wall', 'demo\u001b[2J']],
    ['an outcome that is not one', ['postbacks:list', '--outcome', "credited' or '1'='1"]],
    ['a list limit past the maximum', ['postbacks:list', '--limit', '100000']],
    ['a decision without a reason', ['referrals:decide', 'a@example.com', 'approve']],
    ['a decision that is not one', ['referrals:decide', 'a@example.com', 'approve\u202e', '--reason', 'x']],
    ['a decision on an email with a NUL', ['referrals:decide', 'a\u0000@example.com', 'approve', '--reason', 'x']],
    ['a review status with an escape sequence', ['referrals:list', '--status', 'pending\u001b[2J']],
    ['audit:verify with an argument', ['audit:verify', 'all']],
    ['audit:verify --head without a hash', ['audit:verify', '--head']],
    ['audit:verify --head that is not hexadecimal', ['audit:verify', '--head', 'z'.repeat(64)]],
    ['audit:verify --head one digit short', ['audit:verify', '--head', 'a'.repeat(63)]],
    ['audit:verify --head one digit long', ['audit:verify', '--head', 'a'.repeat(65)]],
    ['audit:verify --head with an escape sequence', ['audit:verify', '--head', `${'a'.repeat(64)}\u001b[2J`]],
    ['audit:verify --head in SQL', ['audit:verify', '--head', "' or '1'='1"]],
    ['audit:verify --head twice', ['audit:verify', '--head', 'a'.repeat(64), '--head', 'b'.repeat(64)]],
    ['audit:verify with a reason', ['audit:verify', '--reason', 'x']],
    ['a content publish without a reason', ['content:publish', 'faq.json']],
    ['a content publish of a file not named like a content file', ['content:publish', '/etc/passwd', '--reason', 'x']],
    ['a content publish of terms.json outside pages/', ['content:publish', 'copy/terms.json', '--reason', 'x']],
    ['a content publish of two files', ['content:publish', 'faq.json', 'landing.json', '--reason', 'x']],
    ['a content file name with an escape sequence', ['content:publish', 'faq\u001b[2J.json', '--reason', 'x']],
    ['a content file name with a bidi override', ['content:publish', '\u202enosj.qaf', '--reason', 'x']],
    ['a content publish of a draft without an id', ['content:publish', '--draft', '--reason', 'x']],
    ['a content publish of a draft id in hex', ['content:publish', '--draft', '0x10', '--reason', 'x']],
    ['a content publish of a draft and a file', ['content:publish', '--draft', '1', 'faq.json', '--reason', 'x']],
    ['a content restore without a version', ['content:restore', '--reason', 'x']],
    ['a content restore without a reason', ['content:restore', '1']],
    ['a content version in hex', ['content:restore', '0x10', '--reason', 'x']],
    ['a negative content version', ['content:restore', '-1', '--reason', 'x']],
    ['a content version past 2^53', ['content:restore', '9007199254740993', '--reason', 'x']],
    ['a content version with an escape sequence', ['content:restore', '1\u001b[2J', '--reason', 'x']],
    ['content versions of a path', ['content:versions', '../../etc/passwd']],
    ['content versions of __proto__', ['content:versions', '__proto__']],
    ['content versions with a reason', ['content:versions', '--reason', 'x']],
    ['content versions with an unknown option', ['content:versions', 'faq.json', '--drop']],
    ['staff:add without a reason', ['staff:add', 'a@example.com', 'admin']],
    ['staff:add with a role that is not one', ['staff:add', 'a@example.com', 'root', '--reason', 'x']],
    ['staff:add with a role in SQL', ['staff:add', 'a@example.com', "admin' or '1'='1", '--reason', 'x']],
    ['staff:add with a role with an escape sequence', ['staff:add', 'a@example.com', 'admin\u001b[2J', '--reason', 'x']],
    ['staff:add with an email with a NUL', ['staff:add', 'a\u0000@example.com', 'support', '--reason', 'x']],
    ['staff:add with three arguments', ['staff:add', 'a@example.com', 'support', 'finance', '--reason', 'x']],
    ['staff:remove without a reason', ['staff:remove', 'a@example.com']],
    ['staff:remove with two emails', ['staff:remove', 'a@example.com', 'b@example.com', '--reason', 'x']],
    ['staff:list with an argument', ['staff:list', 'admin']],
    ['staff:list with a reason', ['staff:list', '--reason', 'x']],
  ])('refuses %s with exit 2, printing it harmlessly and changing nothing', async (_label, argv) => {
    const before = await snapshot();
    const result = await ops(argv);
    expect(result.code).toBe(2);
    expect(result.out + result.err).not.toMatch(TERMINAL_CONTROL);
    expect(await snapshot()).toEqual(before);
  });

  it.each([['/dev/zero'], ['/'], ['/nonexistent/catalog.json'], ['../../../../etc/hostname']])('offers:import %s fails with exit 1 and imports nothing', async (file) => {
    const before = await snapshot();
    const result = await ops(['offers:import', file]);
    expect(result.code).toBe(1);
    expect(result.err).not.toBe('');
    expect((await snapshot()).cashouts).toBe(before.cashouts);
  });

  describe('content:publish of a hostile file', () => {
    let scratch: string;
    beforeAll(async () => {
      scratch = await mkdtemp(join(tmpdir(), 'rewards-hostile-content-'));
      await mkdir(join(scratch, 'folder', 'faq.json'), { recursive: true });
      await mkdir(join(scratch, 'huge'), { recursive: true });
      await writeFile(join(scratch, 'huge', 'faq.json'), `{"lead": "${'x'.repeat(300 * 1024)}"}`);
      await mkdir(join(scratch, 'nested'), { recursive: true });
      await writeFile(join(scratch, 'nested', 'faq.json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
      await mkdir(join(scratch, 'binary'), { recursive: true });
      await writeFile(join(scratch, 'binary', 'faq.json'), Buffer.from([0xff, 0xfe, 0x00, 0x1b, 0x5b, 0x32, 0x4a, 0x7b]));
      await mkdir(join(scratch, 'escapes'), { recursive: true });
      await writeFile(join(scratch, 'escapes', 'faq.json'), '{"lead": "\u001b]0;pwned\u0007", "questions": [], "support": {"text": "\u202e", "cta": "x"}}');
    });
    afterAll(() => rm(scratch, { recursive: true, force: true }));

    it.each([['folder/faq.json'], ['missing/faq.json'], ['huge/faq.json'], ['nested/faq.json'], ['binary/faq.json'], ['escapes/faq.json']])(
      '%s fails with exit 1, prints nothing a terminal acts on, and publishes nothing',
      async (file) => {
        const before = await snapshot();
        const result = await runOpsCapturing(database(), ['content:publish', file, '--reason', 'hostile'], { invocation: { operator: 'fuzzer', cwd: scratch } });
        expect(result.code).toBe(1);
        expect(result.err).not.toBe('');
        expect(result.out + result.err).not.toMatch(TERMINAL_CONTROL);
        expect((await snapshot()).contentVersions).toBe(before.contentVersions);
      },
    );
  });

  it('shows stored hostile text (a name, a ledger note, a callback) escaped', async () => {
    const shown = await ops(['users:show', victim.email]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('Mallory \\x1b]0;pwned\\x07\\x1b[2J\\u202eevil');
    expect(shown.out).toContain('bad \\x1b[31mtxid\\u202e');
    expect(shown.out).not.toMatch(TERMINAL_CONTROL);
    const json = await ops(['users:show', victim.email, '--json']);
    // JSON escapes control characters itself; the document stays one line.
    expect(json.out.split('\n')).toHaveLength(1);
    expect(JSON.parse(json.out).result.name).toBe(HOSTILE_NAME);
    expect(JSON.parse(json.out).result.last_callbacks[0].headers).toEqual({ 'user-agent': 'curl \u001b]0;pwned\u0007' });

    const listed = await ops(['postbacks:list', '--user', victim.email]);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('\\x1b[2J\\u202etx');
    expect(listed.out).not.toMatch(TERMINAL_CONTROL);
    const replayed = await ops(['postbacks:replay', String(hostileCallback), '--reason', 'hostile']);
    expect(replayed.code).toBe(1);
    expect(replayed.out + replayed.err).not.toMatch(TERMINAL_CONTROL);
  });

  it('audit:verify answers a well-formed head that is not in the chain with exit 1, and the chain still holds', async () => {
    const missing = await ops(['audit:verify', '--head', '0'.repeat(64)]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain(`no row has the hash ${'0'.repeat(64)}`);
    expect((await ops(['audit:verify'])).code).toBe(0);
  });

  it('never throws, always exits 0, 1 or 2, prints nothing a terminal acts on, and keeps the ledger whole', async () => {
    const names = [...LOCAL_COMMANDS.map((command) => command.name), 'help', '--help', '', 'users:', 'USERS:SHOW'];
    const token = fc.oneof(
      fc.constantFrom(victim.email, victim.email.toUpperCase(), 'nobody@example.com', '@', 'a@b', '--reason', '--json', '--limit', '--status', '--user', '--reason=x'),
      fc.constantFrom('--wall', '--txid', '--outcome', 'demo', 'refused', 'approve', 'reject', String(hostileCallback), '--head', 'f'.repeat(64)),
      fc.constantFrom('active', 'blocked', 'pending', 'approved', '0', '1', '-1', '0.001', '10000.001', '1e2', '1', '2.50', '999999999999999999999'),
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
    );
    const argv = fc.tuple(fc.constantFrom(...names), fc.array(token, { maxLength: 6 })).map(([name, rest]) => [name, ...rest]);
    await fc.assert(
      fc.asyncProperty(argv, async (line) => {
        const result = await ops(line);
        expect([0, 1, 2]).toContain(result.code);
        expect(result.out + result.err).not.toMatch(TERMINAL_CONTROL);
      }),
      { numRuns: 300 },
    );
    expect(await verifyLedger(db())).toEqual([]);
  });
});
