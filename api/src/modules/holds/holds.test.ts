import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { readEarningHolds } from '../../config-values';
import type { DatabaseHandle } from '../../db/database';
import { conversions, holds, ledgerEntries, users } from '../../db/schema';
import { bearer, distinctAddress, signUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { openExtraPool } from '../../test/extra-pool';
import { balanceCoins, heldCoins } from '../../test/wall-test-kit';
import type { CreditInput } from '../conversions/credit-types';
import { creditConversion } from '../conversions/crediting';
import { reverseConversion } from '../conversions/reversal';
import { appendLedgerEntry, verifyLedger } from '../ledger/ledger';
import { releaseDueHolds, releaseHoldsOf } from './release';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const onPostgres = kind === 'PostgreSQL';
const DAY_MS = 24 * 3600 * 1000;
const RULES = readEarningHolds('large_credit=10.00/7d,reversals=10%/5/14d,offery=3d');

describe(`held credits on ${kind}`, () => {
  const { database, db, app } = useTestApp();

  const newUser = async () => signUp(app(), {}, { from: distinctAddress() });
  const creditOf = (userId: number, coins: number, overrides: Partial<CreditInput> = {}): CreditInput => ({
    wall: 'demo',
    txid: `hold-${randomUUID()}`,
    userId,
    partnerOfferId: '',
    partnerEventId: '',
    payoutCoins: coins,
    ...overrides,
  });
  const holdOf = async (reference: string) => (await db().select().from(holds).where(eq(holds.reference, reference)))[0];
  const profileOf = async (token: string) => (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).json().data;
  /** Makes a hold due now (instead of waiting days). */
  const makeDue = (reference: string) => db().update(holds).set({ releaseAt: sql`now() - interval '1 second'` }).where(eq(holds.reference, reference));

  /** `count` earlier credits of the user within the last 90 days, `reversed` of them reversed. */
  async function pastCredits(userId: number, count: number, reversed: number) {
    for (let i = 0; i < count; i++) {
      await db()
        .insert(conversions)
        .values({
          wall: 'demo',
          txid: `past-${randomUUID()}`,
          userId,
          partnerOfferId: '',
          partnerEventId: '',
          payoutCoins: 100,
          status: i < reversed ? 'reversed' : 'credited',
          createdAt: new Date(Date.now() - 10 * DAY_MS),
        });
    }
  }

  describe('when a credit is held', () => {
    it('holds a $10.00 credit 7 days: pending_wallet shows it, wallet does not, and total earnings count it', async () => {
      const { user, token } = await newUser();
      const result = await creditConversion(db(), creditOf(user.id, 10_000), { holds: RULES });
      expect(result.outcome).toBe('credited');
      if (result.outcome !== 'credited') return;
      expect(result.heldUntil!.getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
      expect(result.heldUntil!.getTime()).toBeLessThan(Date.now() + 7 * DAY_MS + 60_000);
      expect(result.wallets).toEqual([{ userId: user.id, balanceCoins: 0, heldCoins: 10_000, version: expect.any(Number) }]);
      expect(await profileOf(token)).toMatchObject({ wallet: '0.00', pending_wallet: '10.00', total_earnings: '10.00' });
      expect(await holdOf(`demo:${(await db().select().from(conversions).where(eq(conversions.userId, user.id)))[0]!.txid}`)).toMatchObject({
        coins: 10_000,
        reason: 'large_credit',
        status: 'held',
      });
      expect(await verifyLedger(db())).toEqual([]);
    });

    it('makes a $9.99 credit available at once', async () => {
      const { user } = await newUser();
      const result = await creditConversion(db(), creditOf(user.id, 9_990), { holds: RULES });
      expect(result).toMatchObject({ outcome: 'credited', heldUntil: undefined });
      expect([await balanceCoins(db(), user.id), await heldCoins(db(), user.id)]).toEqual([9_990, 0]);
    });

    it("holds every credit of a wall that has days of its own, however small", async () => {
      const { user } = await newUser();
      const credit = creditOf(user.id, 250, { wall: 'offery' });
      await creditConversion(db(), credit, { holds: RULES });
      expect(await holdOf(`offery:${credit.txid}`)).toMatchObject({ coins: 250, reason: 'wall' });
      expect(await heldCoins(db(), user.id)).toBe(250);
    });

    it('holds nothing when EARNING_HOLDS is off (the default of creditConversion)', async () => {
      const { user } = await newUser();
      await creditConversion(db(), creditOf(user.id, 50_000));
      expect([await balanceCoins(db(), user.id), await heldCoins(db(), user.id)]).toEqual([50_000, 0]);
    });

    it('holds every credit 14 days of a user more than 10 % of whose credits of 90 days were reversed (5 or more)', async () => {
      const { user } = await newUser();
      await pastCredits(user.id, 20, 5);
      const credit = creditOf(user.id, 100);
      const result = await creditConversion(db(), credit, { holds: RULES });
      expect(result.outcome === 'credited' && result.heldUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * DAY_MS - 60_000);
      expect(await holdOf(`demo:${credit.txid}`)).toMatchObject({ reason: 'reversals' });
    });

    it('does not hold a user whose reversals are exactly 10 %, or fewer than 5', async () => {
      const exactly = await newUser();
      await pastCredits(exactly.user.id, 50, 5);
      const few = await newUser();
      await pastCredits(few.user.id, 4, 4);
      for (const { user } of [exactly, few]) {
        expect(await creditConversion(db(), creditOf(user.id, 100), { holds: RULES })).toMatchObject({ outcome: 'credited', heldUntil: undefined });
      }
    });

    it('decides the same hold on every crediting path: one statement, the transaction, and a batch', async () => {
      const alone = await newUser();
      const referrer = await newUser();
      const referred = await newUser();
      // A referral whose first credit is checked for self-referral goes through the transaction.
      await db().update(users).set({ referredBy: referrer.user.id }).where(eq(users.id, referred.user.id));
      const batched = await newUser();
      const results = [
        await creditConversion(db(), creditOf(alone.user.id, 12_000), { holds: RULES }),
        await creditConversion(db(), creditOf(referred.user.id, 12_000, { userIp: '203.0.113.9' }), { holds: RULES }),
        await creditConversion(db(), creditOf(batched.user.id, 12_000), { holds: RULES, batch: onPostgres }),
      ];
      for (const result of results) {
        expect(result.outcome === 'credited' && result.heldUntil!.getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
      }
      expect(await Promise.all([alone, referred, batched].map(({ user }) => heldCoins(db(), user.id)))).toEqual([12_000, 12_000, 12_000]);
      // The referrer's 5 % is not held.
      expect(await balanceCoins(db(), referrer.user.id)).toBe(600);
      expect(await verifyLedger(db())).toEqual([]);
    });
  });

  describe('release', () => {
    it('releases a due hold once, as one hold_release ledger row, and leaves holds not yet due', async () => {
      const { user, token } = await newUser();
      const due = creditOf(user.id, 10_000);
      const later = creditOf(user.id, 20_000);
      await creditConversion(db(), due, { holds: RULES });
      await creditConversion(db(), later, { holds: RULES });
      await makeDue(`demo:${due.txid}`);

      const run = await releaseDueHolds(db());
      expect(run.released).toEqual([{ userId: user.id, reference: `demo:${due.txid}`, coins: 10_000 }]);
      expect(run.wallets).toEqual([{ userId: user.id, balanceCoins: 10_000, heldCoins: 20_000, version: expect.any(Number) }]);
      expect((await releaseDueHolds(db())).released.filter((hold) => hold.userId === user.id)).toEqual([]);

      const rows = await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.kind, 'hold_release')));
      expect(rows).toEqual([expect.objectContaining({ amountCoins: 10_000, heldCoins: -10_000, reference: `demo:${due.txid}` })]);
      expect(await holdOf(`demo:${due.txid}`)).toMatchObject({ status: 'released', settledAt: expect.any(Date) });
      expect(await profileOf(token)).toMatchObject({ wallet: '10.00', pending_wallet: '20.00', total_earnings: '30.00' });
      expect(await verifyLedger(db())).toEqual([]);
    });

    it("releases each of a user's several due holds", async () => {
      const { user } = await newUser();
      const credits = [creditOf(user.id, 10_000), creditOf(user.id, 11_000), creditOf(user.id, 12_000)];
      for (const credit of credits) {
        await creditConversion(db(), credit, { holds: RULES });
        await makeDue(`demo:${credit.txid}`);
      }
      await releaseDueHolds(db());
      expect([await balanceCoins(db(), user.id), await heldCoins(db(), user.id)]).toEqual([33_000, 0]);
    });

    (onPostgres ? it : it.skip)('releases each hold once when two instances run the release at the same moment', async () => {
      const users = await Promise.all(Array.from({ length: 6 }, () => newUser()));
      for (const { user } of users) {
        for (let i = 0; i < 3; i++) {
          const credit = creditOf(user.id, 10_000 + i);
          await creditConversion(db(), credit, { holds: RULES });
          await makeDue(`demo:${credit.txid}`);
        }
      }
      const second: DatabaseHandle = await openExtraPool(database(), 4);
      try {
        const runs = await Promise.all([releaseDueHolds(db()), releaseDueHolds(second.db), releaseDueHolds(db()), releaseDueHolds(second.db)]);
        const released = runs.flatMap((run) => run.released).filter((hold) => users.some(({ user }) => user.id === hold.userId));
        expect(released).toHaveLength(18);
        expect(new Set(released.map((hold) => hold.reference)).size).toBe(18);
      } finally {
        await second.close();
      }
      for (const { user } of users) expect([await balanceCoins(db(), user.id), await heldCoins(db(), user.id)]).toEqual([30_003, 0]);
      expect(await verifyLedger(db())).toEqual([]);
    });

    it("releases all of one user's holds on an operator's word, whatever their dates", async () => {
      const { user } = await newUser();
      const other = await newUser();
      await creditConversion(db(), creditOf(user.id, 10_000), { holds: RULES });
      await creditConversion(db(), creditOf(other.user.id, 10_000), { holds: RULES });
      const run = await releaseHoldsOf(db(), user.id);
      expect(run.released.map((hold) => hold.userId)).toEqual([user.id]);
      expect(await heldCoins(db(), other.user.id)).toBe(10_000);
    });
  });

  describe('reversals', () => {
    it('takes a held credit out of pending without touching the available balance, and it is never released', async () => {
      const { user } = await newUser();
      await creditConversion(db(), creditOf(user.id, 2_000), { holds: RULES });
      const credit = creditOf(user.id, 15_000);
      await creditConversion(db(), credit, { holds: RULES });
      const reversed = await reverseConversion(db(), { wall: 'demo', txid: credit.txid });
      expect(reversed).toMatchObject({ outcome: 'reversed', wallets: [{ userId: user.id, balanceCoins: 2_000, heldCoins: 0, version: expect.any(Number) }] });
      expect(await holdOf(`demo:${credit.txid}`)).toMatchObject({ status: 'reversed' });
      await makeDue(`demo:${credit.txid}`);
      await releaseDueHolds(db());
      expect([await balanceCoins(db(), user.id), await heldCoins(db(), user.id)]).toEqual([2_000, 0]);
      expect(await verifyLedger(db())).toEqual([]);
    });

    it('takes a released credit from the available balance, below zero if it was cashed out', async () => {
      const { user } = await newUser();
      const credit = creditOf(user.id, 10_000);
      await creditConversion(db(), credit, { holds: RULES });
      await makeDue(`demo:${credit.txid}`);
      await releaseDueHolds(db());
      await appendLedgerEntry(db(), { userId: user.id, amountCoins: -10_000, kind: 'cashout', reference: `cashout:held-${credit.txid}` });
      await reverseConversion(db(), { wall: 'demo', txid: credit.txid });
      expect([await balanceCoins(db(), user.id), await heldCoins(db(), user.id)]).toEqual([-10_000, 0]);
      expect(await verifyLedger(db())).toEqual([]);
    });

    it('lets a reversal and a release of the same hold race: exactly one of them settles it', async () => {
      const { user } = await newUser();
      const credit = creditOf(user.id, 10_000);
      await creditConversion(db(), credit, { holds: RULES });
      await makeDue(`demo:${credit.txid}`);
      await Promise.all([reverseConversion(db(), { wall: 'demo', txid: credit.txid }), releaseDueHolds(db())]);
      const hold = await holdOf(`demo:${credit.txid}`);
      // Released then reversed from the available balance, or reversed while held: either way the user keeps nothing.
      expect(['released', 'reversed']).toContain(hold?.status);
      expect([await balanceCoins(db(), user.id), await heldCoins(db(), user.id)]).toEqual([0, 0]);
      expect(await verifyLedger(db())).toEqual([]);
    });
  });
});
