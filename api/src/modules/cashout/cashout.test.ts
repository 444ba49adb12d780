import { and, eq, sql } from 'drizzle-orm';
import { cashouts, ledgerEntries, users } from '../../db/schema';
import { bearer, signUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { balanceOf, verifyLedger } from '../ledger/ledger';
import { credit, databaseKind, fundedUser, paypal, stats, store } from '../../test/cashout-test-kit';
import { CASHOUT_MESSAGES } from './schemas';
import { approveCashout, rejectCashout } from './service';

const SUBMITTED = 'Cashout request submitted successfully! It will be processed within 24-48 hours.';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe(`Cashout/Store on ${databaseKind}`, () => {
  const { db, app } = useTestApp();

  const cashoutsOf = (userId: number) => db().select().from(cashouts).where(eq(cashouts.userId, userId));

  it('takes a cashout: debits the balance once and answers the new balance and the pending cashout', async () => {
    const { token, user } = await fundedUser(app(), db(), 10_000);
    const response = await store(app(), token, { wallet: 'paypal', amount: 1, account: '  pat@example.com ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: 'success',
      message: SUBMITTED,
      data: {
        new_balance: '9.00',
        cashout: {
          id: expect.any(Number),
          method: 'paypal',
          amount: '1.00',
          account: 'pat@example.com',
          status: 'pending',
          created_at: expect.stringMatching(ISO),
          reviewed_at: null,
          rejection_reason: null,
          provider_reference: null,
          paid_at: null,
        },
      },
    });
    expect(await balanceOf(db(), user.id)).toBe(9_000);
    const debits = await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.kind, 'cashout')));
    expect(debits).toEqual([expect.objectContaining({ amountCoins: -1_000, reference: `cashout:${body.data.cashout.id}` })]);
    expect(await cashoutsOf(user.id)).toEqual([expect.objectContaining({ balanceAfterCoins: 9_000, status: 'pending', idempotencyKey: null })]);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it.each([
    ['stake', 'high_roller'],
    ['visa', 'card@example.com'],
    ['paypal', 'pat@example.com'],
    ['letcoin', 'LTC1qxy2kgdygjrsqtzq2n0yrf2493p83kkf'],
    ['payeer', 'P1000000'],
  ])('accepts the payout method %s', async (wallet, account) => {
    const { token } = await fundedUser(app(), db(), 1_000);
    const response = await store(app(), token, { wallet, amount: 0.25, account });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ new_balance: '0.75', cashout: { method: wallet, account, amount: '0.25' } });
  });

  it('reads the amount as a JSON number or a numeric string, exactly, without float rounding', async () => {
    const { token, user } = await fundedUser(app(), db(), 50_000);
    for (const [amount, coins] of [['2.50', 2_500], [0.29, 290], [1.15, 1_150], ['.75', 750], [' 3 ', 3_000], ['4.100', 4_100]] as const) {
      const before = await balanceOf(db(), user.id);
      const response = await store(app(), token, paypal(amount));
      expect(response.statusCode).toBe(200);
      expect(before - (await balanceOf(db(), user.id))).toBe(coins);
    }
  });

  it('takes the method name in any case and with spaces around it', async () => {
    const { token } = await fundedUser(app(), db(), 1_000);
    const response = await store(app(), token, { wallet: ' PayPal ', amount: '0.50', account: 'pat@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.cashout.method).toBe('paypal');
  });

  const LONG = 'x'.repeat(201);
  it.each([
    ['no method', { amount: 1, account: 'a' }, 'wallet', 'Please choose a payout method.'],
    ['an unknown method', { wallet: 'bitcoin', amount: 1, account: 'a' }, 'wallet', 'Unknown payout method.'],
    ['a method that is not a string', { wallet: 3, amount: 1, account: 'a' }, 'wallet', 'Unknown payout method.'],
    ['no account (PayPal)', { wallet: 'paypal', amount: 1 }, 'account', 'Please enter your PayPal Email'],
    ['a blank account (Stake)', { wallet: 'stake', amount: 1, account: '   ' }, 'account', 'Please enter your Stake Username'],
    ['a null account (Payeer)', { wallet: 'payeer', amount: 1, account: null }, 'account', 'Please enter your Payeer Account ID'],
    ['an account that is not a string', { wallet: 'letcoin', amount: 1, account: 42 }, 'account', 'Please enter your Letcoin Wallet Address'],
    ['an account over 200 characters', { wallet: 'stake', amount: 1, account: LONG }, 'account', 'The account may not be greater than 200 characters.'],
    ['an account with a line break', { wallet: 'stake', amount: 1, account: 'a\nb' }, 'account', CASHOUT_MESSAGES.accountCharacters],
    ['a PayPal account that is not an email', { wallet: 'paypal', amount: 1, account: 'pat' }, 'account', 'Please enter a valid email address.'],
    ['no amount', { wallet: 'stake', account: 'a' }, 'amount', 'Minimum amount is $0.25'],
    ['an empty amount', { wallet: 'stake', amount: '', account: 'a' }, 'amount', 'Minimum amount is $0.25'],
    ['0.24', { wallet: 'stake', amount: 0.24, account: 'a' }, 'amount', 'Minimum amount is $0.25'],
    ['"0.10"', { wallet: 'stake', amount: '0.10', account: 'a' }, 'amount', 'Minimum amount is $0.25'],
    ['a negative amount', { wallet: 'stake', amount: -5, account: 'a' }, 'amount', 'Minimum amount is $0.25'],
    ['an amount that is not a number', { wallet: 'stake', amount: 'lots', account: 'a' }, 'amount', 'Minimum amount is $0.25'],
    ['1.234 (three decimals)', { wallet: 'stake', amount: 1.234, account: 'a' }, 'amount', CASHOUT_MESSAGES.decimals],
    ['"1,50"', { wallet: 'stake', amount: '1,50', account: 'a' }, 'amount', CASHOUT_MESSAGES.decimals],
    ['a huge amount', { wallet: 'stake', amount: 1e21, account: 'a' }, 'amount', 'The amount is too large.'],
  ])('refuses %s with 422 and a message a person understands, changing nothing', async (_case, body, field, message) => {
    const { token, user } = await fundedUser(app(), db(), 5_000);
    const response = await store(app(), token, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 'error', message, errors: { [field]: [message] } });
    expect(await balanceOf(db(), user.id)).toBe(5_000);
    expect(await cashoutsOf(user.id)).toEqual([]);
  });

  it('names the first problem in the order of the form (method, account, amount) and lists them all', async () => {
    const { token } = await fundedUser(app(), db(), 5_000);
    const response = await store(app(), token, { wallet: 'nope', account: '', amount: 0 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'validation_failed',
      message: 'Unknown payout method.',
      errors: { wallet: ['Unknown payout method.'], account: ['Please enter your account'], amount: ['Minimum amount is $0.25'] },
      field_codes: { wallet: [{ code: 'invalid_value' }], account: [{ code: 'invalid_value' }], amount: [{ code: 'invalid_value' }] },
    });
  });

  it.each(['[1,2]', '"paypal"', 'null', '{"wallet":'])('refuses the body %s with 422', async (raw) => {
    const { token } = await fundedUser(app(), db(), 5_000);
    const response = await store(app(), token, raw);
    expect(response.statusCode).toBe(raw === '{"wallet":' ? 400 : 422);
    expect(response.json().status).toBe('error');
  });

  it('refuses more than the balance with "Insufficient balance.", and pays the exact balance', async () => {
    const { token, user } = await fundedUser(app(), db(), 1_000);
    const refused = await store(app(), token, paypal(1.01));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ status: 'error', code: 'insufficient_balance', message: 'Insufficient balance.', errors: { amount: ['Insufficient balance.'] }, field_codes: { amount: [{ code: 'insufficient_balance' }] } });
    expect(await cashoutsOf(user.id)).toEqual([]);
    const paid = await store(app(), token, paypal('1.00'));
    expect(paid.json().data.new_balance).toBe('0.00');
    expect((await store(app(), token, paypal(0.25))).json().message).toBe('Insufficient balance.');
    expect(await balanceOf(db(), user.id)).toBe(0);
  });

  it('compares coins, not the rounded dollars shown: $2.345 cannot pay $2.35', async () => {
    const { token, user } = await fundedUser(app(), db(), 2_345);
    expect((await store(app(), token, paypal(2.35))).json().message).toBe('Insufficient balance.');
    const paid = await store(app(), token, paypal(2.34));
    expect(paid.json().data.new_balance).toBe('0.00');
    expect(await balanceOf(db(), user.id)).toBe(5);
  });

  it('answers 401 without a session, before looking at the body', async () => {
    const response = await app().inject({ method: 'POST', url: '/api/Cashout/Store', payload: { wallet: 'x' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'error', code: 'unauthenticated', message: 'Unauthenticated.' });
  });

  it.each([
    ['blocked', 'Your account has been blocked.', 'account_blocked'],
    ['pending', 'The account has been temporarily disabled.', 'account_pending'],
  ] as const)('answers a %s account with the 403 of spec §8 on every cashout call and pays nothing', async (status, message, errorType) => {
    const { token, user } = await fundedUser(app(), db(), 5_000);
    await db().update(users).set({ status }).where(eq(users.id, user.id));
    const calls = [
      store(app(), token, paypal(1)),
      store(app(), token, { nonsense: true }),
      app().inject({ method: 'GET', url: '/api/Cashout/stats', headers: bearer(token) }),
      app().inject({ method: 'GET', url: '/api/Cashout/history?page=0', headers: bearer(token) }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: 'error', code: errorType, message, error_type: errorType });
    }
    expect(await balanceOf(db(), user.id)).toBe(5_000);
    expect(await cashoutsOf(user.id)).toEqual([]);
  });

  describe('Idempotency-Key', () => {
    it('answers a retry with the first answer, without paying twice', async () => {
      const { token, user } = await fundedUser(app(), db(), 10_000);
      const first = await store(app(), token, paypal(2), 'key-retry-1');
      await credit(db(), user.id, 1_000); // the balance moves; the replay still answers the first new_balance
      const again = await store(app(), token, paypal('2.00', ' pat@example.com'), 'key-retry-1');
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(first.json().data.new_balance).toBe('8.00');
      expect(await cashoutsOf(user.id)).toHaveLength(1);
      expect(await balanceOf(db(), user.id)).toBe(9_000);
    });

    it('refuses the key with a different request: "This Idempotency-Key was used for a different request."', async () => {
      const { token, user } = await fundedUser(app(), db(), 10_000);
      await store(app(), token, paypal(2), 'key-different');
      for (const body of [paypal(3), paypal(2, 'other@example.com'), { wallet: 'visa', amount: 2, account: 'pat@example.com' }]) {
        const response = await store(app(), token, body, 'key-different');
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ status: 'error', code: 'idempotency_key_reused', message: 'This Idempotency-Key was used for a different request.' });
      }
      expect(await balanceOf(db(), user.id)).toBe(8_000);
    });

    it('keeps keys per user: the same key from another user is another cashout', async () => {
      const ada = await fundedUser(app(), db(), 1_000);
      const bob = await fundedUser(app(), db(), 1_000);
      const a = await store(app(), ada.token, paypal(1), 'shared-key');
      const b = await store(app(), bob.token, paypal(1), 'shared-key');
      expect(a.json().data.cashout.id).not.toBe(b.json().data.cashout.id);
      expect(await balanceOf(db(), bob.user.id)).toBe(0);
    });

    it('does not remember a refusal: the same key works once the balance allows it', async () => {
      const { token, user } = await fundedUser(app(), db(), 500);
      expect((await store(app(), token, paypal(1), 'key-after-refusal')).statusCode).toBe(422);
      await credit(db(), user.id, 500);
      const paid = await store(app(), token, paypal(1), 'key-after-refusal');
      expect(paid.statusCode).toBe(200);
      expect(paid.json().data.new_balance).toBe('0.00');
    });

    it.each([['x'.repeat(101)], ['has space'], ['tab\there'], ['']])('refuses the key %p with 422 and pays nothing', async (key) => {
      const { token, user } = await fundedUser(app(), db(), 1_000);
      const response = await store(app(), token, paypal(1), key);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ status: 'error', code: 'idempotency_key_invalid', message: 'The Idempotency-Key header must be 1 to 100 visible characters.' });
      expect(await balanceOf(db(), user.id)).toBe(1_000);
    });

    it('takes a key of 100 visible characters', async () => {
      const { token } = await fundedUser(app(), db(), 1_000);
      expect((await store(app(), token, paypal(1), '!'.repeat(50) + '~'.repeat(50))).statusCode).toBe(200);
    });
  });
});

