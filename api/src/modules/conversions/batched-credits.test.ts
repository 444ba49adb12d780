import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { conversions, offerEvents, offers, userOffers, users } from '../../db/schema';
import { distinctAddress, signUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { verifyLedger } from '../ledger/ledger';
import { NO_HOLDS } from '../../config-values';
import { conversionReference } from '../ledger/references';
import { creditInBatch } from './batched-credits';
import { type BookableCredit as BatchedCredit, type CreditInput, UnknownUserError } from './credit-types';
import { creditConversion } from './crediting';
import { balanceCoins, ledgerRows } from '../../test/wall-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`credits booked several per statement on ${kind}`, () => {
  const { db, app } = useTestApp();

  const newUser = async (referralCode?: string) => (await signUp(app(), referralCode ? { referral_code: referralCode } : {}, { from: distinctAddress() })).user as { id: number; referral_code: string };

  const creditOf = (userId: number, coins: number, overrides: Partial<CreditInput> = {}): CreditInput => ({
    wall: 'demo',
    txid: `batch-${randomUUID()}`,
    userId,
    partnerOfferId: '',
    partnerEventId: '',
    payoutCoins: coins,
    ...overrides,
  });
  const batched = (credit: CreditInput): BatchedCredit => ({
    ...credit,
    signedDigest: null,
    reference: conversionReference(credit.wall, credit.txid),
    holdRules: NO_HOLDS,
    baseHold: { days: 0, reason: 'wall' },
  });

  /** A catalog offer with at least two events, and one without any. */
  async function catalogOffers() {
    const counted = await db()
      .select({ partnerOfferId: offers.partnerOfferId, events: sql<number>`count(${offerEvents.id})::int` })
      .from(offers)
      .leftJoin(offerEvents, eq(offerEvents.offerId, offers.id))
      .groupBy(offers.id);
    const withEvents = counted.find((offer) => Number(offer.events) >= 2)!;
    const withoutEvents = counted.find((offer) => Number(offer.events) === 0)!;
    const events = await db()
      .select({ id: offerEvents.partnerEventId })
      .from(offerEvents)
      .innerJoin(offers, eq(offers.id, offerEvents.offerId))
      .where(eq(offers.partnerOfferId, withEvents.partnerOfferId));
    return { multiEvent: { id: withEvents.partnerOfferId, events: events.map((event) => event.id) }, noEvents: withoutEvents.partnerOfferId };
  }

  it('books the credits that arrive while one statement is in flight together, each balance moved once per statement', async () => {
    const [first, second, referrer] = [await newUser(), await newUser(), await newUser()];
    const friend = await newUser(referrer.referral_code);
    const again = creditOf(second.id, 300);
    const sent = [
      creditOf(first.id, 100), // nothing in flight: alone
      creditOf(first.id, 200), // the next statement, with every credit below
      creditOf(first.id, 400), // the same user again: not in this statement
      again,
      { ...again }, // the same wall + txid again
      creditOf(987_654_321, 100),
      creditOf(friend.id, 500), // a referrer's bonus: crediting.ts's path
    ];
    const outcomes = await Promise.all(sent.map((credit) => creditInBatch(db(), batched(credit))));
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['credited', 'credited', 'not-bookable', 'credited', 'not-bookable', 'unknown-user', 'not-bookable']);
    expect(await balanceCoins(db(), first.id)).toBe(300);
    expect(await balanceCoins(db(), second.id)).toBe(300);
    expect(await balanceCoins(db(), friend.id)).toBe(0);
    // Each credit's wallet is its user's balance as its own statement left it, with its own ledger row's id.
    const [alone, together] = outcomes as Array<Extract<(typeof outcomes)[number], { outcome: 'credited' }>>;
    const firstRows = await ledgerRows(db(), first.id);
    expect(alone!.result.wallets).toEqual([{ userId: first.id, balanceCoins: 100, heldCoins: 0, version: firstRows.find((row) => row.amountCoins === 100)!.id }]);
    expect(together!.result.wallets).toEqual([{ userId: first.id, balanceCoins: 300, heldCoins: 0, version: firstRows.find((row) => row.amountCoins === 200)!.id }]);
    expect(together!.result).toMatchObject({ referralCoins: 0, referralHeldCoins: 0, user: { id: first.id, referredBy: null } });
  });

  it('a burst of every kind of credit books each exactly once, with the offers it completes and the referrer paid', async () => {
    const { multiEvent, noEvents } = await catalogOffers();
    const customers = [await newUser(), await newUser(), await newUser()];
    const referrer = await newUser();
    const friend = await newUser(referrer.referral_code);
    const credits: CreditInput[] = [];
    for (const [index, customer] of customers.entries()) {
      for (const event of multiEvent.events) credits.push(creditOf(customer.id, 100 + index, { partnerOfferId: multiEvent.id, partnerEventId: event }));
      credits.push(creditOf(customer.id, 1000, { partnerOfferId: noEvents }));
      credits.push(creditOf(customer.id, 7));
    }
    credits.push(creditOf(friend.id, 2000), creditOf(friend.id, 40, { partnerOfferId: noEvents }));
    const sameSignedText = [creditOf(customers[0]!.id, 5, { signedContent: `signed-${randomUUID()}` })];
    sameSignedText.push({ ...sameSignedText[0]!, txid: `batch-${randomUUID()}` });
    // Every credit three times at once, in an order that mixes users, offers and copies.
    const sends = [...credits, ...credits, ...credits, ...sameSignedText].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(sends.map((credit) => creditConversion(db(), credit, { batch: true })));

    const creditedTxids = answers.flatMap((answer, index) => (answer.outcome === 'credited' ? [sends[index]!.txid] : []));
    const signedCredited = creditedTxids.filter((txid) => sameSignedText.some((credit) => credit.txid === txid));
    expect(signedCredited).toHaveLength(1);
    expect(creditedTxids.filter((txid) => !signedCredited.includes(txid)).sort()).toEqual(credits.map((credit) => credit.txid).sort());
    expect(answers.filter((answer) => answer.outcome === 'signature-reused')).toHaveLength(1);
    expect(answers.filter((answer) => answer.outcome === 'duplicate')).toHaveLength(credits.length * 2);

    for (const [index, customer] of customers.entries()) {
      expect(await balanceCoins(db(), customer.id)).toBe((100 + index) * multiEvent.events.length + 1000 + 7 + (index === 0 ? 5 : 0));
      const completed = await db().select().from(userOffers).where(and(eq(userOffers.userId, customer.id), eq(userOffers.status, 'completed')));
      expect(completed).toHaveLength(2);
      const [row] = await db().select({ completedOffers: users.completedOffers }).from(users).where(eq(users.id, customer.id));
      expect(row!.completedOffers).toBe(2);
    }
    expect(await balanceCoins(db(), friend.id)).toBe(2040);
    expect(await balanceCoins(db(), referrer.id)).toBe(100 + 2);
    expect(await db().$count(conversions, eq(conversions.userId, friend.id))).toBe(2);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('an unknown user is refused through creditConversion, and nothing is booked', async () => {
    const before = await db().$count(conversions);
    await expect(creditConversion(db(), creditOf(987_654_321, 100), { batch: true })).rejects.toBeInstanceOf(UnknownUserError);
    expect(await db().$count(conversions)).toBe(before);
  });
});
