import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import { preparedStatement } from '../../db/prepared';
import { conversions, users } from '../../db/schema';
import { lockUserOffer, setUserOfferCompleted } from '../earn/repository';
import { holdOf, insertHold } from '../holds/repository';
import { type EarningHolds, NO_HOLDS } from '../../config-values';
import { baseHoldOf } from '../holds/rules';
import { bookLedgerEntry, type WalletSnapshot } from '../ledger/ledger';
import { notifyMany } from '../notifications/notify';
import { hasSettleableTicketsSql } from '../tickets/repository';
import { LockSequence } from '../ledger/lock-order';
import { conversionReference } from '../ledger/references';
import { referralBonusEntry, referralBonusOf } from '../referrals/referral-bonus';
import { bonusWithheld, lockReferralReview, selfReferralSignals } from '../referrals/self-referral';
import { type BatchedOutcome, creditInBatch } from './batched-credits';
import { type BookableCredit, type ConversionUser, type CreditInput, type CreditResult, UnknownUserError } from './credit-types';
import { completesAlone, creditCompletesOffer } from './offer-completion';
import { creditInOneStatement, type OneStatementOutcome } from './one-statement-credit';

/**
 * The one crediting path of every wall (each adapter, the demo wall, replays): a conversion is booked once
 * per (wall, txid), credits the user and 5 % to their referrer (withheld while the referral is under review),
 * and moves the user's offer progress. Most credits are booked by one statement (several per statement under
 * load on PostgreSQL); the rest by a transaction that takes its locks in the ledger's order. Reversals: reversal.ts.
 */

/** A live (not deleted) user a wall may credit. */
export async function findCreditableUser(db: Executor, userId: number): Promise<ConversionUser | undefined> {
  if (!Number.isSafeInteger(userId) || userId < 1) return undefined;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, referredBy: users.referredBy })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return rows[0];
}

/**
 * Books a conversion. The same wall + txid books once however often and however concurrently it arrives:
 * the conversions row is inserted before any balance moves, and its unique (wall, txid) turns every copy into
 * 'duplicate' (on PostgreSQL a concurrent copy waits for the first to commit). Throws UnknownUserError.
 * `batch`: a credit that can be is booked together with the others in flight (batched-credits.ts). `holds`: the
 * EARNING_HOLDS rules; a held credit goes to the user's held balance until the server releases it.
 */
