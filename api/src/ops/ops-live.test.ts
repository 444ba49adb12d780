import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import { findRepoRoot } from '../repo-root';
import { genericPostbackQuery } from '../modules/walls/adapters/generic';
import { DEV_POSTBACK_SECRET } from '../modules/walls/registry';
import { uniqueEmail } from '../test/accounts';
import { compiledEntries } from '../test/compiled-entries';
import { runToEnd } from '../test/process-output';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { createScratchDatabase, dropScratchDatabase } from '../test/test-database';
import { listenToWallet, type WalletListener } from '../test/wallet-listener';

// The proof of issue 12: the real server process runs, real `pnpm ops` processes work beside it while
// requests keep arriving, and what they change shows at once.
const adminUrl = process.env.TEST_DATABASE_URL;
const kind = adminUrl ? 'PostgreSQL' : 'PGlite';
const apiDir = join(findRepoRoot(), 'api');
const APP_KEY = 'rewards-dev-key';

jest.setTimeout(240_000);

type Session = { email: string; token: string; id: number };

describe(`pnpm ops while the site runs on ${kind}`, () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let server: ServerProcess | undefined;
  let opsCli: string;

  beforeAll(async () => {
    ({ opsCli } = await compiledEntries());
    dataDir = await mkdtemp(join(tmpdir(), 'rewards-live-'));
    if (adminUrl) databaseUrl = await createScratchDatabase(adminUrl, 'rewards_live');
    server = await startServerProcess({ DATA_DIR: dataDir, RATE_LIMITS: 'off', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (adminUrl && databaseUrl) await dropScratchDatabase(adminUrl, databaseUrl);
  });

  /**
   * `pnpm ops …` as an operator runs it from another shell: its own process, the same configuration (its
   * sources compiled once, not by tsx on every start; ops.test.ts runs the command line through tsx).
   */
  function ops(...args: string[]) {
    return runToEnd(process.execPath, ['--enable-source-maps', opsCli, ...args], {
      cwd: apiDir,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', OPS_OPERATOR: 'live-operator', OPS_TOKEN: '' },
    });
  }

  async function call(path: string, token?: string, body?: unknown) {
    const response = await fetch(`${server!.url}/api${path}`, {
      method: body === undefined && path.includes('history') ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined && path.includes('history') ? {} : { body: JSON.stringify(body ?? {}) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read into whichever answer they asked for
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  async function signUp(): Promise<Session> {
    const email = uniqueEmail('live');
    const password = 'correct horse 1';
    const response = await fetch(`${server!.url}/api/user/Register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Live User', email, password, password_confirmation: password }),
    });
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith(`${AUTH_COOKIE}=`));
    const body = (await response.json()) as { data: { user: { id: number } } };
    if (response.status !== 201 || !cookie) throw new Error(`sign-up failed: ${response.status}`);
    return { email, token: cookie.slice(AUTH_COOKIE.length + 1).split(';')[0]!, id: body.data.user.id };
  }

  /** Requests that keep arriving until stopped, several at a time; every answer that is not 200 is a failure. */
  function traffic(session: Session, concurrency = 6) {
    let running = true;
    let requests = 0;
    const failures: string[] = [];
    const paths = ['/user/Profile', '/Cashout/stats', '/user/Profile'];
    const workers = Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; running; i++) {
        const path = paths[i % paths.length]!;
        try {
          const response = await fetch(`${server!.url}/api${path}`, {
            method: path === '/Cashout/stats' ? 'GET' : 'POST',
            headers: { authorization: `Bearer ${session.token}` },
          });
          await response.arrayBuffer();
          if (response.status !== 200) failures.push(`${path} ${response.status}`);
        } catch (error) {
          failures.push(`${path} ${(error as Error).message}`);
        }
        requests += 1;
      }
    });
    return {
      async stop() {
        running = false;
        await Promise.all(workers);
        return { requests, failures };
      },
    };
  }

  it('blocks, credits, approves and rejects while requests keep coming: no request fails, every change shows at once', async () => {
    const [credited, blocked, cashingOut, bystander] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    // A first cashout needs a verified email.
    expect(await ops('users:verify-email', cashingOut.email, '--reason', 'checked for the cashouts')).toMatchObject({ code: 0, stderr: '' });
    const seed = await ops('users:credit', cashingOut.email, '10', '--reason', 'seed for cashouts');
    expect(seed).toMatchObject({ code: 0, stderr: '' });
    const cashout = async () => (await call('/Cashout/Store', cashingOut.token, { wallet: 'paypal', amount: 2, account: cashingOut.email })).body.data.cashout.id as number;
    const toApprove = await cashout();
    const toReject = await cashout();

    const listeners: WalletListener[] = [];
    try {
      const creditedWallet = await listenToWallet(server!.url, APP_KEY, credited.token, credited.id);
      const cashingOutWallet = await listenToWallet(server!.url, APP_KEY, cashingOut.token, cashingOut.id);
      listeners.push(creditedWallet, cashingOutWallet);
      expect((await call('/user/Profile', blocked.token)).status).toBe(200);

      const load = traffic(bystander);
      // Two commands at a time, each its own process, while the load runs.
      const [block, credit] = await Promise.all([
        ops('users:status', blocked.email, 'blocked', '--reason', 'chargeback fraud'),
        ops('users:credit', credited.email, '3', '--reason', 'goodwill'),
      ]);
      // The moment the command returns, the site says so.
      expect(block).toMatchObject({ code: 0, stderr: '', stdout: expect.stringContaining(`${blocked.email}: active -> blocked`) });
      expect(await call('/user/Profile', blocked.token)).toMatchObject({ status: 403, body: { error_type: 'account_blocked' } });
      expect(credit).toMatchObject({ code: 0, stderr: '', stdout: `Credited $3.00 to ${credited.email} (goodwill); the balance is now $3.00.\n` });
      expect((await call('/user/Profile', credited.token)).body.data.wallet).toBe('3.00');
      expect((await creditedWallet.nextCount(1)).at(-1)).toMatchObject({ wallet: '3.00' });

      const [approve, reject] = await Promise.all([
        ops('cashouts:approve', String(toApprove), '--reason', 'paid by PayPal'),
        ops('cashouts:reject', String(toReject), '--reason', 'wrong', 'PayPal', 'account'),
      ]);
      expect(approve).toMatchObject({ code: 0, stderr: '', stdout: expect.stringContaining(`Cashout ${toApprove}: pending -> paid`) });
      expect(reject).toMatchObject({ code: 0, stderr: '', stdout: expect.stringContaining(`Cashout ${toReject}: pending -> rejected; $2.00 refunded`) });
      const history = (await call('/Cashout/history', cashingOut.token)).body.data.items as Array<{ id: number; status: string }>;
      expect(history.find((item) => item.id === toApprove)?.status).toBe('paid');
      expect(history.find((item) => item.id === toReject)?.status).toBe('rejected');
      expect((await call('/user/Profile', cashingOut.token)).body.data.wallet).toBe('8.00');
      expect((await cashingOutWallet.nextCount(1)).at(-1)).toMatchObject({ wallet: '8.00' });

      const { requests, failures } = await load.stop();
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(20);
    } finally {
      listeners.forEach((listener) => listener.close());
    }

    const audit = await ops('audit', '--limit', '5', '--json');
    expect(audit.code).toBe(0);
    const rows = JSON.parse(audit.stdout).result as Array<Record<string, unknown>>;
    expect(rows.map((row) => [row.command, row.reason, row.operator, row.outcome]).sort()).toEqual(
      [
        ['cashouts:approve', 'paid by PayPal', 'live-operator', 'done'],
        ['cashouts:reject', 'wrong PayPal account', 'live-operator', 'done'],
        ['users:credit', 'goodwill', 'live-operator', 'done'],
        ['users:credit', 'seed for cashouts', 'live-operator', 'done'],
        ['users:status', 'chargeback fraud', 'live-operator', 'done'],
      ].sort(),
    );
    expect(await ops('ledger:verify')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^OK: /) });
    expect(server!.isRunning()).toBe(true);
    expect(server!.output()).not.toMatch(/"level":(50|60)/);
  });

  it('runs every command, reads included, through the running server; tables for people, --json for scripts', async () => {
    const someone = await signUp();
    const shown = await ops('users:show', someone.email);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    expect(shown.stdout).toMatch(/^id:\s+\d+\nname:\s+Live User\n/);
    const listed = await ops('cashouts:list', '--status', 'paid', '--json');
    expect(JSON.parse(listed.stdout)).toMatchObject({ ok: true, result: [expect.objectContaining({ status: 'paid', amount: '2.00' })] });
    expect(await ops('users:status', someone.email, 'blocked')).toMatchObject({ code: 2, stderr: expect.stringContaining('needs --reason <text>') });
    expect(await ops('users:show', 'nobody@example.com', '--json')).toMatchObject({ code: 1, stdout: '{"ok":false,"error":"No user with email nobody@example.com","notes":[]}\n' });
    expect(server!.output()).toContain('"command":"users:show"');
  });

  it('replays a stored callback inside the running server: booked in the command\'s transaction, shown at once, audited', async () => {
    const user = await signUp();
    const fields = { user_id: String(user.id), offer_id: 'live-offer', event_id: '', txid: `live-${user.id}`, payout: '1.50', status: '1' as const };
    const postback = async (status: '1' | '2') => {
      const response = await fetch(`${server!.url}/api/postback/demo?${genericPostbackQuery(DEV_POSTBACK_SECRET, { ...fields, status })}`);
      return { status: response.status, body: (await response.json()) as { message: string } };
    };
    // The wall's reversal overtook its credit: refused (nothing to reverse), and stored.
    expect(await postback('2')).toMatchObject({ status: 404, body: { message: 'Unknown transaction: nothing to reverse.' } });
    expect(await postback('1')).toMatchObject({ status: 200, body: { message: 'Conversion credited.' } });
    expect((await call('/user/Profile', user.token)).body.data.wallet).toBe('1.50');
    const listed = await ops('postbacks:list', '--user', user.email, '--outcome', 'refused', '--json');
    const [reversal] = JSON.parse(listed.stdout).result as Array<{ id: number; status_code: number }>;
    expect(reversal).toMatchObject({ status_code: 404 });

    const wallet = await listenToWallet(server!.url, APP_KEY, user.token, user.id);
    try {
      const load = traffic(await signUp());
      const replay = await ops('postbacks:replay', String(reversal!.id), '--reason', 'the reversal came before its credit');
      expect(replay).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(new RegExp(`^Replayed #${reversal!.id} as #\\d+: reversed \\(HTTP 200\\) Conversion reversed\\.\n$`)) });
      expect((await call('/user/Profile', user.token)).body.data.wallet).toBe('0.00');
      expect((await wallet.nextCount(1)).at(-1)).toMatchObject({ wallet: '0.00' });
      // Replayed again: the reversal is booked once.
      expect((await ops('postbacks:replay', String(reversal!.id), '--reason', 'again')).stdout).toContain('duplicate (HTTP 200) Conversion already reversed.');
      const { failures } = await load.stop();
      expect(failures).toEqual([]);
    } finally {
      wallet.close();
    }

    const shown = await ops('users:show', user.email);
    expect(shown.stdout).toMatch(/\nLast callbacks \(newest first; .*\):\nid\s+received\s+wall/);
    expect(shown.stdout).toMatch(/\sdemo\s+reversed\s+200\s+live-\d+\s+-\$1\.50\s/);
    const audit = JSON.parse((await ops('audit', '--user', user.email, '--json')).stdout).result as Array<Record<string, unknown>>;
    expect(audit.filter((row) => row.kind === 'change').map((row) => [row.command, row.reason, row.operator, row.outcome])).toEqual([
      ['postbacks:replay', 'again', 'live-operator', 'done'],
      ['postbacks:replay', 'the reversal came before its credit', 'live-operator', 'done'],
    ]);
    // The reads of this user's data through the server are recorded too.
    expect(audit.filter((row) => row.kind === 'read').map((row) => [row.command, row.operator])).toEqual([
      ['users:show', 'live-operator'],
      ['postbacks:list', 'live-operator'],
    ]);
    expect(await ops('audit:verify')).toMatchObject({ code: 0 });
    expect(await ops('ledger:verify')).toMatchObject({ code: 0 });
    expect(server!.output()).not.toMatch(/"level":(50|60)/);
  });

  it('opens the database itself when no server runs; two commands at once take turns', async () => {
    const someone = await signUp();
    await server!.stop();
    server = undefined;
    const [first, second] = await Promise.all([
      ops('users:credit', someone.email, '1', '--reason', 'offline one'),
      ops('users:credit', someone.email, '2', '--reason', 'offline two'),
    ]);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    const shown = await ops('users:show', someone.email, '--json');
    expect(JSON.parse(shown.stdout).result).toMatchObject({ balance: '3.00' });
    const audit = JSON.parse((await ops('audit', '--user', someone.email, '--json')).stdout).result as Array<{ reason: string; kind: string }>;
    expect(audit.filter((row) => row.kind === 'change').map((row) => row.reason).sort()).toEqual(['offline one', 'offline two']);
  });
});
