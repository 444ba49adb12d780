import { eq } from 'drizzle-orm';
import type { LeaderboardData } from '@rewards/shared/contracts/marketing-types';
import { type LedgerKind, ledgerEntries, users } from '../../db/schema';
import { signUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { injectPostback, postbackFields } from '../../test/wall-test-kit';
import { appendLedgerEntry } from '../ledger/ledger';
import { periodStart } from './periods';
import { cachedLeaderboard, leaderboard, rankEarners } from './service';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let reference = 0;

describe('leaderboard periods (UTC calendar)', () => {
  // A Wednesday.
  const now = new Date('2030-03-13T12:34:56Z');

  it('daily starts today at midnight', () => {
    expect(periodStart('daily', now).toISOString()).toBe('2030-03-13T00:00:00.000Z');
  });

  it('weekly starts on Monday at midnight, also when today is Sunday or Monday', () => {
    expect(periodStart('weekly', now).toISOString()).toBe('2030-03-11T00:00:00.000Z');
    expect(periodStart('weekly', new Date('2030-03-17T23:59:59Z')).toISOString()).toBe('2030-03-11T00:00:00.000Z');
    expect(periodStart('weekly', new Date('2030-03-11T00:00:00Z')).toISOString()).toBe('2030-03-11T00:00:00.000Z');
  });

  it('monthly starts on the first of the month', () => {
    expect(periodStart('monthly', now).toISOString()).toBe('2030-03-01T00:00:00.000Z');
  });
});

describe('ranking', () => {
  it('gives equal totals the same rank and skips the places they take (1, 2, 2, 4)', () => {
    const entries = rankEarners([
      { name: 'Ada Lovelace', email: 'ada@example.com', totalCoins: 9_000 },
      { name: 'Grace Hopper', email: 'grace@example.com', totalCoins: 5_000 },
      { name: 'Alan Turing', email: 'alan@example.com', totalCoins: 5_000 },
      { name: 'Linus', email: 'torvalds@example.com', totalCoins: 1_230 },
    ]);
    expect(entries).toEqual([
      { rank: 1, name: 'Ada L.', initial: 'A', amount: '9.00' },
      { rank: 2, name: 'Grace H.', initial: 'G', amount: '5.00' },
      { rank: 2, name: 'Alan T.', initial: 'A', amount: '5.00' },
      { rank: 4, name: 'Linus', initial: 'L', amount: '1.23' },
    ]);
  });
});

describe(`GET /api/leaderboard on ${kind}`, () => {
  const { database, app } = useTestApp();

  async function earner(name: string) {
    return (await signUp(app(), { name })).user.id;
  }

  /** Books an entry; `at` moves it to that moment (entries are otherwise stamped now). */
  async function book(userId: number, kind: LedgerKind, amountCoins: number, at?: Date) {
    reference += 1;
    const { entryId } = await appendLedgerEntry(database().db, {
      userId,
      kind,
      amountCoins,
      reference: `leaderboard-${reference}`,
      allowNegative: kind === 'offer_reversal' || undefined,
    });
    if (at) await database().db.update(ledgerEntries).set({ createdAt: at }).where(eq(ledgerEntries.id, entryId));
  }

  describe('periods, with the clock in 2030 so nothing else booked by these tests counts', () => {
    const now = new Date('2030-03-13T12:00:00Z');

    it('counts each entry in the periods it falls in', async () => {
      const today = await earner('Today Only');
      const thisWeek = await earner('Monday Person');
      const thisMonth = await earner('Early March');
      const lastMonth = await earner('February Person');
      await book(today, 'offer_credit', 4_000, new Date('2030-03-13T08:00:00Z'));
      await book(thisWeek, 'offer_credit', 3_000, new Date('2030-03-11T00:00:00Z'));
      await book(thisMonth, 'offer_credit', 2_000, new Date('2030-03-01T00:00:01Z'));
      await book(lastMonth, 'offer_credit', 9_000, new Date('2030-02-28T23:59:59Z'));

      const names = async (period: 'daily' | 'weekly' | 'monthly') => (await leaderboard(database().db, period, now)).entries.map((entry) => entry.name);
      expect(await names('daily')).toEqual(['Today O.']);
      expect(await names('weekly')).toEqual(['Today O.', 'Monday P.']);
      expect(await names('monthly')).toEqual(['Today O.', 'Monday P.', 'Early M.']);
      expect((await leaderboard(database().db, 'weekly', now)).since).toBe('2030-03-11T00:00:00.000Z');
    });
  });

  describe('what counts, in a month of its own', () => {
    const now = new Date('2031-07-15T12:00:00Z');
    const at = new Date('2031-07-15T10:00:00Z');

    it('subtracts reversals, ignores cashouts, refunds, referral and manual credits, and drops totals of zero or less', async () => {
      const reversed = await earner('Partly Reversed');
      const cashedOut = await earner('Cashed Out');
      const manual = await earner('Manual Credit');
      const wiped = await earner('Fully Reversed');
      await book(reversed, 'offer_credit', 10_000, at);
      await book(reversed, 'offer_reversal', -4_000, at);
      await book(cashedOut, 'offer_credit', 5_000, at);
      await book(cashedOut, 'cashout', -5_000, at);
      await book(manual, 'manual_credit', 50_000, at);
      await book(manual, 'referral_bonus', 50_000, at);
      await book(wiped, 'offer_credit', 2_000, at);
      await book(wiped, 'offer_reversal', -2_000, at);

      const board = await leaderboard(database().db, 'monthly', now);
      expect(board.entries).toEqual([
        { rank: 1, name: 'Partly R.', initial: 'P', amount: '6.00' },
        { rank: 2, name: 'Cashed O.', initial: 'C', amount: '5.00' },
      ]);
    });
  });

  describe('ties and size, in a month of their own', () => {
    const now = new Date('2032-05-20T12:00:00Z');

    it('shares a rank on a tie, puts who reached the total first ahead, and shows the top 20 only', async () => {
      const first = await earner('Reached First');
      const second = await earner('Reached Later');
      await book(second, 'offer_credit', 7_000, new Date('2032-05-20T09:00:00Z'));
      await book(first, 'offer_credit', 7_000, new Date('2032-05-20T08:00:00Z'));
      for (let index = 0; index < 20; index += 1) {
        await book(await earner(`Small Earner${index}`), 'offer_credit', 1_000 + index * 10, new Date('2032-05-19T08:00:00Z'));
      }
      const board = await leaderboard(database().db, 'monthly', now);
      expect(board.entries).toHaveLength(20);
      expect(board.entries.slice(0, 3).map(({ rank, name }) => [rank, name])).toEqual([
        [1, 'Reached F.'],
        [1, 'Reached L.'],
        [3, 'Small E.'],
      ]);
      expect(board.entries.at(-1)?.amount).toBe('1.02');
    });

    it('leaves out blocked and deleted accounts', async () => {
      const blocked = await earner('Blocked Person');
      const deleted = await earner('Deleted Person');
      await book(blocked, 'offer_credit', 99_000, new Date('2032-05-20T08:00:00Z'));
      await book(deleted, 'offer_credit', 99_000, new Date('2032-05-20T08:00:00Z'));
      await database().db.update(users).set({ status: 'blocked' }).where(eq(users.id, blocked));
      await database().db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted));
      const names = (await leaderboard(database().db, 'monthly', now)).entries.map((entry) => entry.name);
      expect(names).not.toContain('Blocked P.');
      expect(names).not.toContain('Deleted P.');
    });
  });

  describe('public names, in a month of their own', () => {
    const now = new Date('2033-09-15T12:00:00Z');

    it('never come from an email: a name holding @, a name made from the address, and no name show as "Member"', async () => {
      const typedEmail = await earner('ada.lovelace@example.com');
      const named = await earner('Grace Hopper');
      // As the landing hero and Google sign-in without a display name name an account.
      const heroEmail = `hero.${reference}${Date.now()}@example.com`;
      const hero = (await signUp(app(), { name: heroEmail.split('@')[0]!, email: heroEmail })).user.id;
      const nameless = await earner('Soon Nameless');
      await database().db.update(users).set({ name: '' }).where(eq(users.id, nameless));
      await book(typedEmail, 'offer_credit', 9_000, new Date('2033-09-15T08:00:00Z'));
      await book(named, 'offer_credit', 8_000, new Date('2033-09-15T08:00:00Z'));
      await book(hero, 'offer_credit', 7_000, new Date('2033-09-15T08:00:00Z'));
      await book(nameless, 'offer_credit', 6_000, new Date('2033-09-15T08:00:00Z'));
      const board = await leaderboard(database().db, 'monthly', now);
      expect(board.entries).toEqual([
        { rank: 1, name: 'Member', initial: 'M', amount: '9.00' },
        { rank: 2, name: 'Grace H.', initial: 'G', amount: '8.00' },
        { rank: 3, name: 'Member', initial: 'M', amount: '7.00' },
        { rank: 4, name: 'Member', initial: 'M', amount: '6.00' },
      ]);
      expect(JSON.stringify(board)).not.toMatch(/@|lovelace|hero|Nameless/i);
    });
  });

  describe('the HTTP call', () => {
    it('ranks today\'s credits on the daily board with public names only: no email, no id', async () => {
      const { user, email } = await signUp(app(), { name: 'Ada Lovelace' });
      await book(user.id, 'offer_credit', 12_340);
      const response = await app().inject({ method: 'GET', url: '/api/leaderboard?period=daily' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
      const { status, data } = response.json<{ status: string; data: LeaderboardData }>();
      expect(status).toBe('success');
      expect(data.period).toBe('daily');
      expect(data.entries[0]).toEqual({ rank: 1, name: 'Ada L.', initial: 'A', amount: '12.34' });
      expect(Object.keys(data.entries[0]!).sort()).toEqual(['amount', 'initial', 'name', 'rank']);
      expect(response.body).not.toContain(email);
      expect(response.body).not.toContain('Lovelace');
      expect(response.body).not.toMatch(/"(id|user_id|email)"/);
    });

    it('counts a held credit as earned: a $950.00 postback credit, held for 7 days, ranks at once', async () => {
      const { user } = await signUp(app(), { name: 'Hella Waiting' });
      await injectPostback(app(), postbackFields({ user_id: String(user.id), payout: '950.00' }));
      const [held] = await database().db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
      expect(held).toMatchObject({ kind: 'offer_credit', amountCoins: 0, heldCoins: 950_000 });
      const board = await leaderboard(database().db, 'daily', new Date());
      expect(board.entries).toContainEqual(expect.objectContaining({ name: 'Hella W.', amount: '950.00' }));
    });

    it('answers the monthly board without a period', async () => {
      const response = await app().inject({ method: 'GET', url: '/api/leaderboard' });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ data: LeaderboardData }>().data.period).toBe('monthly');
    });

    it.each([
      ['an unknown period', 'period=yearly'],
      ['a NUL byte', 'period=DAILY%00'],
      ['the period twice', 'period=daily&period=weekly'],
      ['an empty period', 'period='],
      ['broken percent-encoding', 'period=%E0%A4%A'],
      ['a 5000-character period', `period=${'x'.repeat(5000)}`],
    ])('answers 422 with the errors map for %s', async (_label, query) => {
      const response = await app().inject({ method: 'GET', url: `/api/leaderboard?${query}` });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 'error',
        code: 'validation_failed',
        message: 'The period must be one of daily, weekly, monthly.',
        errors: { period: ['The period must be one of daily, weekly, monthly.'] },
        field_codes: { period: [{ code: 'invalid_value' }] },
      });
    });
  });

  describe('cache', () => {
    it('asks the database once per period within the cache time, and again after it', async () => {
      let time = new Date('2033-01-05T12:00:00Z');
      const db = database().db;
      const spy = jest.spyOn(db, 'select');
      const board = cachedLeaderboard(db, 10_000, () => time);
      await Promise.all([board('daily'), board('daily'), board('daily')]);
      await board('weekly');
      expect(spy).toHaveBeenCalledTimes(2);
      time = new Date(time.getTime() + 10_001);
      await board('daily');
      expect(spy).toHaveBeenCalledTimes(3);
      spy.mockRestore();
    });

    it('starts a new board at midnight even inside the cache time', async () => {
      let time = new Date('2033-01-05T23:59:59Z');
      const board = cachedLeaderboard(database().db, 60_000, () => time);
      expect((await board('daily')).since).toBe('2033-01-05T00:00:00.000Z');
      time = new Date('2033-01-06T00:00:01Z');
      expect((await board('daily')).since).toBe('2033-01-06T00:00:00.000Z');
    });
  });
});
