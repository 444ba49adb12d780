import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Earning, EarningsPage } from '@rewards/shared/contracts/earnings-types';
import { conversions, holds, type LedgerKind, users } from '../../db/schema';
import { bearer, distinctAddress, signUp, type SignedUp } from '../../test/accounts';
import { buildTestApp, useTestApp } from '../../test/build-test-app';
import { injectPostback, postbackFields } from '../../test/wall-test-kit';
import { readEarningHolds } from '../../config-values';
import { markEmailVerified } from '../account/repository';
import { rejectCashout, requestCashout } from '../cashout/service';
import { creditConversion } from '../conversions/crediting';
import { reverseConversion } from '../conversions/reversal';
import { releaseDueHolds } from '../holds/release';
import { appendLedgerEntry, verifyLedger } from '../ledger/ledger';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const DAY_MS = 24 * 3600 * 1000;
const RULES = readEarningHolds('large_credit=10.00/7d,reversals=10%/5/14d');

describe(`the earnings history on ${kind}`, () => {
  const { database, db, app } = useTestApp();

  const newUser = (): Promise<SignedUp> => signUp(app(), {}, { from: distinctAddress() });
  const earnings = (token: string, query = '') => app().inject({ method: 'GET', url: `/api/user/earnings${query}`, headers: bearer(token) });
  async function page(token: string, query = ''): Promise<EarningsPage> {
    const response = await earnings(token, query);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: EarningsPage }>().data;
  }
  /** Every row, following next_cursor. */
  async function allItems(token: string): Promise<Earning[]> {
    const items: Earning[] = [];
    let cursor: string | null = null;
    do {
      const data: EarningsPage = await page(token, cursor ? `?cursor=${cursor}` : '');
      items.push(...data.items);
      cursor = data.next_cursor;
    } while (cursor);
    return items;
  }
  const manualCredit = (userId: number, coins: number, note: string) => appendLedgerEntry(db(), { userId, amountCoins: coins, kind: 'manual_credit', note });
  const credit = (userId: number, coins: number, overrides: { wall?: string; note?: string } = {}) => {
    const txid = `earn-${randomUUID()}`;
    const wall = overrides.wall ?? 'demo';
    return creditConversion(db(), { wall, txid, userId, partnerOfferId: '', partnerEventId: '', payoutCoins: coins, note: overrides.note }, { holds: RULES }).then(() => ({ wall, txid }));
  };
  const makeDue = (reference: string) => db().update(holds).set({ releaseAt: sql`now() - interval '1 second'` }).where(eq(holds.reference, reference));

  describe('access', () => {
    it('answers 401 without a session, for the page and the CSV', async () => {
      for (const url of ['/api/user/earnings', '/api/user/earnings.csv', '/api/user/earnings?limit=abc']) {
        const response = await app().inject({ method: 'GET', url });
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 401, body: { status: 'error', code: 'unauthenticated', message: expect.any(String) } });
      }
    });

    it("shows only the signed-in user's rows", async () => {
      const ada = await newUser();
      const bob = await newUser();
      await manualCredit(ada.user.id, 1_000, 'welcome gift');
      await manualCredit(bob.user.id, 2_000, "bob's gift");
      expect((await page(ada.token)).items.map((item) => item.title)).toEqual(['welcome gift']);
      expect((await page(bob.token)).items.map((item) => item.title)).toEqual(["bob's gift"]);
    });

    it("gives an empty page for a cursor of another user's row, never that user's rows", async () => {
      const ada = await newUser();
      const bob = await newUser();
      await manualCredit(bob.user.id, 1_000, 'one');
      await manualCredit(bob.user.id, 1_000, 'two');
      const bobs = await page(bob.token, '?limit=1');
      expect(bobs.next_cursor).not.toBeNull();
      await manualCredit(ada.user.id, 1_000, 'ada');
      expect(await page(ada.token, `?cursor=${bobs.next_cursor}`)).toMatchObject({ items: [], next_cursor: null });
    });
  });

  describe('what each ledger row shows', () => {
    it('shows a held $12.00 postback credit as pending with its date, and its release as available (no row of its own)', async () => {
      const { user, token } = await newUser();
      const fields = postbackFields({ user_id: String(user.id), payout: '12.00' });
      expect((await injectPostback(app(), fields)).statusCode).toBe(200);
      const [held] = (await page(token)).items;
      expect(held).toEqual({
        id: expect.any(Number),
        kind: 'credit',
        title: 'Dragon Forge Legends',
        title_key: null,
        payout_method: null,
        wall: 'demo',
        amount: '12.00',
        status: 'pending',
        available_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        reason: null,
      });
      const availableIn = Date.parse(held!.available_at!) - Date.parse(held!.created_at);
      expect(Math.abs(availableIn - 7 * DAY_MS)).toBeLessThan(60_000);

      await makeDue(`demo:${fields.txid}`);
      await releaseDueHolds(db());
      expect((await page(token)).items).toEqual([{ ...held, status: 'available', available_at: null }]);
    });

    it('shows a credit reversed while held as reversed, with a reversal row of -$12.00', async () => {
      const { user, token } = await newUser();
      const { wall, txid } = await credit(user.id, 12_000, { note: 'demo: Tile Town - reach level 20' });
      await reverseConversion(db(), { wall, txid });
      expect((await page(token)).items).toEqual([
        expect.objectContaining({ kind: 'reversal', title: 'Tile Town - reach level 20', wall: 'demo', amount: '-12.00', status: 'reversed', available_at: null, reason: null }),
        expect.objectContaining({ kind: 'credit', title: 'Tile Town - reach level 20', wall: 'demo', amount: '12.00', status: 'reversed', available_at: null }),
      ]);
    });

    it('shows a credit reversed after its release as reversed too', async () => {
      const { user, token } = await newUser();
      const { wall, txid } = await credit(user.id, 10_000);
      await makeDue(`${wall}:${txid}`);
      await releaseDueHolds(db());
      expect((await page(token)).items.map((item) => item.status)).toEqual(['available']);
      await reverseConversion(db(), { wall, txid });
      expect((await page(token)).items.map((item) => [item.kind, item.amount, item.status])).toEqual([
        ['reversal', '-10.00', 'reversed'],
        ['credit', '10.00', 'reversed'],
      ]);
    });

    it('shows a small credit available at once, named by the catalog offer when the wall gave no name', async () => {
      const { user, token } = await newUser();
      await creditConversion(db(), { wall: 'demo', txid: `earn-${randomUUID()}`, userId: user.id, partnerOfferId: 'dragon-forge-legends', partnerEventId: '', payoutCoins: 1_500 });
      await credit(user.id, 250);
      expect((await page(token)).items.map((item) => [item.title, item.title_key, item.amount, item.status])).toEqual([
        ['Offer credit', 'offer_credit', '0.25', 'available'],
        ['Dragon Forge Legends', null, '1.50', 'available'],
      ]);
    });

    it("shows the referrer's 5 % as a referral bonus, and its reversal, without the friend's wall", async () => {
      const referrer = await newUser();
      const friend = await newUser();
      await db().update(users).set({ referredBy: referrer.user.id }).where(eq(users.id, friend.user.id));
      const { wall, txid } = await credit(friend.user.id, 2_000);
      expect((await page(referrer.token)).items).toEqual([
        expect.objectContaining({ kind: 'referral_bonus', title: 'Referral bonus', title_key: 'referral_bonus', wall: null, amount: '0.10', status: 'available' }),
      ]);
      await reverseConversion(db(), { wall, txid });
      expect((await page(referrer.token)).items.map((item) => [item.kind, item.title, item.amount, item.status])).toEqual([
        ['reversal', 'Referral bonus', '-0.10', 'reversed'],
        ['referral_bonus', 'Referral bonus', '0.10', 'reversed'],
      ]);
    });

    it("shows an operator's credit with its reason, and a cashout and its refund with the rejection reason", async () => {
      const { user, token } = await newUser();
      await manualCredit(user.id, 5_000, 'Compensation for a lost survey');
      await markEmailVerified(db(), user.id);
      const { cashout } = await requestCashout(db(), {
        userId: user.id,
        input: { method: 'paypal', account: 'pat@example.com', amountCoins: 2_000 },
        idempotencyKey: null,
        dailyLimitCoins: 1_000_000,
      });
      await rejectCashout(db(), cashout.id, 'The email address does not exist');
      const rows = (await page(token)).items.map(({ kind, title, title_key, payout_method, wall, amount, status, reason }) => ({
        kind,
        title,
        title_key,
        payout_method,
        wall,
        amount,
        status,
        reason,
      }));
      expect(rows).toEqual([
        {
          kind: 'cashout_refund',
          title: 'Refund of a cashout to PayPal',
          title_key: 'cashout_refund',
          payout_method: 'paypal',
          wall: null,
          amount: '2.00',
          status: 'available',
          reason: 'The email address does not exist',
        },
        { kind: 'cashout', title: 'Cashout to PayPal', title_key: 'cashout', payout_method: 'paypal', wall: null, amount: '-2.00', status: 'available', reason: null },
        { kind: 'manual_credit', title: 'Compensation for a lost survey', title_key: null, payout_method: null, wall: null, amount: '5.00', status: 'available', reason: null },
      ]);
    });

    it('shows ticket credits and their reversals, booked under the names the tickets work gives them', async () => {
      const { user, token } = await newUser();
      // Kinds of the missing-credit tickets work, not in LEDGER_KINDS on every branch yet.
      const ticketKind = (name: string) => name as LedgerKind;
      await appendLedgerEntry(db(), { userId: user.id, amountCoins: 3_000, kind: ticketKind('ticket_credit'), reference: 'ticket:41', note: 'Solitaire Voyage (ticket 41)' });
      await appendLedgerEntry(db(), { userId: user.id, amountCoins: 800, kind: ticketKind('ticket_credit'), reference: 'ticket:42', note: 'Tile Town (ticket 42)' });
      await appendLedgerEntry(db(), { userId: user.id, amountCoins: -800, kind: ticketKind('ticket_reversal'), reference: 'ticket:42', note: 'Credited by the partner' });
      expect((await page(token)).items.map(({ kind, title, amount, status, reason }) => [kind, title, amount, status, reason])).toEqual([
        ['reversal', 'Tile Town (ticket 42)', '-0.80', 'reversed', 'Credited by the partner'],
        ['ticket_credit', 'Tile Town (ticket 42)', '0.80', 'reversed', null],
        ['ticket_credit', 'Solitaire Voyage (ticket 41)', '3.00', 'available', null],
      ]);
    });

    it('keeps the ledger consistent (nothing here writes money but the ledger)', async () => {
      expect(await verifyLedger(db())).toEqual([]);
    });
  });

  describe('paging', () => {
    it('pages newest first with an opaque cursor, and rows booked meanwhile do not shift the pages', async () => {
      const { user, token } = await newUser();
      for (let i = 1; i <= 5; i++) await manualCredit(user.id, i * 1_000, `credit ${i}`);
      const first = await page(token, '?limit=2');
      expect(first.items.map((item) => item.title)).toEqual(['credit 5', 'credit 4']);
      expect(first.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(first.next_cursor).not.toContain(String(first.items[1]!.id));

      await manualCredit(user.id, 6_000, 'credit 6');
      await manualCredit(user.id, 7_000, 'credit 7');
      const second = await page(token, `?limit=2&cursor=${first.next_cursor}`);
      expect(second.items.map((item) => item.title)).toEqual(['credit 3', 'credit 2']);
      const last = await page(token, `?limit=2&cursor=${second.next_cursor}`);
      expect(last).toMatchObject({ items: [expect.objectContaining({ title: 'credit 1' })], next_cursor: null });
      expect((await page(token, '?limit=2')).items.map((item) => item.title)).toEqual(['credit 7', 'credit 6']);
    });

    it('gives next_cursor null when the last page is exactly full, and an empty list to a user with no rows', async () => {
      const { user, token } = await newUser();
      expect(await page(token)).toMatchObject({ items: [], next_cursor: null });
      await manualCredit(user.id, 1_000, 'a');
      await manualCredit(user.id, 1_000, 'b');
      expect((await page(token, '?limit=2')).next_cursor).toBeNull();
    });

    it('gives 20 rows by default, and from 1 to 100 on request', async () => {
      const { user, token } = await newUser();
      for (let i = 0; i < 101; i++) await manualCredit(user.id, 1_000, `credit ${i}`);
      expect((await page(token)).items).toHaveLength(20);
      expect((await page(token, '?limit=1')).items).toHaveLength(1);
      const hundred = await page(token, '?limit=100');
      expect(hundred.items).toHaveLength(100);
      expect((await page(token, `?limit=100&cursor=${hundred.next_cursor}`)).items.map((item) => item.title)).toEqual(['credit 0']);
      expect(await allItems(token)).toHaveLength(101);
    });

    it.each([
      ['?limit=0', 'limit', 'The limit must be a whole number from 1 to 100.', { code: 'too_small', params: { min: 1 } }],
      ['?limit=101', 'limit', 'The limit must be a whole number from 1 to 100.', { code: 'too_big', params: { max: 100 } }],
      ['?limit=-1', 'limit', 'The limit must be a whole number from 1 to 100.', { code: 'invalid_format' }],
      ['?limit=1.5', 'limit', 'The limit must be a whole number from 1 to 100.', { code: 'invalid_format' }],
      ['?limit=1e2', 'limit', 'The limit must be a whole number from 1 to 100.', { code: 'invalid_format' }],
      ['?limit=', 'limit', 'The limit must be a whole number from 1 to 100.', { code: 'invalid_format' }],
      ['?limit=10&limit=20', 'limit', 'The limit must be a whole number from 1 to 100.', { code: 'invalid_value' }],
      ['?limit=%00', 'limit', 'The limit must be a whole number from 1 to 100.', { code: 'invalid_format' }],
      ['?cursor=', 'cursor', 'The cursor must be a next_cursor this list gave.', { code: 'invalid_value' }],
      ['?cursor=abc', 'cursor', 'The cursor must be a next_cursor this list gave.', { code: 'invalid_value' }],
      ['?cursor=42', 'cursor', 'The cursor must be a next_cursor this list gave.', { code: 'invalid_value' }],
      [`?cursor=${Buffer.from('e0').toString('base64url')}`, 'cursor', 'The cursor must be a next_cursor this list gave.', { code: 'invalid_value' }],
      [`?cursor=${Buffer.from('e99999999999999999').toString('base64url')}`, 'cursor', 'The cursor must be a next_cursor this list gave.', { code: 'invalid_value' }],
      [`?cursor=${Buffer.from("e1' or 1=1 --").toString('base64url')}`, 'cursor', 'The cursor must be a next_cursor this list gave.', { code: 'invalid_value' }],
      ['?cursor=a&cursor=b', 'cursor', 'The cursor must be a next_cursor this list gave.', { code: 'invalid_value' }],
      [`?cursor=${'A'.repeat(5000)}`, 'cursor', 'The cursor must be a next_cursor this list gave.', { code: 'invalid_value' }],
    ] as const)('answers 422 to %s and says what is wrong', async (query, field, message, problem) => {
      const { token } = await newUser();
      const response = await earnings(token, query);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ status: 'error', code: 'validation_failed', message, errors: { [field]: [message] }, field_codes: { [field]: [problem] } });
    });

    it('ignores query parameters it does not know, prototype keys included', async () => {
      const { token } = await newUser();
      const response = await earnings(token, '?__proto__[limit]=0&constructor[prototype][x]=1&page=7');
      expect(response.statusCode).toBe(200);
    });
  });

  describe('the reversal rate', () => {
    /** `count` credits of the last 90 days, `reversed` of them reversed, and one older reversed credit that no longer counts. */
    async function pastCredits(userId: number, count: number, reversed: number) {
      const rows = Array.from({ length: count + 1 }, (_, i) => ({
        wall: 'demo',
        txid: `past-${randomUUID()}`,
        userId,
        partnerOfferId: '',
        partnerEventId: '',
        payoutCoins: 100,
        status: i < reversed || i === count ? ('reversed' as const) : ('credited' as const),
        createdAt: new Date(Date.now() - (i === count ? 91 : 10) * DAY_MS),
      }));
      await db().insert(conversions).values(rows);
    }

    it('counts the credits of 90 days as the hold rule does and says the rule (none of it over it)', async () => {
      const { user, token } = await newUser();
      await pastCredits(user.id, 20, 2);
      expect((await page(token)).reversal_rate).toEqual({
        reversed: 2,
        credits: 20,
        percent: 10,
        window_days: 90,
        holds_longer: false,
        above_percent: 10,
        min_reversals: 5,
        hold_days: 14,
      });
    });

    it('says holds are longer once the user is over the rule, and the next credit is held 14 days indeed', async () => {
      const { user, token } = await newUser();
      await pastCredits(user.id, 30, 5);
      expect((await page(token)).reversal_rate).toMatchObject({ reversed: 5, credits: 30, percent: 16.7, holds_longer: true });
      const { wall, txid } = await credit(user.id, 100);
      const [hold] = await db().select().from(holds).where(eq(holds.reference, `${wall}:${txid}`));
      expect(hold).toMatchObject({ reason: 'reversals' });
      const [item] = (await page(token)).items;
      expect(item).toMatchObject({ status: 'pending' });
      expect(Math.abs(Date.parse(item!.available_at!) - Date.now() - 14 * DAY_MS)).toBeLessThan(60_000);
    });

    it('gives no rule when EARNING_HOLDS has no reversal rule, and a zero rate without credits', async () => {
      const other = await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off', EARNING_HOLDS: 'off' } });
      try {
        const { token } = await signUp(other, {}, { from: distinctAddress() });
        const response = await other.inject({ method: 'GET', url: '/api/user/earnings', headers: bearer(token) });
        expect(response.json().data.reversal_rate).toEqual({
          reversed: 0,
          credits: 0,
          percent: 0,
          window_days: 90,
          holds_longer: false,
          above_percent: null,
          min_reversals: null,
          hold_days: null,
        });
      } finally {
        await other.close();
      }
    });
  });

  describe('GET /api/user/earnings.csv', () => {
    const csvOf = (token: string) => app().inject({ method: 'GET', url: '/api/user/earnings.csv', headers: bearer(token) });

    it('downloads every row with a header line, as an attachment named earnings.csv', async () => {
      const { user, token } = await newUser();
      const { wall, txid } = await credit(user.id, 12_000, { note: 'demo: Tile Town' });
      await manualCredit(user.id, 1_500, 'Welcome bonus');
      const response = await csvOf(token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="earnings.csv"');
      expect(response.headers['cache-control']).toBe('private, no-store');
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe('id,created_at,kind,title,wall,amount,status,available_at,reason');
      const items = (await page(token)).items;
      expect(lines.slice(1)).toEqual([
        `${items[0]!.id},${items[0]!.created_at},manual_credit,Welcome bonus,,1.50,available,,`,
        `${items[1]!.id},${items[1]!.created_at},credit,Tile Town,demo,12.00,pending,${items[1]!.available_at},`,
        '',
      ]);
      await reverseConversion(db(), { wall, txid });
      // A negative amount is a number, not a formula: no quote in front.
      expect((await csvOf(token)).body).toContain(',reversal,Tile Town,demo,-12.00,reversed,,\r\n');
    });

    it('quotes commas, quotes and line breaks (RFC 4180) and disarms cells a spreadsheet would run as formulas', async () => {
      const { user, token } = await newUser();
      await manualCredit(user.id, 1_000, 'Bonus, "thanks"\nfor waiting');
      await manualCredit(user.id, 1_000, '=HYPERLINK("http://evil.example","click")');
      await manualCredit(user.id, 1_000, '+1');
      await manualCredit(user.id, 1_000, '-2+3');
      await manualCredit(user.id, 1_000, '@SUM(A1)');
      const body = (await csvOf(token)).body;
      const titles = body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',manual_credit,')[1]!.split(',,1.00,')[0]);
      expect(titles).toEqual(["'@SUM(A1)", "'-2+3", "'+1", `"'=HYPERLINK(""http://evil.example"",""click"")"`, '"Bonus, ""thanks""\nfor waiting"']);
    });

    it('writes every row of a user with more rows than one read takes', async () => {
      const { user, token } = await newUser();
      await db().transaction(async (tx) => {
        for (let i = 0; i < 1_203; i++) await appendLedgerEntry(tx, { userId: user.id, amountCoins: 10, kind: 'manual_credit', note: `row ${i}` });
      });
      const lines = (await csvOf(token)).body.split('\r\n');
      expect(lines).toHaveLength(1 + 1_203 + 1);
      expect(new Set(lines.slice(1, -1).map((line) => line.split(',')[0])).size).toBe(1_203);
    });

    it('gives just the header line to a user with no rows', async () => {
      const { token } = await newUser();
      expect((await csvOf(token)).body).toBe('id,created_at,kind,title,wall,amount,status,available_at,reason\r\n');
    });
  });
});
