import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { appendLedgerEntry } from '../modules/ledger/ledger';
import { findRepoRoot } from '../repo-root';
import { bearer, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { runToEnd } from '../test/process-output';
import { loadConfig } from '../config';
import { runCommandLine } from './command-line';
import { COMMANDS } from './commands';
import { runOps } from './run-ops';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`ops users commands on ${kind}`, () => {
  const { database, app } = useTestApp();

  /** Runs a command line against the test database; answers the exit code and what was printed. */
  async function ops(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    let opened = false;
    const code = await runOps(argv, {
      commands: COMMANDS,
      openDatabase: async () => {
        opened = true;
        return { ...database(), close: async () => {} };
      },
      out: { line: (text = '') => out.push(text) },
      err: { line: (text = '') => err.push(text) },
    });
    return { code, out: out.join('\n'), err: err.join('\n'), opened };
  }

  it('users:show prints the user with money as dollars', async () => {
    const referrer = await signUp(app());
    const { user, email } = await signUp(app(), { referral_code: referrer.user.referral_code });
    await appendLedgerEntry(database().db, { userId: user.id, amountCoins: 2_345, kind: 'offer_credit', reference: `ops-${user.id}` });
    const result = await ops('users:show', email.toUpperCase());
    expect(result.code).toBe(0);
    expect(result.out).toContain(`email:            ${email}`);
    expect(result.out).toMatch(/status:\s+active/);
    expect(result.out).toMatch(/wallet:\s+\$2\.34 \(2345 coins\)/);
    expect(result.out).toMatch(/total earnings:\s+\$2\.34/);
    expect(result.out).toMatch(new RegExp(`referred by:\\s+${referrer.email.replace(/[.+]/g, '\\$&')} \\(id ${referrer.user.id}\\)`));
    expect(result.out).toMatch(/sign-in:\s+password/);
    expect(result.out).toMatch(/live sessions:\s+1/);
  });

  it('users:status blocks, sets pending and reactivates an account; the API follows', async () => {
    const { email, token, user } = await signUp(app());
    const profile = () => app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) });

    expect(await ops('users:status', email, 'blocked', '--reason', 'chargebacks')).toMatchObject({ code: 0, out: expect.stringContaining(`${email}: active -> blocked`) });
    expect((await profile()).json()).toMatchObject({ error_type: 'account_blocked' });
    expect((await ops('users:status', email, 'PENDING', '--reason', 'identity check')).code).toBe(0);
    expect((await profile()).json()).toMatchObject({ error_type: 'account_pending' });
    expect((await ops('users:status', email, 'active', '--reason', 'checked')).code).toBe(0);
    expect((await profile()).statusCode).toBe(200);
    expect((await ops('users:status', email, 'active', '--reason', 'checked')).out).toBe(`${email} is already active`);
    const [row] = await database().db.select({ status: users.status }).from(users).where(eq(users.id, user.id));
    expect(row?.status).toBe('active');
  });

  it('exits 1 with a clear message for an unknown user', async () => {
    expect(await ops('users:show', 'nobody@example.com')).toMatchObject({ code: 1, err: 'No user with email nobody@example.com' });
    expect(await ops('users:status', 'nobody@example.com', 'blocked', '--reason', 'fraud')).toMatchObject({ code: 1, err: 'No user with email nobody@example.com' });
  });

  it('exits 2 with the usage for bad input, before opening the database', async () => {
    for (const argv of [
      ['users:show'],
      ['users:show', 'not-an-email'],
      ['users:status', 'a@b.c', 'banned', '--reason', 'x'],
      ['users:status', 'a@b.c'],
      ['users:status', 'a@b.c', 'blocked'],
      ['users:show', 'a@b.c', '--reason', 'x'],
    ]) {
      const result = await ops(...argv);
      expect(result).toMatchObject({ code: 2, opened: false });
      expect(result.err).toMatch(/Usage: pnpm ops users:/);
    }
    const unknown = await ops('users:frobnicate');
    expect(unknown).toMatchObject({ code: 2, opened: false });
    expect(unknown.err).toContain('Unknown command "users:frobnicate"');
    expect(unknown.err).toContain('users:status <email> <active|blocked|pending>');
    expect((await ops('help')).out).toContain('users:show <email>');
  });
});

describe('the real ops command line', () => {
  const apiDir = join(findRepoRoot(), 'api');

  function runCli(args: string[], env: Record<string, string>) {
    return runToEnd(join(apiDir, 'node_modules', '.bin', 'tsx'), ['src/ops/cli.ts', ...args], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
  }

  it('waits for a PGlite folder held by another process, then says who holds it and where no server answered', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rewards-ops-'));
    try {
      // The parent of this test process stands in for a server that holds the folder but serves no operator API.
      await writeFile(join(dataDir, 'pglite.lock'), String(process.ppid));
      const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
      const err: string[] = [];
      const code = await runCommandLine(['users:show', 'ada@example.com'], {
        config,
        commands: COMMANDS,
        invocation: { operator: 'tester', cwd: dataDir },
        out: { line: () => {} },
        err: { line: (text = '') => err.push(text) },
        // No time to wait at all, as when the first try alone outlasts the wait on a busy machine: it still says it waits.
        waitMs: 0,
      });
      expect(code).toBe(1);
      expect(err[0]).toBe(`Waiting: process ${process.ppid} holds the database (a server starting, or another ops command)…`);
      expect(err[1]).toContain(`is in use by another process (pid ${process.ppid})`);
      expect(err[1]).toContain(`No server answered on ${join(dataDir, 'ops.sock')}`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('prints the usage and exits non-zero for a wrong command', async () => {
    const result = await runCli(['users:status', 'ada@example.com', 'banned', '--reason', 'x'], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"banned" is not a status; use one of active, blocked, pending');
  });
});
