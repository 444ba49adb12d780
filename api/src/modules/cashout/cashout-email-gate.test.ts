import { eq } from 'drizzle-orm';
import { cashouts, ledgerEntries, users } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { databaseKind, fundedUser, paypal, store } from '../../test/cashout-test-kit';
import { rejectCashout } from './service';

const GATE = { status: 'error', code: 'email_unverified', message: 'Verify your email before your first cashout.' };

describe(`the first cashout needs a verified email, on ${databaseKind}`, () => {
  const { db, app } = useTestApp();

  const balanceOf = async (userId: number) => (await db().select({ coins: users.balanceCoins }).from(users).where(eq(users.id, userId)))[0]!.coins;
  const countOf = async (userId: number) => ({
    cashouts: await db().$count(cashouts, eq(cashouts.userId, userId)),
    ledger: await db().$count(ledgerEntries, eq(ledgerEntries.userId, userId)),
  });

  it('refuses a first cashout before the email is verified with 403 email_unverified, and changes nothing', async () => {
    const { token, user } = await fundedUser(app(), db(), 10_000, { verified: false });
    const before = await countOf(user.id);
    const response = await store(app(), token, paypal(1));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(GATE);
    expect(await balanceOf(user.id)).toBe(10_000);
    expect(await countOf(user.id)).toEqual(before);
  });

  it('refuses it with an Idempotency-Key too, and takes the same key once the email is verified', async () => {
    const { token, user } = await fundedUser(app(), db(), 10_000, { verified: false });
    expect((await store(app(), token, paypal(1), 'first-try')).json()).toEqual(GATE);
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const retried = await store(app(), token, paypal(1), 'first-try');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.new_balance).toBe('9.00');
  });

  it('takes the first cashout once the email is verified', async () => {
    const { token, user } = await fundedUser(app(), db(), 10_000, { verified: false });
    expect((await store(app(), token, paypal(1))).statusCode).toBe(403);
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    expect((await store(app(), token, paypal(1))).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(9_000);
  });

  it('does not gate later cashouts: a user who cashed out before (even a rejected one) is not asked again', async () => {
    const { token, user } = await fundedUser(app(), db(), 10_000);
    const first = await store(app(), token, paypal(1));
    expect(first.statusCode).toBe(200);
    await rejectCashout(db(), first.json().data.cashout.id, 'test');
    // The email stops counting as verified (an operator's correction, or an account from before verification).
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    const second = await store(app(), token, paypal(2));
    expect(second.statusCode).toBe(200);
  });

  it('the user answer says email_verified, which the banner reads', async () => {
    const unverified = await fundedUser(app(), db(), 0, { verified: false });
    const verified = await fundedUser(app(), db(), 0);
    const answer = async (token: string) => (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).json().data.email_verified;
    expect(await answer(unverified.token)).toBe(false);
    expect(await answer(verified.token)).toBe(true);
  });
});