describe(`the daily cashout limit on ${databaseKind}`, () => {
  const { db, app } = useTestApp({ env: { RATE_LIMITS: 'off', CASHOUT_DAILY_LIMIT_DOLLARS: '5' } });

  it('pays up to the limit exactly, then refuses with "Daily withdrawal limit of $5.00 reached."', async () => {
    const { token, user } = await fundedUser(app(), db(), 20_000);
    expect((await store(app(), token, paypal(3))).statusCode).toBe(200);
    const over = await store(app(), token, paypal(2.5));
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ message: 'Daily withdrawal limit of $5.00 reached. You can cash out up to $2.00 more today.' });
    expect((await store(app(), token, paypal(2))).statusCode).toBe(200);
    const full = await store(app(), token, paypal(0.25));
    expect(full.json()).toMatchObject({ status: 'error', code: 'daily_limit_reached', params: { limit: '$5.00' }, message: 'Daily withdrawal limit of $5.00 reached. Please try again tomorrow.' });
    expect(await balanceOf(db(), user.id)).toBe(15_000);
  });

  it('says "Insufficient balance." before the limit when both apply', async () => {
    const { token } = await fundedUser(app(), db(), 1_000);
    expect((await store(app(), token, paypal(6))).json().message).toBe('Insufficient balance.');
  });

  it('counts the cashouts of today (UTC) not refunded (here one paid by hand), not rejected ones nor earlier days', async () => {
    const { token } = await fundedUser(app(), db(), 20_000);
    const approved = (await store(app(), token, paypal(2))).json().data.cashout.id;
    const rejected = (await store(app(), token, paypal(2))).json().data.cashout.id;
    const yesterday = (await store(app(), token, paypal(1))).json().data.cashout.id;
    await approveCashout(db(), approved);
    await rejectCashout(db(), rejected, 'Wrong account');
    await db()
      .update(cashouts)
      .set({ createdAt: sql`date_trunc('day', now(), 'UTC') - interval '1 second'` })
      .where(eq(cashouts.id, yesterday));
    // Today: 2.00 approved; the rejected 2.00 and yesterday's 1.00 do not count.
    expect((await store(app(), token, paypal(3))).statusCode).toBe(200);
    expect((await store(app(), token, paypal(0.25))).json().message).toMatch(/^Daily withdrawal limit of \$5\.00 reached\./);
  });

  it('is per user', async () => {
    const ada = await fundedUser(app(), db(), 10_000);
    const bob = await fundedUser(app(), db(), 10_000);
    expect((await store(app(), ada.token, paypal(5))).statusCode).toBe(200);
    expect((await store(app(), bob.token, paypal(5))).statusCode).toBe(200);
  });
});

