import type { FastifyInstance } from 'fastify';
import { captureMailer, distinctAddress, signUp } from '../test/accounts';
import { buildTestApp } from '../test/build-test-app';
import { useTestDatabase } from '../test/test-database';
import { balanceOf } from '../modules/ledger/ledger';
import { injectPostback, postbackFields } from '../modules/walls/wall-test-kit';
import { COMMANDS } from './commands';
import { runOps } from './run-ops';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`ops commands of the postback log on ${kind}`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => app.close());

  async function ops(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, {
      commands: COMMANDS,
      openDatabase: async () => ({ ...database(), close: async () => {} }),
      out: { line: (text = '') => out.push(text) },
      err: { line: (text = '') => err.push(text) },
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('lists callbacks by user, wall, txid and outcome; replays are idempotent; users:show has the last ones', async () => {
    const { user, email } = await signUp(app, {}, { from: distinctAddress() });
    const fields = postbackFields({ user_id: String(user.id), payout: '1.25' });
    await injectPostback(app, fields);
    await injectPostback(app, fields, { secret: 'wrong' });
    await injectPostback(app, postbackFields({ user_id: String(user.id), payout: '0.75' }), { wall: 'offery' });

    const mine = await ops('postbacks:list', '--user', email);
    expect(mine.code).toBe(0);
    const lines = mine.out.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(new RegExp(`^#\\d+ \\S+ demo credited 200 user ${user.id} txid ${fields.txid} \\+\\$1\\.25 from 127\\.0\\.0\\.1: Conversion credited\\.$`));
    expect((await ops('postbacks:list', '--user', email, '--outcome', 'refused')).out).toContain('demo refused 403');
    expect((await ops('postbacks:list', '--wall', 'offery', '--user', email)).out.split('\n')).toHaveLength(1);
    expect((await ops('postbacks:list', '--txid', fields.txid)).out.split('\n')).toHaveLength(2);
    expect((await ops('postbacks:list', '--txid', 'never')).out).toBe('No callbacks match.');

    const credited = Number(/^#(\d+)/.exec(lines[2]!)![1]);
    const replay = await ops('postbacks:replay', String(credited));
    expect([replay.code, replay.out]).toEqual([0, expect.stringMatching(new RegExp(`^Replayed #${credited} as #\\d+: duplicate \\(HTTP 200\\) Conversion already credited\\.$`))]);
    expect(await balanceOf(database().db, user.id)).toBe(2000);
    const refusedId = Number(/^#(\d+)/.exec(lines[1]!)![1]);
    const refusedReplay = await ops('postbacks:replay', String(refusedId));
    expect([refusedReplay.code, refusedReplay.err]).toEqual([1, 'The replay was not booked: Invalid signature.']);
    expect((await ops('postbacks:list', '--user', email, '--limit', '1')).out).toContain(`(replay of #${refusedId})`);

    const shown = await ops('users:show', email);
    expect(shown.out).toContain('last callbacks:');
    expect(shown.out).toContain(`  #${credited} `);
  });

  it('refuses bad arguments with the usage (exit 2) and unknown ids (exit 1)', async () => {
    for (const argv of [['--outcome', 'great'], ['--limit', '0'], ['--limit', '501'], ['--wall', 'Bad Wall'], ['--user', 'not-an-email'], ['--bogus', 'x'], ['--wall']]) {
      expect([argv, (await ops('postbacks:list', ...argv)).code]).toEqual([argv, 2]);
    }
    expect((await ops('postbacks:replay')).code).toBe(2);
    expect((await ops('postbacks:replay', 'abc')).code).toBe(2);
    expect((await ops('postbacks:replay', '99999999')).code).toBe(1);
    expect((await ops('postbacks:list', '--user', 'nobody@example.com')).code).toBe(1);
  });
});
