import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { conversions, ledgerEntries, users } from '../db/schema';
import { balanceOf, verifyLedger } from '../modules/ledger/ledger';
import { createRealtimePublisher } from '../modules/realtime/publisher';
import { findRepoRoot } from '../repo-root';
import { signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { runToEnd } from '../test/process-output';
import { listenToWallet } from '../test/wallet-listener';
import { COMMANDS } from './commands';
import { type RunOpsOptions, runOps } from './run-ops';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const apiDir = join(findRepoRoot(), 'api');

describe(`ops commands of earn and the ledger on ${kind}`, () => {
  const { database, app } = useTestApp();
  let base: string;
  let scratch: string;

  beforeAll(async () => {
    await app().listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app().server.address() as AddressInfo).port}`;
    scratch = await mkdtemp(join(tmpdir(), 'rewards-earn-ops-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  async function ops(...argv: string[]) {
    return opsTelling(undefined, ...argv);
  }

  async function opsTelling(realtime: RunOpsOptions['realtime'], ...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    let opened = false;
    const code = await runOps(argv, {
      realtime,
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

  describe('offers:import', () => {
    it('upserts the sample catalog (already seeded: all updated) and a file with a new offer', async () => {
      const sample = await ops('offers:import', join(apiDir, 'data', 'offers.sample.json'));
      expect(sample.code).toBe(0);
      expect(sample.out).toMatch(/^Imported 4\d offers from .*offers\.sample\.json: 0 new, 4\d updated, \d+ events\.$/);
      const file = join(scratch, 'one.json');
      await writeFile(file, JSON.stringify({ offers: [{ offer_id: 'ops-new', name: 'Ops New', title: 'Try it', image_url: '/x.svg', rate: 3, platforms: ['iOS'], payout: 1 }] }));
      expect((await ops('offers:import', file)).out).toBe(`Imported 1 offers from ${file}: 1 new, 0 updated, 0 events.`);
    });

    it("the site shows the new catalog at once, and the other instances are told once it is committed", async () => {
      const names = async () => ((await app().inject({ method: 'POST', url: '/api/Offers/Get', payload: {} })).json().data as Array<{ offer_id: string; name: string }>).map((offer) => offer.name);
      expect(await names()).not.toContain('Announced Offer');
      const announced: string[] = [];
      const run = (file: string) =>
        runOps(['offers:import', file], {
          commands: COMMANDS,
          openDatabase: async () => ({ ...database(), close: async () => {} }),
          out: { line: () => {} },
          err: { line: () => {} },
          announceCatalog: async () => void announced.push(file),
        });
      const file = join(scratch, 'announced.json');
      await writeFile(file, JSON.stringify({ offers: [{ offer_id: 'ops-announced', name: 'Announced Offer', title: 'Try it', image_url: '/x.svg', rate: 3, platforms: ['PC'], payout: 1 }] }));
      expect(await run(file)).toBe(0);
      expect(await names()).toContain('Announced Offer');
      expect(announced).toEqual([file]);
      // A catalog refused whole changes nothing, and nobody is told.
      const bad = join(scratch, 'refused.json');
      await writeFile(bad, JSON.stringify({ offers: [{ offer_id: 'x', name: 'X', title: 'X', image_url: '/x.svg', rate: 9, platforms: ['PC'], payout: '1' }] }));
      expect(await run(bad)).toBe(1);
      expect(announced).toEqual([file]);
    });

    it('resolves a relative path against where pnpm was run (INIT_CWD)', async () => {
      const saved = process.env.INIT_CWD;
      process.env.INIT_CWD = findRepoRoot();
      try {
        expect((await ops('offers:import', 'api/data/offers.sample.json')).code).toBe(0);
      } finally {
        if (saved === undefined) delete process.env.INIT_CWD;
        else process.env.INIT_CWD = saved;
      }
    });

    it('exits 1 listing the problems of a bad catalog, 2 without a file', async () => {
      const file = join(scratch, 'bad.json');
      await writeFile(file, JSON.stringify({ offers: [{ offer_id: 'x', name: 'X', title: 'X', image_url: '/x.svg', rate: 9, platforms: ['PC'], payout: '1' }] }));
      const bad = await ops('offers:import', file);
      expect(bad.code).toBe(1);
      expect(bad.err).toBe(`${file} is not a valid offers catalog:\n  - offers[0].rate: rate must be from 0 to 5`);
      await writeFile(file, '{ not json');
      expect((await ops('offers:import', file)).err).toContain('not JSON');
      expect((await ops('offers:import', join(scratch, 'missing.json'))).err).toContain('cannot read the file: ENOENT');
      expect(await ops('offers:import')).toMatchObject({ code: 2, opened: false });
    });
  });

  describe('users:credit and ledger:verify', () => {
    it('credits a user with a manual_credit row carrying the reason', async () => {
      const { user, email } = await signUp(app());
      const result = await ops('users:credit', email.toUpperCase(), '2.50', '--reason', 'goodwill', 'for', 'ticket', '#12');
      expect(result).toMatchObject({ code: 0, out: `Credited $2.50 to ${email} (goodwill for ticket #12); the balance is now $2.50.` });
      const rows = await database().db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
      expect(rows).toEqual([expect.objectContaining({ kind: 'manual_credit', amountCoins: 2500, note: 'goodwill for ticket #12' })]);
    });

    it("tells the running site's open pages of the user their new balance", async () => {
      const { user, email, token } = await signUp(app());
      const { pusher } = loadConfig({});
      const wallet = await listenToWallet(base, pusher.key, token, user.id);
      try {
        const toRunningSite = createRealtimePublisher(pusher, () => ({ host: '127.0.0.1', port: Number(new URL(base).port) }));
        expect((await opsTelling(toRunningSite, 'users:credit', email, '1.25', '--reason', 'support')).code).toBe(0);
        expect(await wallet.nextCount(1)).toEqual([{ wallet: '1.25', pending_wallet: '0.00', version: expect.any(Number) }]);
      } finally {
        wallet.close();
      }
    });

    it('still credits when no site can be told, and says so', async () => {
      const { email, user } = await signUp(app());
      const unreachable = { publishWallet: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:8080')) };
      const result = await opsTelling(unreachable, 'users:credit', email, '1', '--reason', 'support');
      expect(result.code).toBe(0);
      expect(result.out).toContain('(The running site could not be told: connect ECONNREFUSED 127.0.0.1:8080. Open pages show the new balance on their next load.)');
      expect(await balanceOf(database().db, user.id)).toBe(1000);
    });

    it('refuses an unknown user (1) and bad arguments (2, before opening the database)', async () => {
      expect(await ops('users:credit', 'nobody@example.com', '1', '--reason', 'x')).toMatchObject({ code: 1, err: 'No user with email nobody@example.com' });
      for (const argv of [['users:credit', 'a@b.co', '1'], ['users:credit', 'a@b.co', '-1', '--reason', 'x'], ['users:credit', 'a@b.co', '1.2345', '--reason', 'x'], ['users:credit', 'nope', '1', '--reason', 'x']]) {
        expect(await ops(...argv)).toMatchObject({ code: 2, opened: false });
      }
    });

    it('ledger:verify prints OK, or the mismatching users and exits 1', async () => {
      expect((await ops('ledger:verify')).out).toMatch(/^OK: the balances of all \d+ users equal the sums of their ledger rows\.$/);
      const { user } = await signUp(app());
      await database().db.update(users).set({ balanceCoins: 1234 }).where(eq(users.id, user.id));
      try {
        const result = await ops('ledger:verify');
        expect(result.code).toBe(1);
        expect(result.out).toBe(`user ${user.id}: balance $1.23 (1234 coins), ledger $0.00 (0 coins)`);
        expect(result.err).toMatch(/^MISMATCH: 1 of \d+ users have a balance that differs from their ledger\.$/);
      } finally {
        await database().db.update(users).set({ balanceCoins: 0 }).where(eq(users.id, user.id));
      }
    });
  });

  describe('postback:simulate (talks to the running server, never opens the database)', () => {
    it('sends a signed credit, then its reversal, to the server', async () => {
      const { user, email } = await signUp(app());
      const credit = await ops('postback:simulate', '--url', base, '--wall', 'demo', '--email', email, '--offer', 'puzzle-harbor', '--event', 'levels-50', '--payout', '2.25', '--txid', `sim-${user.id}`);
      expect(credit.opened).toBe(false);
      expect(credit.code).toBe(0);
      expect(credit.out).toContain('HTTP 200 {"status":"success","message":"Conversion credited."}');
      expect(await balanceOf(database().db, user.id)).toBe(2250);
      const reverse = await ops('postback:simulate', '--url', base, '--user', String(user.id), '--offer', 'puzzle-harbor', '--payout', '2.25', '--txid', `sim-${user.id}`, '--reverse');
      expect(reverse.out).toContain('"message":"Conversion reversed."');
      expect(await balanceOf(database().db, user.id)).toBe(0);
    });

    it('speaks the BitLabs and ayeT-Studios formats too', async () => {
      const { user, email } = await signUp(app());
      for (const wall of ['bitlabs', 'ayetstudios']) {
        const credit = await ops('postback:simulate', '--url', base, '--wall', wall, '--email', email, '--offer', '77', '--payout', '1.00', '--txid', `${wall}-${user.id}`);
        expect([wall, credit.code, credit.out]).toEqual([wall, 0, expect.stringContaining('Conversion credited.')]);
      }
      expect(await balanceOf(database().db, user.id)).toBe(2000);
      const reverse = await ops('postback:simulate', '--url', base, '--wall', 'bitlabs', '--email', email, '--payout', '1.00', '--txid', `bitlabs-${user.id}`, '--reverse');
      expect(reverse.out).toContain('Conversion reversed.');
      const rows = await database()
        .db.select()
        .from(conversions)
        .where(and(eq(conversions.userId, user.id), eq(conversions.status, 'reversed')));
      expect(rows.map((row) => row.wall)).toEqual(['bitlabs']);
    });

    it('exits 1 when the server refuses or is not there, 2 for bad arguments', async () => {
      const refused = await ops('postback:simulate', '--url', base, '--email', 'nobody@example.com', '--offer', 'x', '--payout', '1');
      expect(refused).toMatchObject({ code: 1, opened: false });
      expect(refused.err).toContain('Cannot find the user nobody@example.com: HTTP 404');
      const unknownUser = await ops('postback:simulate', '--url', base, '--user', '987654321', '--offer', 'x', '--payout', '1');
      expect(unknownUser.code).toBe(1);
      expect(unknownUser.out).toContain('HTTP 404');
      const down = await ops('postback:simulate', '--url', 'http://127.0.0.1:9', '--user', '1', '--offer', 'x', '--payout', '1');
      expect(down.err).toContain('Cannot reach http://127.0.0.1:9');
      for (const argv of [
        ['--offer', 'x', '--payout', '1'],
        ['--user', '1', '--email', 'a@b.co', '--offer', 'x', '--payout', '1'],
        ['--user', '1', '--offer', 'x'],
        ['--user', '1', '--offer', 'x', '--payout', '1', '--reverse'],
        ['--user', '1', '--offer', 'x', '--payout', '1', '--bogus', 'y'],
      ]) {
        expect(await ops('postback:simulate', ...argv)).toMatchObject({ code: 2, opened: false });
      }
    });

    it('works from the real command line while the server holds the PGlite folder', async () => {
      const { user, email } = await signUp(app());
      const dataDir = await mkdtemp(join(tmpdir(), 'rewards-ops-sim-'));
      try {
        // This test process stands in for the server holding the database.
        await writeFile(join(dataDir, 'pglite.lock'), String(process.pid));
        const result = await runToEnd(
          join(apiDir, 'node_modules', '.bin', 'tsx'),
          ['src/ops/cli.ts', 'postback:simulate', '--url', base, '--email', email, '--offer', 'word-garden', '--event', 'level-100', '--payout', '3.20'],
          { cwd: apiDir, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'test' } },
        );
        expect([result.code, result.stderr]).toEqual([0, '']);
        expect(result.stdout).toContain('Conversion credited.');
        expect(await balanceOf(database().db, user.id)).toBe(3200);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
      // tsx compiles the command line's sources as it starts: over 30 s once, beside the whole test command.
    }, 90_000);
  });

  describe('after all of it', () => {
    it('keeps the ledger invariant', async () => {
      expect(await verifyLedger(database().db)).toEqual([]);
    });
  });
});