describe(`Cashout/stats and Cashout/history on ${databaseKind}`, () => {
  const { db, app } = useTestApp();

  const history = (token: string, query = '') => app().inject({ method: 'GET', url: `/api/Cashout/history${query}`, headers: bearer(token) });

  it('answers zeros for a new user', async () => {
    const { token } = await signUp(app());
    expect(await stats(app(), token)).toEqual({
      current_balance: '0.00',
      pending_amount: '0.00',
      pending_count: 0,
      total_requested: '0.00',
      total_approved: '0.00',
      total_amount: '0.00',
    });
    expect((await history(token)).json()).toEqual({ status: 'success', data: { items: [], page: 1, per_page: 10, total: 0 } });
  });

  it('sums pending (not paid yet), requested (pending + paid) and approved (paid); total_amount is what the user earned', async () => {
    const { token, user } = await fundedUser(app(), db(), 10_000);
    const ids: number[] = [];
    for (const amount of [1, 2, 3, 0.5]) ids.push((await store(app(), token, paypal(amount))).json().data.cashout.id);
    await approveCashout(db(), ids[1]!);
    await rejectCashout(db(), ids[2]!, 'Account not found');
    expect(await stats(app(), token)).toEqual({
      current_balance: '6.50', // 10 - 1 - 2 - 3 + 3 (refund) - 0.5
      pending_amount: '1.50',
      pending_count: 2,
      total_requested: '3.50',
      total_approved: '2.00',
      total_amount: '10.00',
    });
    expect(await balanceOf(db(), user.id)).toBe(6_500);
  });

  it('lists the user\'s cashouts newest first, 10 a page by default, with review outcomes', async () => {
    const { token } = await fundedUser(app(), db(), 10_000);
    const other = await fundedUser(app(), db(), 1_000);
    await store(app(), other.token, paypal(1));
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await store(app(), token, paypal(`0.${25 + i}`))).json().data.cashout.id);
    await rejectCashout(db(), ids[11]!, 'Wrong email');

    const first = (await history(token)).json().data;
    expect(first).toMatchObject({ page: 1, per_page: 10, total: 12 });
    expect(first.items.map((item: { id: number }) => item.id)).toEqual(ids.slice(2).reverse());
    expect(first.items[0]).toEqual({
      id: ids[11],
      method: 'paypal',
      amount: '0.36',
      account: 'pat@example.com',
      status: 'rejected',
      created_at: expect.stringMatching(ISO),
      reviewed_at: expect.stringMatching(ISO),
      rejection_reason: 'Wrong email',
      provider_reference: null,
      paid_at: null,
    });
    const second = (await history(token, '?page=2')).json().data;
    expect(second.items.map((item: { id: number }) => item.id)).toEqual([ids[1], ids[0]]);
    expect((await history(token, '?page=3&per_page=10')).json().data).toEqual({ items: [], page: 3, per_page: 10, total: 12 });
    expect((await history(token, '?per_page=50')).json().data.items).toHaveLength(12);
    expect((await history(token, '?page=2&per_page=5')).json().data.items.map((item: { id: number }) => item.id)).toEqual(ids.slice(2, 7).reverse());
  });

  it.each(['?page=0', '?page=-1', '?page=x', '?page=1.5', '?per_page=0', '?per_page=51', '?per_page=', '?page=9999999'])(
    'refuses %s with 422',
    async (query) => {
      const { token } = await signUp(app());
      const response = await history(token, query);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ status: 'error', message: expect.stringMatching(/^The (page|per_page) must be a whole number/) });
    },
  );

  it('answers 401 without a session', async () => {
    for (const url of ['/api/Cashout/stats', '/api/Cashout/history']) {
      expect((await app().inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
