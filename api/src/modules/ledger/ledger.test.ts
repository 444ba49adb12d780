import { eq } from 'drizzle-orm';
import { ledgerEntries, users } from '../../db/schema';
import { useTestDatabase } from '../../test/test-database';
import { appendLedgerEntry, balanceOf, DuplicateLedgerReferenceError, earningsOf, InsufficientBalanceError, verifyLedger } from './ledger';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let serial = 0;

describe(`ledger on ${kind}`, () => {
  const database = useTestDatabase();

  async function newUser(): Promise<number> {
    serial += 1;
    const [row] = await database()
      .db.insert(users)
      .values({ name: 'L', email: `ledger-${serial}@example.com`, referralCode: `LDG${String(serial).padStart(5, '2')}` })
      .returning({ id: users.id });
    return row!.id;
  }

  it('books credits and debits and keeps users.balance_coins equal to the sum of the rows', async () => {
    const userId = await newUser();
    const { db } = database();
    expect(await appendLedgerEntry(db, { userId, amountCoins: 2500, kind: 'offer_credit', reference: 'wall-a:1' })).toEqual({
      entryId: expect.any(Number),
      balanceCoins: 2500,
      heldCoins: 0,
    });
    await appendLedgerEntry(db, { userId, amountCoins: -1000, kind: 'cashout', reference: 'cashout-1' });
    expect(await balanceOf(db, userId)).toBe(1500);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('refuses a debit the balance cannot cover and books nothing', async () => {
    const userId = await newUser();
    const { db } = database();
    await appendLedgerEntry(db, { userId, amountCoins: 300, kind: 'manual_credit' });
    await expect(appendLedgerEntry(db, { userId, amountCoins: -301, kind: 'cashout', reference: `c-${userId}` })).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    expect(await balanceOf(db, userId)).toBe(300);
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).toHaveLength(1);
  });

  it('refuses the same reference twice for a kind, and leaves the balance as it was', async () => {
    const userId = await newUser();
    const { db } = database();
    await appendLedgerEntry(db, { userId, amountCoins: 700, kind: 'offer_credit', reference: `dup-${userId}` });
    await expect(appendLedgerEntry(db, { userId, amountCoins: 700, kind: 'offer_credit', reference: `dup-${userId}` })).rejects.toBeInstanceOf(
      DuplicateLedgerReferenceError,
    );
    // The same reference under another kind is a different booking (a reversal of that credit).
    await appendLedgerEntry(db, { userId, amountCoins: -700, kind: 'offer_reversal', reference: `dup-${userId}` });
    expect(await balanceOf(db, userId)).toBe(0);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('rolls the entry back with the caller transaction', async () => {
    const userId = await newUser();
    const { db } = database();
    await expect(
      db.transaction(async (tx) => {
        await appendLedgerEntry(tx, { userId, amountCoins: 1000, kind: 'manual_credit' });
        throw new Error('caller changed its mind');
      }),
    ).rejects.toThrow('caller changed its mind');
    expect(await balanceOf(db, userId)).toBe(0);
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).toEqual([]);
  });

  it('refuses amounts that are zero or not whole coins', async () => {
    const userId = await newUser();
    for (const amountCoins of [0, 1.5, Number.NaN]) {
      await expect(appendLedgerEntry(database().db, { userId, amountCoins, kind: 'manual_credit' })).rejects.toBeInstanceOf(RangeError);
    }
  });

  it('counts earnings: offer credits, referral and manual credits minus reversals, not cashouts', async () => {
    const userId = await newUser();
    const { db } = database();
    await appendLedgerEntry(db, { userId, amountCoins: 4000, kind: 'offer_credit', reference: `e-${userId}` });
    await appendLedgerEntry(db, { userId, amountCoins: 200, kind: 'referral_bonus', reference: `rb-${userId}` });
    await appendLedgerEntry(db, { userId, amountCoins: 100, kind: 'manual_credit' });
    await appendLedgerEntry(db, { userId, amountCoins: -1000, kind: 'offer_reversal', reference: `e-${userId}` });
    await appendLedgerEntry(db, { userId, amountCoins: -2000, kind: 'cashout', reference: `ce-${userId}` });
    await appendLedgerEntry(db, { userId, amountCoins: 2000, kind: 'cashout_refund', reference: `ce-${userId}` });
    expect(await earningsOf(db, userId)).toBe(3300);
    expect(await earningsOf(db, userId, new Date(Date.now() + 60_000))).toBe(0);
  });

  it('verifyLedger names a user whose balance was changed outside the ledger', async () => {
    const userId = await newUser();
    const { db } = database();
    await appendLedgerEntry(db, { userId, amountCoins: 900, kind: 'manual_credit' });
    await db.update(users).set({ balanceCoins: 5000 }).where(eq(users.id, userId));
    expect(await verifyLedger(db)).toEqual([{ userId, balanceCoins: 5000, ledgerCoins: 900, heldCoins: 0, ledgerHeldCoins: 0 }]);
    await db.update(users).set({ balanceCoins: 900 }).where(eq(users.id, userId));
  });

  it('lets a reversal (allowNegative) take a balance below zero; credits then pay it back, debits stay refused', async () => {
    const userId = await newUser();
    const { db } = database();
    await appendLedgerEntry(db, { userId, amountCoins: 1000, kind: 'offer_credit', reference: `neg-${userId}` });
    await appendLedgerEntry(db, { userId, amountCoins: -800, kind: 'cashout', reference: `neg-c-${userId}` });
    const reversed = await appendLedgerEntry(db, { userId, amountCoins: -1000, kind: 'offer_reversal', reference: `neg-${userId}`, allowNegative: true });
    expect(reversed.balanceCoins).toBe(-800);
    await expect(appendLedgerEntry(db, { userId, amountCoins: -1, kind: 'cashout', reference: `neg-c2-${userId}` })).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect((await appendLedgerEntry(db, { userId, amountCoins: 300, kind: 'manual_credit' })).balanceCoins).toBe(-500);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('allows allowNegative only for reversals, and a reversal without it is refused like any debit', async () => {
    const userId = await newUser();
    const { db } = database();
    for (const kind of ['cashout', 'manual_credit', 'offer_credit'] as const) {
      await expect(appendLedgerEntry(db, { userId, amountCoins: -10, kind, reference: `an-${kind}-${userId}`, allowNegative: true })).rejects.toThrow(
        `only reversals may take a balance below zero, not ${kind}`,
      );
    }
    await expect(appendLedgerEntry(db, { userId, amountCoins: -10, kind: 'offer_reversal', reference: `an-r-${userId}` })).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    expect(await balanceOf(db, userId)).toBe(0);
  });

  it('never goes below zero under concurrent debits (real races on PostgreSQL)', async () => {
    const userId = await newUser();
    const { db } = database();
    await appendLedgerEntry(db, { userId, amountCoins: 1000, kind: 'manual_credit' });
    const debits = Array.from({ length: 40 }, (_, i) =>
      appendLedgerEntry(db, { userId, amountCoins: -100, kind: 'cashout', reference: `race-${userId}-${i}` }),
    );
    const results = await Promise.allSettled(debits);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(InsufficientBalanceError);
    }
    expect(await balanceOf(db, userId)).toBe(0);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
