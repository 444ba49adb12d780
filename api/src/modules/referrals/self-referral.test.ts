import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { conversions, referralReviews } from '../../db/schema';
import { bearer, distinctAddress, signUp, uniqueEmail } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { verifyLedger } from '../ledger/ledger';
import { DEV_POSTBACK_SECRET, WALL_ADAPTERS } from '../walls/registry';
import { DEVICE_COOKIE } from './signup-origin';
import { balanceCoins, injectPostback, injectSigned, ledgerRows, postbackFields } from '../../test/wall-test-kit';
import { opsTellingWallets } from '../../test/ops-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`self-referral and reversals of deleted accounts on ${kind}`, () => {
  const { database, db, app } = useTestApp();

  const { ops, published } = opsTellingWallets(database, 'reviewer');

  /** Registers like the browser would, from an address, optionally carrying a device cookie; returns the cookie it ends with. */
  async function register(from: string, { referralCode, device }: { referralCode?: string; device?: string } = {}) {
    const email = uniqueEmail('ref');
    const password = 'correct horse 1';
    const response = await app().inject({
      method: 'POST',
      url: '/api/user/Register',
      remoteAddress: from,
      cookies: device ? { [DEVICE_COOKIE]: device } : {},
      payload: { name: 'Sam Same', email, password, password_confirmation: password, ...(referralCode ? { referral_code: referralCode } : {}) },
    });
    expect(response.statusCode).toBe(201);
    const user = response.json().data.user as { id: number; referral_code: string };
    const cookie = response.cookies.find((item) => item.name === DEVICE_COOKIE)?.value ?? device;
    return { user, email, device: cookie };
  }

  const credit = (userId: number, payout = '2.00') => injectPostback(app(), postbackFields({ user_id: String(userId), payout }));
  const review = async (userId: number) => (await db().select().from(referralReviews).where(eq(referralReviews.referredUserId, userId)))[0];

  it('same device cookie at sign-up: flagged, the 5 % withheld, the user paid in full', async () => {
    const referrer = await register(distinctAddress());
    expect(referrer.device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const friend = await register(distinctAddress(), { referralCode: referrer.user.referral_code, device: referrer.device });
    expect((await credit(friend.user.id)).json().message).toBe('Conversion credited.');
    expect(await balanceCoins(db(), friend.user.id)).toBe(2000);
    expect(await ledgerRows(db(), referrer.user.id)).toEqual([]);
    expect(await review(friend.user.id)).toMatchObject({ status: 'pending', referrerId: referrer.user.id, signals: 'same device at sign-up' });
    const [row] = await db().select().from(conversions).where(eq(conversions.userId, friend.user.id));
    expect(row).toMatchObject({ referralCoins: 0, referralHeldCoins: 100 });
  });

  it('same address at sign-up: flagged', async () => {
    const address = distinctAddress();
    const referrer = await register(address);
    const friend = await register(address, { referralCode: referrer.user.referral_code });
    await credit(friend.user.id);
    expect((await review(friend.user.id))?.signals).toContain(`same address at sign-up (${address})`);
    expect(await ledgerRows(db(), referrer.user.id)).toEqual([]);
  });

  it("a conversion from the referrer's address (as the wall reports it): flagged", async () => {
    const referrerAddress = distinctAddress();
    const referrer = await register(referrerAddress);
    const friend = await register(distinctAddress(), { referralCode: referrer.user.referral_code });
    const cpx = WALL_ADAPTERS.find((adapter) => adapter.slug === 'cpx')!;
    const signed = cpx.sign({ base: 'http://localhost:80', userId: friend.user.id, txid: `c-${randomUUID()}`, coins: 1000, offerId: '1', eventId: '', reverse: false }, DEV_POSTBACK_SECRET);
    signed.url += `&ip_click=${referrerAddress}`;
    expect((await injectSigned(app(), signed)).statusCode).toBe(200);
    expect((await review(friend.user.id))?.signals).toBe(`credit from the referrer's address (${referrerAddress})`);
  });

  it('an operator approves (pays what was withheld, later bonuses flow) or rejects (withheld for good), with a reason', async () => {
    const referrer = await register(distinctAddress());
    const friend = await register(distinctAddress(), { referralCode: referrer.user.referral_code, device: referrer.device });
    await credit(friend.user.id, '2.00');
    const reversedLater = postbackFields({ user_id: String(friend.user.id), payout: '4.00' });
    await injectPostback(app(), reversedLater);
    await injectPostback(app(), { ...reversedLater, status: '2' });
    expect(await ledgerRows(db(), referrer.user.id)).toEqual([]);

    const listed = await ops('referrals:list', '--status', 'pending');
    expect(listed.code).toBe(0);
    const lines = listed.out.split('\n');
    expect(lines[0]).toMatch(/^referred user\s+referrer\s+status\s+withheld\s+signals\s+flagged\s+decided\s+decision reason$/);
    expect(lines.find((line) => line.startsWith(`${friend.email} `))).toMatch(
      new RegExp(`^${friend.email}\\s+${referrer.email}\\s+pending\\s+\\$0\\.10\\s+same device at sign-up\\s+\\d{4}-\\S+Z\\s+-\\s+-$`),
    );
    const pending = JSON.parse((await ops('referrals:list', '--status', 'pending', '--json')).out).result as Array<Record<string, unknown>>;
    expect(pending.find((row) => row.referred_email === friend.email)).toMatchObject({
      referred_user_id: friend.user.id,
      referrer_id: referrer.user.id,
      referrer_email: referrer.email,
      status: 'pending',
      withheld: '0.10',
      withheld_coins: 100,
      signals: 'same device at sign-up',
      decided_at: null,
    });

    expect(await ops('referrals:decide', friend.email, 'approve')).toMatchObject({ code: 2, err: expect.stringContaining('referrals:decide needs --reason <text>') });
    const rejected = await ops('referrals:decide', friend.email, 'reject', '--reason', 'same', 'person');
    expect([rejected.code, rejected.out]).toEqual([0, `The referral of ${friend.email}: pending -> rejected.`]);
    await credit(friend.user.id, '1.00');
    expect(await ledgerRows(db(), referrer.user.id)).toEqual([]);
    expect((await ops('referrals:list', '--status', 'rejected')).out).toMatch(new RegExp(`^${friend.email}\\s.*\\srejected\\s+\\$0\\.15\\s.*\\ssame person$`, 'm'));

    published.length = 0;
    const approved = await ops('referrals:decide', friend.email.toUpperCase(), 'Approve', '--reason', 'checked ID: siblings', '--json');
    expect(JSON.parse(approved.out)).toMatchObject({
      ok: true,
      result: { email: friend.email, decision: 'approve', from: 'rejected', status: 'approved', changed: true, referrer_id: referrer.user.id, paid: '0.15', paid_coins: 150, paid_conversions: 2 },
      notes: [`The referral of ${friend.email}: rejected -> approved.`, `Paid $0.15 withheld on 2 conversion(s) to the referrer (user ${referrer.user.id}).`],
    });
    expect(published).toEqual([{ userId: referrer.user.id, wallet: '0.15' }]);
    expect((await ledgerRows(db(), referrer.user.id, 'referral_bonus')).map((row) => row.amountCoins).sort()).toEqual([100, 50]);
    expect((await ops('referrals:decide', friend.email, 'approve', '--reason', 'again')).out).toBe(`The referral of ${friend.email} is already approved.`);
    await credit(friend.user.id, '3.00');
    expect(await balanceCoins(db(), referrer.user.id)).toBe(300);
    expect(await review(friend.user.id)).toMatchObject({ status: 'approved', decisionReason: 'checked ID: siblings' });

    // Every decision is in the audit log with its reason, about the referred user.
    const audit = JSON.parse((await ops('audit', '--user', friend.email, '--json')).out).result as Array<Record<string, unknown>>;
    expect(audit.map((row) => [row.command, row.reason, row.outcome, row.operator])).toEqual([
      ['referrals:decide', 'again', 'done', 'reviewer'],
      ['referrals:decide', 'checked ID: siblings', 'done', 'reviewer'],
      ['referrals:decide', 'same person', 'done', 'reviewer'],
    ]);
    expect(audit[1]).toMatchObject({ user_id: friend.user.id, result: expect.objectContaining({ paid_coins: 150 }) });

    expect(await ops('referrals:decide', 'nobody@example.com', 'approve', '--reason', 'x')).toMatchObject({ code: 1, err: 'No user with email nobody@example.com' });
    expect(await ops('referrals:decide', referrer.email, 'approve', '--reason', 'x')).toMatchObject({ code: 1, err: `The referral of ${referrer.email} is not flagged for review.` });
    for (const argv of [[friend.email, 'maybe'], [friend.email], ['not-an-email', 'approve'], [friend.email, 'approve', 'extra']]) {
      expect([argv, (await ops('referrals:decide', ...argv, '--reason', 'x')).code]).toEqual([argv, 2]);
    }
    for (const argv of [['--status', 'open'], ['--limit', '0'], ['--status'], ['--bogus', 'x'], ['--reason', 'x']]) {
      expect([argv, (await ops('referrals:list', ...argv)).code]).toEqual([argv, 2]);
    }
  });

  it('a reversal for a deleted account still reverses, and takes back the referrer\'s 5 %', async () => {
    const referrer = await signUp(app(), {}, { from: distinctAddress() });
    const friend = await signUp(app(), { referral_code: referrer.user.referral_code }, { from: distinctAddress() });
    const fields = postbackFields({ user_id: String(friend.user.id), payout: '2.00' });
    await injectPostback(app(), fields);
    expect(await balanceCoins(db(), referrer.user.id)).toBe(100);
    expect((await app().inject({ method: 'POST', url: '/api/user/DeleteAccount', headers: bearer(friend.token) })).statusCode).toBe(200);
    const reversal = await injectPostback(app(), { ...fields, status: '2' });
    expect([reversal.statusCode, reversal.json().message]).toEqual([200, 'Conversion reversed.']);
    expect(await balanceCoins(db(), friend.user.id)).toBe(0);
    expect(await balanceCoins(db(), referrer.user.id)).toBe(0);
    expect(await ledgerRows(db(), referrer.user.id, 'referral_reversal')).toEqual([expect.objectContaining({ amountCoins: -100 })]);
    // A new credit for a deleted account is still refused.
    expect((await injectPostback(app(), postbackFields({ user_id: String(friend.user.id) }))).statusCode).toBe(404);
  });

  it('an approval in the middle of concurrent credits pays the referrer exactly 5 % of every one of them', async () => {
    const referrer = await register(distinctAddress());
    const friend = await register(distinctAddress(), { referralCode: referrer.user.referral_code, device: referrer.device });
    await credit(friend.user.id, '2.00');
    const credits = Array.from({ length: 30 }, () => credit(friend.user.id, '1.00'));
    const approved = ops('referrals:decide', friend.email, 'approve', '--reason', 'checked');
    const answers = await Promise.all(credits);
    expect(answers.map((answer) => answer.json().message)).toEqual(Array(30).fill('Conversion credited.'));
    expect((await approved).code).toBe(0);

    expect(await balanceCoins(db(), referrer.user.id)).toBe(100 + 30 * 50);
    const held = await db().select({ held: conversions.referralHeldCoins }).from(conversions).where(eq(conversions.userId, friend.user.id));
    expect(held.filter((row) => row.held > 0)).toEqual([]);
  });

  it('keeps the ledger invariant', async () => {
    expect(await verifyLedger(db())).toEqual([]);
  });
});
