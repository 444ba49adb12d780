import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cashouts, operatorAudit, users } from '../db/schema';
import { appendLedgerEntry, verifyLedger } from '../modules/ledger/ledger';
import { captureMailer, signUp } from '../test/accounts';
import { buildTestApp } from '../test/build-test-app';
import { useTestDatabase } from '../test/test-database';
import { COMMANDS } from './commands';
import { runOps } from './run-ops';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
// Postbacks go over the network to a server: their hostile inputs are the walls' tests.
const LOCAL_COMMANDS = COMMANDS.filter((command) => command.usesDatabase !== false);
// What a terminal would act on: escape sequences, other controls, bidi overrides.
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe(`hostile ops arguments on ${kind}`, () => {
  const database = useTestDatabase();
  const db = () => database().db;
  let app: FastifyInstance;
  let victim: { email: string; id: number };

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'off' } });
    const signedUp = await signUp(app, { name: 'Mallory \u001b]0;pwned\u0007\u001b[2J\u202eevil' });
    victim = { email: signedUp.email, id: signedUp.user.id };
    await appendLedgerEntry(db(), { userId: victim.id, amountCoins: 1_000, kind: 'manual_credit', note: 'seed \u001b[31mred' });
  });
  afterAll(() => app.close());

  async function ops(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, {
      commands: LOCAL_COMMANDS,
      openDatabase: async () => ({ ...database(), close: async () => {} }),
      out: { line: (text = '') => out.push(text) },
      err: { line: (text = '') => err.push(text) },
      invocation: { operator: 'fuzzer', cwd: '/nonexistent' },
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const snapshot = async () => ({
    audit: (await db().select({ value: count() }).from(operatorAudit))[0]?.value,
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

  it('shows stored hostile text (a name, a ledger note) escaped', async () => {
    const shown = await ops(['users:show', victim.email]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('Mallory \\x1b]0;pwned\\x07\\x1b[2J\\u202eevil');
    expect(shown.out).not.toMatch(TERMINAL_CONTROL);
    const json = await ops(['users:show', victim.email, '--json']);
    // JSON escapes control characters itself; the document stays one line.
    expect(json.out.split('\n')).toHaveLength(1);
    expect(JSON.parse(json.out).result.name).toBe('Mallory \u001b]0;pwned\u0007\u001b[2J\u202eevil');
  });

  it('never throws, always exits 0, 1 or 2, prints nothing a terminal acts on, and keeps the ledger whole', async () => {
    const names = [...LOCAL_COMMANDS.map((command) => command.name), 'help', '--help', '', 'users:', 'USERS:SHOW'];
    const token = fc.oneof(
      fc.constantFrom(victim.email, victim.email.toUpperCase(), 'nobody@example.com', '@', 'a@b', '--reason', '--json', '--limit', '--status', '--user', '--reason=x'),
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
