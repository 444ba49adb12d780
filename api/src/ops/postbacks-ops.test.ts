import { count, desc, eq } from 'drizzle-orm';
import { liveLeads, operatorAudit, postbackCallbacks } from '../db/schema';
import { distinctAddress, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { balanceOf, verifyLedger } from '../modules/ledger/ledger';
import { genericPostbackQuery } from '../modules/walls/adapters/generic';
import { recordCallback } from '../modules/walls/callback-log';
import { POSTBACK_MESSAGES } from '../modules/conversions/postback-service';
import { DEV_POSTBACK_SECRET } from '../modules/walls/registry';
import { injectPostback, postbackFields } from '../test/wall-test-kit';
import { opsTellingWallets } from '../test/ops-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

type Listed = { id: number; wall: string; outcome: string; status_code: number; user_id: number | null; txid: string | null; amount: string; replay_of: number | null; query: string };

describe(`ops commands of the postback log on ${kind}`, () => {
  const { database, db, app } = useTestApp();
  const { ops, published } = opsTellingWallets(database, 'support');

  async function json<T>(...argv: string[]): Promise<T> {
    const result = await ops(...argv, '--json');
    const body = JSON.parse(result.out) as { ok: boolean; result: T; error?: string };
    if (!body.ok) throw new Error(`ops ${argv.join(' ')} failed: ${body.error}`);
    return body.result;
  }

  const callbackCount = async () => (await db().select({ value: count() }).from(postbackCallbacks))[0]?.value ?? 0;
  const lastAudit = async () => (await db().select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1))[0];

  it('lists callbacks as a table by user, wall, txid and outcome; --json has every one whole', async () => {
    const { user, email } = await signUp(app(), {}, { from: distinctAddress() });
    const fields = postbackFields({ user_id: String(user.id), payout: '1.25' });
    await injectPostback(app(), fields);
    await injectPostback(app(), fields, { secret: 'wrong' });
    await injectPostback(app(), postbackFields({ user_id: String(user.id), payout: '0.75' }), { wall: 'offery' });

    const mine = await ops('postbacks:list', '--user', email);
    expect(mine.code).toBe(0);
    const lines = mine.out.split('\n');
    expect(lines[0]).toMatch(/^id\s+received\s+wall\s+outcome\s+http\s+user\s+txid\s+amount\s+from\s+reason\s+replay of$/);
    expect(lines[1]).toMatch(/^-+ +-+/);
    // Newest first; columns line up under the header.
    expect(lines[2]).toMatch(new RegExp(`^\\d+\\s+\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\s+offery\\s+credited\\s+200\\s+${user.id}\\s+tx-\\S+\\s+\\+\\$0\\.75\\s+127\\.0\\.0\\.1\\s+Conversion credited\\.\\s+-$`));
    expect(lines[3]).toMatch(/\sdemo\s+refused\s+403\s.*\s-\s+127\.0\.0\.1\s+Invalid signature\.\s+-$/);
    expect(lines[4]).toMatch(new RegExp(`\\sdemo\\s+credited\\s+200\\s+${user.id}\\s+${fields.txid}\\s+\\+\\$1\\.25\\s`));
    expect(lines.slice(5)).toEqual(['', '3 callbacks; --json has the raw query, body and headers']);
    const wallColumn = lines[0]!.indexOf('wall');
    expect(lines.slice(2, 5).map((row) => row.slice(wallColumn - 2, wallColumn + 6))).toEqual(['  offery', '  demo  ', '  demo  ']);

    const listed = await json<Listed[]>('postbacks:list', '--user', email);
    expect(listed.map((row) => [row.wall, row.outcome, row.status_code, row.amount])).toEqual([
      ['offery', 'credited', 200, '0.75'],
      ['demo', 'refused', 403, '0.00'],
      ['demo', 'credited', 200, '1.25'],
    ]);
    expect(listed[2]).toMatchObject({ user_id: user.id, txid: fields.txid, replay_of: null, query: expect.stringContaining(`txid=${fields.txid}`) });
    expect((await json<Listed[]>('postbacks:list', '--user', email, '--outcome', 'refused')).map((row) => row.outcome)).toEqual(['refused']);
    expect(await json<Listed[]>('postbacks:list', '--wall', 'offery', '--user', email)).toHaveLength(1);
    expect(await json<Listed[]>('postbacks:list', '--txid', fields.txid)).toHaveLength(2);
    expect(await json<Listed[]>('postbacks:list', '--user', email, '--limit', '1')).toHaveLength(1);
    expect((await ops('postbacks:list', '--txid', 'never')).out).toBe('No callbacks match.');
    expect(await json<Listed[]>('postbacks:list', '--txid', 'never')).toEqual([]);
  });

  it('replays with a reason: an accepted callback changes nothing, audited with the reason and the user', async () => {
    const { user, email } = await signUp(app(), {}, { from: distinctAddress() });
    const fields = postbackFields({ user_id: String(user.id), payout: '2.00' });
    await injectPostback(app(), fields);
    const [credited] = await json<Listed[]>('postbacks:list', '--txid', fields.txid);

    expect(await ops('postbacks:replay', String(credited!.id))).toMatchObject({ code: 2, err: expect.stringContaining('postbacks:replay needs --reason <text>') });
    const replay = await ops('postbacks:replay', String(credited!.id), '--reason', 'user says', 'it', 'did not credit');
    expect([replay.code, replay.out]).toEqual([0, expect.stringMatching(new RegExp(`^Replayed #${credited!.id} as #\\d+: duplicate \\(HTTP 200\\) Conversion already credited\\.$`))]);
    expect(await balanceOf(db(), user.id)).toBe(2000);
    expect(await lastAudit()).toMatchObject({
      operator: 'support',
      command: 'postbacks:replay',
      arguments: [String(credited!.id)],
      reason: 'user says it did not credit',
      userId: user.id,
      userEmail: email,
      outcome: 'done',
      result: { replayed_id: credited!.id, wall: 'demo', txid: fields.txid, outcome: 'duplicate', status_code: 200, amount_coins: 0 },
    });
    const [replayed] = await json<Listed[]>('postbacks:list', '--user', email, '--limit', '1');
    expect(replayed).toMatchObject({ outcome: 'duplicate', replay_of: credited!.id });
    expect((await ops('postbacks:list', '--user', email)).out).toContain(`#${credited!.id}`);
  });

  it('a refused replay exits 1, stores nothing and is audited as failed with its reason', async () => {
    const { user, email } = await signUp(app(), {}, { from: distinctAddress() });
    await injectPostback(app(), postbackFields({ user_id: String(user.id) }), { secret: 'wrong' });
    const [refused] = await json<Listed[]>('postbacks:list', '--user', email);
    const before = await callbackCount();
    const replay = await ops('postbacks:replay', String(refused!.id), '--reason', 'the wall says it signed right');
    expect([replay.code, replay.err]).toEqual([1, `The replay of #${refused!.id} was not booked: refused (HTTP 403) Invalid signature.`]);
    expect(await callbackCount()).toBe(before);
    expect(await balanceOf(db(), user.id)).toBe(0);
    expect(await lastAudit()).toMatchObject({
      command: 'postbacks:replay',
      reason: 'the wall says it signed right',
      userEmail: email,
      outcome: 'failed',
      result: { error: `The replay of #${refused!.id} was not booked: refused (HTTP 403) Invalid signature.` },
    });
    const asJson = JSON.parse((await ops('postbacks:replay', String(refused!.id), '--reason', 'again', '--json')).out);
    expect(asJson).toMatchObject({ ok: false, details: { replayed_id: refused!.id, outcome: 'refused', status_code: 403 } });
  });

  it('will not replay a refused callback that was stored shortened, and --json says it was cut', async () => {
    const { user } = await signUp(app(), {}, { from: distinctAddress() });
    const id = await recordCallback(db(), {
      wall: 'demo',
      method: 'GET',
      path: '/api/postback/demo',
      query: `user_id=${user.id}&pad=${'p'.repeat(5000)}`,
      body: '',
      headers: '{}',
      sourceIp: '203.0.113.9',
      outcome: 'refused',
      statusCode: 403,
      reason: 'Invalid signature.',
      userId: user.id,
      txid: null,
    });
    const [listed] = await json<Array<Listed & { truncated: boolean }>>('postbacks:list', '--outcome', 'refused', '--limit', '1');
    expect(listed).toMatchObject({ id, truncated: true });
    expect(listed!.query).toHaveLength(2048);
    const before = await callbackCount();
    const replay = await ops('postbacks:replay', String(id), '--reason', 'try it');
    expect([replay.code, replay.err]).toEqual([1, `Callback #${id} was stored shortened (a refused callback keeps 2 KB of each part): it cannot be replayed as it was received.`]);
    expect(await callbackCount()).toBe(before);
  });

  it('replays a callback that failed (database down): books it once, in the command\'s transaction, and tells the wallets', async () => {
    const referrer = await signUp(app(), {}, { from: distinctAddress() });
    const { user, email } = await signUp(app(), { name: 'Rita Replay', referral_code: referrer.user.referral_code }, { from: distinctAddress() });
    const fields = postbackFields({ user_id: String(user.id), payout: '3.00' });
    // As the pipeline stores a callback it could not book: answered 503, so the wall retries (or support replays).
    const failedId = await recordCallback(db(), {
      wall: 'demo',
      method: 'GET',
      path: '/api/postback/demo',
      query: genericPostbackQuery(DEV_POSTBACK_SECRET, fields),
      body: '',
      headers: '{}',
      sourceIp: '203.0.113.9',
      outcome: 'failed',
      statusCode: 503,
      reason: POSTBACK_MESSAGES.unavailable,
      userId: user.id,
      txid: fields.txid,
      coins: 0,
      replayOf: null,
    });
    published.length = 0;

    const replay = await json<Record<string, unknown>>('postbacks:replay', String(failedId), '--reason', 'database was down');
    expect(replay).toMatchObject({ replayed_id: failedId, outcome: 'credited', status_code: 200, amount: '3.00', amount_coins: 3000, user_id: user.id });
    expect(await balanceOf(db(), user.id)).toBe(3000);
    expect(await balanceOf(db(), referrer.user.id)).toBe(150);
    expect(published.sort((a, b) => a.userId - b.userId)).toEqual(
      [
        { userId: user.id, wallet: '3.00' },
        { userId: referrer.user.id, wallet: '0.15' },
      ].sort((a, b) => a.userId - b.userId),
    );
    const [lead] = await db().select().from(liveLeads).orderBy(desc(liveLeads.id)).limit(1);
    expect(lead).toMatchObject({ name: 'Rita R.', amountCoins: 3000, simulated: false });
    expect(await lastAudit()).toMatchObject({ command: 'postbacks:replay', reason: 'database was down', userEmail: email, outcome: 'done' });

    // Replayed again (or the wall retried): booked once.
    expect((await ops('postbacks:replay', String(failedId), '--reason', 'twice')).out).toMatch(/: duplicate \(HTTP 200\)/);
    expect(await balanceOf(db(), user.id)).toBe(3000);
    const stored = await db().select().from(postbackCallbacks).where(eq(postbackCallbacks.replayOf, failedId)).orderBy(postbackCallbacks.id);
    expect(stored.map((row) => [row.outcome, row.coins])).toEqual([
      ['credited', 3000],
      ['duplicate', 0],
    ]);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('users:show lists the last five callbacks, as a table and in --json', async () => {
    const { user, email } = await signUp(app(), {}, { from: distinctAddress() });
    expect((await ops('users:show', email)).out).toContain('\nLast callbacks: none');
    const txids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const fields = postbackFields({ user_id: String(user.id), payout: '0.10' });
      txids.push(fields.txid);
      await injectPostback(app(), fields);
    }
    const shown = await ops('users:show', email);
    expect(shown.code).toBe(0);
    const lines = shown.out.split('\n');
    const start = lines.indexOf(`Last callbacks (newest first; postbacks:list --user ${email} shows more):`);
    expect(start).toBeGreaterThan(0);
    expect(lines[start + 1]).toMatch(/^id\s+received\s+wall\s+outcome\s+http\s+txid\s+amount\s+from\s+reason\s+replay of$/);
    const rows = lines.slice(start + 3);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toContain(txids[5]);
    expect(rows.join('\n')).not.toContain(txids[0]);
    expect(rows[0]).toMatch(/\sdemo\s+credited\s+200\s+tx-\S+\s+\+\$0\.10\s/);

    const asJson = await json<{ last_callbacks: Listed[]; balance: string }>('users:show', email);
    expect(asJson.balance).toBe('0.60');
    expect(asJson.last_callbacks.map((row) => row.txid)).toEqual(txids.slice(1).reverse());
  });

  it('refuses bad arguments with the usage (exit 2) and unknown ids (exit 1)', async () => {
    for (const argv of [['--outcome', 'great'], ['--limit', '0'], ['--limit', '501'], ['--wall', 'Bad Wall'], ['--user', 'not-an-email'], ['--bogus', 'x'], ['--wall'], ['--reason', 'x']]) {
      expect([argv, (await ops('postbacks:list', ...argv)).code]).toEqual([argv, 2]);
    }
    for (const argv of [[], ['abc'], ['0'], ['1', '2'], ['-1'], ['9007199254740993'], ['1']]) {
      expect([argv, (await ops('postbacks:replay', ...argv)).code]).toEqual([argv, 2]);
    }
    expect(await ops('postbacks:replay', '99999999', '--reason', 'x')).toMatchObject({ code: 1, err: 'No stored callback #99999999 (pruned after POSTBACK_LOG_DAYS, or never received).' });
    expect((await ops('postbacks:list', '--user', 'nobody@example.com')).code).toBe(1);
  });
});
