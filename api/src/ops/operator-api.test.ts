import { request } from 'node:http';
import { chown, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { operatorAudit } from '../db/schema';
import { balanceOf, verifyLedger } from '../modules/ledger/ledger';
import { signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { COMMANDS } from './commands';
import { buildOperatorApi, isLocalPeer, listenOperatorApi, socketAnswers } from './operator-api';
import { loadConfig } from '../config';
import { runCommandLine } from './command-line';
import { checkSocketOwner, databaseTarget, OPERATOR_RUN_PATH, serverToken } from './operator-endpoint';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const TOKEN = 'test-operator-token-0123456789abcdef';
const TARGET = 'pglite:/srv/earnly/.data';

describe(`the operator API on ${kind}`, () => {
  const { database, app } = useTestApp();
  let api: FastifyInstance;
  const published: number[] = [];

  beforeAll(async () => {
    api = await buildOperatorApi({
      token: TOKEN,
      commands: COMMANDS,
      database: database(),
      databaseTarget: TARGET,
      realtime: { publishWallet: async (userId) => void published.push(userId) },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  const body = (argv: string[], extra: Record<string, unknown> = {}) => ({ argv, operator: 'grace', cwd: '/srv', database: TARGET, ...extra });
  const run = (payload: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, remoteAddress?: string) =>
    api.inject({
      method: 'POST',
      url: OPERATOR_RUN_PATH,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const auditCount = async () => (await database().db.select({ value: count() }).from(operatorAudit))[0]?.value ?? 0;

  it('runs a command with the server’s database and answers what to print and the exit code', async () => {
    const { email, user } = await signUp(app());
    const response = await run(body(['users:credit', email.toUpperCase(), '3', '--reason', 'goodwill']));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ exit_code: 0, stdout: [`Credited $3.00 to ${email} (goodwill); the balance is now $3.00.`], stderr: [] });
    expect(await balanceOf(database().db, user.id)).toBe(3_000);
    expect(published).toContain(user.id);
    const json = await run(body(['users:show', email, '--json']));
    expect(JSON.parse(json.json().stdout[0])).toMatchObject({ ok: true, result: { email, balance: '3.00' } });
  });

  it('records the operator the command line names, in the server’s audit log', async () => {
    const { email } = await signUp(app());
    await run(body(['users:status', email, 'blocked', '--reason', 'fraud'], { operator: 'linus' }));
    const audit = await run(body(['audit', '--limit', '1', '--json']));
    expect(JSON.parse(audit.json().stdout[0]).result[0]).toMatchObject({ operator: 'linus', command: 'users:status', reason: 'fraud', user_email: email });
  });

  describe('hostile callers change nothing', () => {
    let email: string;
    let userId: number;
    let auditBefore: number;
    beforeAll(async () => {
      ({ email, user: { id: userId } } = await signUp(app()));
      auditBefore = await auditCount();
    });
    afterEach(async () => {
      expect(await balanceOf(database().db, userId)).toBe(0);
      expect(await auditCount()).toBe(auditBefore);
    });
    const credit = () => body(['users:credit', email, '5', '--reason', 'hostile']);

    it('401 without a token', async () => {
      const response = await run(credit(), {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'The operator token is missing (Authorization: Bearer <token>).' });
    });

    it.each([
      ['a wrong token', `Bearer ${TOKEN.slice(0, -1)}x`],
      ['a longer token', `Bearer ${TOKEN}x`],
      ['an empty bearer', 'Bearer '],
      ['another scheme', `Basic ${Buffer.from(`ops:${TOKEN}`).toString('base64')}`],
      ['the token without a scheme', TOKEN],
      ['a huge token', `Bearer ${'x'.repeat(20_000)}`],
    ])('401 for %s', async (_label, authorization) => {
      const response = await run(credit(), { authorization });
      expect(response.statusCode).toBe(401);
    });

    it.each(['203.0.113.9', '10.0.0.2', '::ffff:192.168.1.4', '2001:db8::1'])('403 for a caller at %s, even with the right token', async (remoteAddress) => {
      const response = await run(credit(), undefined, remoteAddress);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'The operator API answers callers on this machine only.' });
    });

    it.each<[string, unknown]>([
      ['not JSON', '{"argv": ["users:credit"'],
      ['an array', '[]'],
      ['null', 'null'],
      ['no argv', { operator: 'grace', cwd: '/srv', database: TARGET }],
      ['an empty argv', body([])],
      ['argv of numbers', body([1, 2] as unknown as string[])],
      ['argv as a string', { ...credit(), argv: 'users:credit x 5' }],
      ['too many arguments', body(Array.from({ length: 201 }, () => 'x'))],
      ['no operator', { ...credit(), operator: undefined }],
      ['an empty operator', { ...credit(), operator: '  ' }],
      ['an operator with an escape sequence', { ...credit(), operator: 'grace\u001b[2J' }],
      ['a relative cwd', { ...credit(), cwd: 'srv' }],
      ['an unknown field', { ...credit(), sudo: true }],
      ['a prototype key', JSON.parse(`{"__proto__": {"argv": ["x"]}, "operator": "g", "cwd": "/", "database": "${TARGET}"}`)],
    ])('400 for %s', async (_label, payload) => {
      const response = await run(payload);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().error).toBe('string');
    });

    it('413 for a body over the limit, 415 or 400 for one that is not JSON', async () => {
      expect((await run(body(['users:show', 'x'.repeat(300_000)]))).statusCode).toBe(413);
      const send = (contentType: string) =>
        api.inject({ method: 'POST', url: OPERATOR_RUN_PATH, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': contentType }, payload: 'users:credit' });
      expect((await send('application/xml')).statusCode).toBe(415);
      expect((await send('text/plain')).statusCode).toBe(400);
    });

    it('404 for other paths and methods (and still 401 without the token)', async () => {
      expect((await api.inject({ method: 'GET', url: OPERATOR_RUN_PATH, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
      expect((await api.inject({ method: 'POST', url: '/ops/../api/user/Profile', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
      expect((await api.inject({ method: 'GET', url: '/' })).statusCode).toBe(401);
    });

    it('409 for a command line that means another database', async () => {
      const response = await run({ ...credit(), database: 'postgres://db.example:5432/earnly' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(`This server uses another database (${TARGET}), not postgres://db.example:5432/earnly.`);
    });

    it('answers exit 2 for unknown commands and wrong usage, and refuses commands that belong in the command line', async () => {
      for (const argv of [['users:frobnicate'], ['DROP TABLE users;'], ['users:credit', email, '5'], ['users:credit', email, '-5', '--reason', 'x'], ['__proto__'], ['constructor']]) {
        const response = await run(body(argv));
        expect(response.statusCode).toBe(200);
        expect(response.json().exit_code).toBe(2);
      }
      const simulate = await run(body(['postback:simulate', '--url', 'http://169.254.169.254', '--user', '1', '--offer', 'x', '--payout', '1']));
      expect(simulate.json()).toEqual({ exit_code: 2, stdout: [], stderr: [expect.stringContaining("postback:simulate runs in the operator's command line, not in the server")] });
    });

    it('answers exit 1 for commands that fail, with the reason', async () => {
      const response = await run(body(['users:show', 'nobody@example.com']));
      expect(response.json()).toEqual({ exit_code: 1, stdout: [], stderr: ['No user with email nobody@example.com'] });
    });
  });

  it('treats unix-socket and loopback callers as local, nothing else', () => {
    expect([undefined, '', '127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].every(isLocalPeer)).toBe(true);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '::', '128.0.0.1', '127.0.0.1.evil', 'fe80::1'].some(isLocalPeer)).toBe(false);
  });

  it('leaves the ledger consistent', async () => {
    expect(await verifyLedger(database().db)).toEqual([]);
  });
});

describe('the operator API socket', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rewards-opsock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const quietLog = { warn: jest.fn(), info: jest.fn(), error: jest.fn() } as never;

  async function apiOnSocket(path: string) {
    const api = await buildOperatorApi({
      token: TOKEN,
      commands: [],
      database: { db: {} as never, kind: 'pglite' },
      databaseTarget: TARGET,
      realtime: { publishWallet: async () => {} },
    });
    return { api, stop: await listenOperatorApi(api, path, quietLog) };
  }

  function post(path: string, headers: Record<string, string>) {
    return new Promise<number>((resolve, reject) => {
      const outgoing = request({ socketPath: path, path: OPERATOR_RUN_PATH, method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
      });
      outgoing.on('error', reject);
      outgoing.end('{}');
    });
  }

  it('is a socket only its owner may use, answers over it, and is removed on stop', async () => {
    const path = join(dir, 'ops.sock');
    const { stop } = await apiOnSocket(path);
    try {
      const mode = (await stat(path)).mode;
      expect(mode & 0o777).toBe(0o700);
      expect(await post(path, {})).toBe(401);
      expect(await post(path, { authorization: `Bearer ${TOKEN}` })).toBe(400);
    } finally {
      await stop?.();
    }
    expect(await socketAnswers(path)).toBe(false);
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('is made owner-only whatever the umask, which is put back after (no chmod: no moment open to others)', async () => {
    const path = join(dir, 'ops.sock');
    const umask = process.umask(0);
    try {
      const { stop } = await apiOnSocket(path);
      try {
        expect(process.umask()).toBe(0);
        expect((await stat(path)).mode & 0o077).toBe(0);
      } finally {
        await stop?.();
      }
    } finally {
      process.umask(umask);
    }
  });

  it('the command line refuses a socket another user owns, a link, or something else, and sends no token', async () => {
    const path = join(dir, 'ops.sock');
    await expect(checkSocketOwner(path)).resolves.toBeUndefined();
    const { stop } = await apiOnSocket(path);
    try {
      const me = process.getuid!();
      await expect(checkSocketOwner(path, me)).resolves.toBeUndefined();
      const link = join(dir, 'link.sock');
      await symlink(path, link);
      await expect(checkSocketOwner(link, me)).rejects.toThrow(`${link} is a symbolic link, not a socket: the operator token is not sent there.`);
      // Another user's socket: as root, made so; otherwise this user's socket seen by someone else.
      const stranger = me === 0 ? 1000 : me + 1;
      if (me === 0) await chown(path, 4242, 4242);
      const owner = me === 0 ? 4242 : me;
      await expect(checkSocketOwner(path, stranger)).rejects.toThrow(
        `The operator socket ${path} belongs to user ${owner}, not to you (user ${stranger}) or root: the operator token is not sent there. Remove it, or set OPS_SOCKET to the server's socket.`,
      );
      if (me === 0) {
        await chown(path, 0, 0);
        // Root's socket is trusted by every user (a server run as root).
        await expect(checkSocketOwner(path, 1000)).resolves.toBeUndefined();
      }
    } finally {
      await stop?.();
    }
    await writeFile(path, '');
    await expect(checkSocketOwner(path)).rejects.toThrow(`${path} is a file, not a socket`);
  });

  it('replaces a socket file left by a server that is gone, and leaves one that answers alone', async () => {
    const path = join(dir, 'ops.sock');
    await writeFile(path, '');
    const first = await apiOnSocket(path);
    expect(first.stop).toBeDefined();
    const second = await apiOnSocket(path);
    expect(second.stop).toBeUndefined();
    await second.api.close();
    expect(await socketAnswers(path)).toBe(true);
    await first.stop?.();
  });

  it('refuses a socket path the kernel cannot hold', async () => {
    const api = await buildOperatorApi({ token: TOKEN, commands: [], database: { db: {} as never, kind: 'pglite' }, databaseTarget: TARGET, realtime: { publishWallet: async () => {} } });
    await expect(listenOperatorApi(api, join(dir, 'x'.repeat(120), 'ops.sock'), quietLog)).rejects.toThrow(/longer than 103 bytes: set OPS_SOCKET to a shorter path/);
    await api.close();
  });
});

describe(`the ops command line and a server's operator API on ${kind}`, () => {
  const { database, app } = useTestApp();
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rewards-opscli-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function commandLine(argv: string[], env: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCommandLine(argv, {
      config: loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', ...env }),
      commands: COMMANDS,
      invocation: { operator: 'cli-tester', cwd: dir },
      out: { line: (text = '') => out.push(text) },
      err: { line: (text = '') => err.push(text) },
      waitMs: 10_000,
    });
    return { code, out, err };
  }

  async function serverOn(token: string, target = databaseTarget({ dataDir: dir, databaseUrl: undefined })) {
    const api = await buildOperatorApi({ token, commands: COMMANDS, database: database(), databaseTarget: target, realtime: { publishWallet: async () => {} } });
    const stop = await listenOperatorApi(api, join(dir, 'ops.sock'), { warn: jest.fn() } as never);
    return stop!;
  }

  it('waits while a server starts (it holds the folder, no socket yet), then runs the command through it', async () => {
    const { email } = await signUp(app());
    // The parent of this test process stands in for the starting server that holds the folder.
    await writeFile(join(dir, 'pglite.lock'), String(process.ppid));
    let stop: (() => Promise<void>) | undefined;
    const starting = new Promise<void>((resolve) => {
      setTimeout(() => void serverOn('a-server-token-0123456789abcdef', undefined).then((stopIt) => ((stop = stopIt), resolve())), 700);
    });
    try {
      const result = await commandLine(['users:credit', email, '1', '--reason', 'while starting'], { OPS_TOKEN: 'a-server-token-0123456789abcdef' });
      expect(result).toMatchObject({ code: 0, out: [`Credited $1.00 to ${email} (while starting); the balance is now $1.00.`] });
      expect(result.err[0]).toMatch(/^Waiting: process \d+ holds the database/);
    } finally {
      await starting;
      await stop?.();
    }
  });

  it('refuses to send the token to a socket that is not a socket of this user or root', async () => {
    await writeFile(join(dir, 'pglite.lock'), String(process.ppid));
    await writeFile(join(dir, 'ops.sock'), 'collecting tokens');
    const result = await commandLine(['users:show', 'a@example.com'], { OPS_TOKEN: 'the-server-token-0123456789abcdef' });
    expect(result.code).toBe(1);
    expect(result.err).toEqual([`${join(dir, 'ops.sock')} is a file, not a socket: the operator token is not sent there. Remove it, or set OPS_SOCKET to the server's socket.`]);
  });

  it('says so when the server refuses the token', async () => {
    await writeFile(join(dir, 'pglite.lock'), String(process.ppid));
    const stop = await serverOn('the-server-token-0123456789abcdef');
    try {
      const result = await commandLine(['users:show', 'a@example.com'], { OPS_TOKEN: 'another-token-0123456789abcdefgh' });
      expect(result.code).toBe(1);
      expect(result.err).toEqual([`The server on ${join(dir, 'ops.sock')} refused the operator token: The operator token is wrong. Set OPS_TOKEN to the server's OPS_TOKEN.`]);
    } finally {
      await stop();
    }
  });

  it('uses the development token file the server made, and refuses to act on a server of another database', async () => {
    const token = await serverToken({ opsToken: undefined, nodeEnv: 'test', dataDir: dir });
    expect(((await stat(join(dir, 'ops-token'))).mode & 0o777).toString(8)).toBe('600');
    const stop = await serverOn(token!);
    try {
      const { email } = await signUp(app());
      expect((await commandLine(['users:show', email])).code).toBe(0);
    } finally {
      await stop();
    }
    const elsewhere = await serverOn(token!, 'pglite:/somewhere/else');
    try {
      const result = await commandLine(['users:show', 'a@example.com']);
      expect(result.code).toBe(1);
      expect(result.err[0]).toContain('This server uses another database (pglite:/somewhere/else)');
    } finally {
      await elsewhere();
    }
  });
});