export async function creditConversion(
  db: Database,
  input: CreditInput,
  { batch = false, holds = NO_HOLDS }: { batch?: boolean; holds?: EarningHolds } = {},
): Promise<CreditResult> {
  if (!Number.isSafeInteger(input.payoutCoins) || input.payoutCoins <= 0) throw new RangeError('a conversion credits a positive number of coins');
  if (!Number.isSafeInteger(input.userId) || input.userId < 1) throw new UnknownUserError(input.userId);
  const reference = conversionReference(input.wall, input.txid);
  const signedDigest = input.signedContent === undefined ? null : createHash('sha256').update(input.signedContent, 'utf8').digest('hex');

  const credit: BookableCredit = { ...input, signedDigest, reference, holdRules: holds, baseHold: baseHoldOf(holds, input) };
  if (batch) {
    const batched = await creditInBatch(db, credit);
    if (batched.outcome !== 'not-bookable') return settled(db, input, batched);
  }

  // Most other credits are read and booked in one statement; the rest read what it found.
  const first = await creditInOneStatement(db, credit, { signalsChecked: false });
  if (first.outcome !== 'not-bookable') return settled(db, input, first);

  const { user, referrerId, offer, offerEventIds } = first.context;
  const bonus = referrerId === undefined ? 0 : referralBonusOf(input.payoutCoins);
  // Signals are looked for until an operator has decided; reads only, before the booking.
  const signals =
    bonus > 0 && first.context.review === undefined ? await selfReferralSignals(db, { userId: user.id, referrerId: referrerId!, creditIp: input.userIp }) : [];
  // A referral without a review that shows no signal pays its bonus: booked in one statement too, when the
  // credit finishes its offer by itself (a review opened meanwhile is seen there, and withholds it).
  if (bonus > 0 && first.context.review === undefined && signals.length === 0 && (!offer || completesAlone(offerEventIds, input.partnerEventId))) {
    const second = await creditInOneStatement(db, credit, { signalsChecked: true });
    if (second.outcome !== 'not-bookable') return settled(db, input, second);
  }
  const note = input.note ?? `${input.wall}: ${offer?.name ?? (input.partnerOfferId || 'conversion')}`;

  // Every statement below is one round trip, and the ledger rows are booked without savepoints: any
  // failure rolls the whole transaction back, the conversion row with it.
  return db.transaction(async (tx) => {
    const locks = new LockSequence();
    const review =
      bonus > 0 ? await locks.take('referral review', () => lockReferralReview(tx, { referredUserId: user.id, referrerId: referrerId!, signals })) : undefined;
    const withheld = bonusWithheld(review);
    const referralCoins = withheld ? 0 : bonus;
    const referralHeldCoins = withheld ? bonus : 0;
    const inserted = await locks.take('conversion', () =>
      tx
        .insert(conversions)
        .values({
          wall: input.wall,
          txid: input.txid,
          userId: user.id,
          partnerOfferId: input.partnerOfferId,
          partnerEventId: input.partnerEventId,
          payoutCoins: input.payoutCoins,
          referrerId: bonus > 0 ? referrerId! : null,
          referralCoins,
          referralHeldCoins,
          signedDigest,
        })
        .onConflictDoNothing()
        .returning({ id: conversions.id }),
    );
    if (inserted.length === 0) return repeatOutcome(tx, input);

    const userOffer = offer ? await locks.take('user offer', () => lockUserOffer(tx, user.id, offer.id)) : undefined;
    const hold = await holdOf(tx, { userId: user.id, baseHold: credit.baseHold, holdRules: holds });
    const heldUntil =
      hold.days > 0 ? await locks.take('hold', () => insertHold(tx, { userId: user.id, reference, coins: input.payoutCoins, ...hold })) : undefined;
    const coins = input.payoutCoins;
    const booked = await locks.take('balance', () =>
      bookLedgerEntry(tx, { userId: user.id, amountCoins: heldUntil ? 0 : coins, heldCoins: heldUntil ? coins : 0, kind: 'offer_credit', reference, note }),
    );
    const wallets: WalletSnapshot[] = [{ userId: user.id, balanceCoins: booked.balanceCoins, heldCoins: booked.heldCoins, version: booked.entryId }];
    if (referralCoins > 0) {
      const paid = await locks.take('balance', () =>
        bookLedgerEntry(tx, referralBonusEntry({ referrerId: referrerId!, referredUserId: user.id, coins: referralCoins, reference })),
      );
      wallets.push({ userId: referrerId!, balanceCoins: paid.balanceCoins, heldCoins: paid.heldCoins, version: paid.entryId });
    }

    let completedOffer = false;
    if (offer && userOffer && userOffer.status !== 'completed' && (await creditCompletesOffer(tx, user.id, offer, offerEventIds, input.partnerEventId))) {
      await setUserOfferCompleted(tx, userOffer, true);
      completedOffer = true;
    }
    const offerName = offer?.name ?? input.offerName ?? (input.partnerOfferId || input.wall);
    const notifications = await notifyMany(tx, [
      { userId: user.id, kind: 'credit', data: { coins, offer: offerName, held_until: heldUntil?.toISOString() ?? null } },
      ...(referralCoins > 0 ? [{ userId: referrerId!, kind: 'referral_bonus' as const, data: { coins: referralCoins } }] : []),
    ]);
    const userHasTickets = await userHasSettleableTickets(tx, user.id);
    return {
      outcome: 'credited' as const,
      user,
      payoutCoins: input.payoutCoins,
      referralCoins,
      referralHeldCoins,
      offer,
      completedOffer,
      wallets,
      heldUntil,
      notifications,
      userHasTickets,
    };
  });
}

async function userHasSettleableTickets(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx.select({ found: hasSettleableTicketsSql(sql`${userId}::bigint`).mapWith(Boolean) }).from(sql`(select 1) as one`);
  return row?.found === true;
}

/**
 * Why a conversion row was not inserted: the same wall + txid is booked already (read after the insert waited
 * for it, so a concurrent copy that committed first is seen), or else the same signed text booked another one.
 */
async function repeatOutcome(db: Executor, input: Pick<CreditInput, 'wall' | 'txid'>): Promise<{ outcome: 'duplicate' } | { outcome: 'signature-reused' }> {
  const { rows } = await bookedConversion(db).execute({ wall: input.wall, txid: input.txid });
  return rows.length > 0 ? { outcome: 'duplicate' } : { outcome: 'signature-reused' };
}

// Every repeat of a credit asks (walls retry): prepared once.
const bookedConversion = preparedStatement<{ id: string | number }>(
  'booked_conversion',
  sql`select id from ${conversions} where wall = ${sql.placeholder('wall')}::text and txid = ${sql.placeholder('txid')}::text`,
);

/** What a credit booked in one statement answers: its result, or why it booked nothing. */
async function settled(
  db: Database,
  input: CreditInput,
  outcome: Exclude<OneStatementOutcome | BatchedOutcome, { outcome: 'not-bookable' }>,
): Promise<CreditResult> {
  if (outcome.outcome === 'unknown-user') throw new UnknownUserError(input.userId);
  if (outcome.outcome === 'repeat') return repeatOutcome(db, input);
  return outcome.result;
}
