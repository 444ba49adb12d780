import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REFERRAL_SHARE } from '@rewards/shared/constants';
import type { Database } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { conversions, ledgerEntries, offerEvents, offers, referralReviews, userOffers, users } from '../../db/schema';
import { isOfferComplete } from '../earn/progress';
import { creditedEvents, findOfferByPartnerId, lockUserOffer, type OfferRow, setUserOfferCompleted } from '../earn/repository';
import { appendLedgerEntry, bookLedgerEntry, type Executor, type LedgerEntryInput, type WalletSnapshot } from '../ledger/ledger';
import { bonusWithheld, lockReferralReview, type ReferralReview, selfReferralSignals } from './self-referral';

/**
 * The one crediting path of every wall (each adapter, the demo wall, replays): a conversion is booked once
 * per (wall, txid), credits the user and 5 % to their referrer (withheld while the referral is under review),
 * and moves the user's offer progress; a reversal takes back exactly what that conversion booked, once.
 */

/** Spec §9: the referrer earns 5 % of their friends' earnings, in whole coins rounded down. */
export const REFERRAL_PERCENT = Math.round(REFERRAL_SHARE * 100);

export function referralBonusOf(coins: number): number {
  return Math.floor((coins * REFERRAL_PERCENT) / 100);
}

/** The reference of every ledger row of a conversion. */
export function conversionReference(wall: string, txid: string): string {
  return `${wall}:${txid}`;
}

export class UnknownUserError extends Error {
  constructor(readonly userId: number) {
    super('Unknown user');
    this.name = 'UnknownUserError';
  }
}

export type ConversionUser = { id: number; name: string; referredBy: number | null };

/** A live (not deleted) user a wall may credit. */
export async function findCreditableUser(db: Executor, userId: number): Promise<ConversionUser | undefined> {
  if (!Number.isSafeInteger(userId) || userId < 1) return undefined;
  const rows = await db
    .select({ id: users.id, name: users.name, referredBy: users.referredBy })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return rows[0];
}

export type CreditInput = {
  wall: string;
  txid: string;
  userId: number;
  /** The partner's offer id ('' when the wall sent none). */
  partnerOfferId: string;
  /** The partner's event id; '' credits the whole offer. */
  partnerEventId: string;
  /** The user's reward, integer coins, > 0. */
  payoutCoins: number;
  /** Why, for the ledger row (e.g. the wall's offer name). */
  note?: string;
  /** The user's address at this conversion as the wall reported it (self-referral check). */
  userIp?: string;
  /**
   * What the wall's signature covered, for walls that run values together without separators: the same
   * signed text may book only one credit, so a second reading of it (digits moved from one value into the
   * next, making a new transaction id) is refused as a replay.
   */
  signedContent?: string;
};

export type CreditResult =
  | {
      outcome: 'credited';
      user: ConversionUser;
      payoutCoins: number;
      referralCoins: number;
      /** The referrer's bonus withheld pending review (0 when paid or none). */
      referralHeldCoins: number;
      /** The catalog offer the conversion belongs to, when we list it. */
      offer: OfferRow | undefined;
      /** This credit finished the user's offer. */
      completedOffer: boolean;
      /** The balances this credit moved, as its own rows left them: the user's, and the referrer's when paid a bonus. */
      wallets: WalletSnapshot[];
    }
  | { outcome: 'duplicate' }
  /** The signed text of this credit already booked another transaction: a replay in disguise. */
  | { outcome: 'signature-reused' };

type ConversionContext = {
  user: ConversionUser;
  /** The live referrer, when the user was referred by one. */
  referrerId: number | undefined;
  review: ReferralReview | undefined;
  offer: OfferRow | undefined;
  /** The partner ids of the offer's events, in order. */
  offerEventIds: string[];
};

const referrers = alias(users, 'referrer');

// Every credit reads this first: prepared once (see db/prepared.ts).
const conversionContextQuery = preparedQuery((db) => {
  const partnerOfferId = sql.placeholder('partnerOfferId');
  const eventIds = db
    .select({ ids: sql<string[] | null>`array_agg(${offerEvents.partnerEventId} order by ${offerEvents.position}, ${offerEvents.id})`.as('ids') })
    .from(offerEvents)
    .where(eq(offerEvents.offerId, offers.id));
  return db
    .select({
      user: { id: users.id, name: users.name, referredBy: users.referredBy },
      referrerId: referrers.id,
      reviewStatus: referralReviews.status,
      reviewReferrerId: referralReviews.referrerId,
      offer: offers,
      offerEventIds: sql<string[] | null>`(${eventIds})`,
    })
    .from(users)
    .leftJoin(referrers, and(eq(referrers.id, users.referredBy), isNull(referrers.deletedAt)))
    .leftJoin(referralReviews, eq(referralReviews.referredUserId, users.id))
    .leftJoin(offers, and(eq(offers.partnerOfferId, partnerOfferId), sql`${partnerOfferId}::text <> ''`))
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .prepare('conversion_context');
});

/**
 * Everything a credit reads before its transaction, in one round trip: the user (live), their referrer
 * (live), the referral's review, the catalog offer and its event ids. Undefined for an unknown user.
 */
async function conversionContext(db: Database, userId: number, partnerOfferId: string): Promise<ConversionContext | undefined> {
  if (!Number.isSafeInteger(userId) || userId < 1) return undefined;
  const row = (await conversionContextQuery(db).execute({ userId, partnerOfferId }))[0];
  if (!row) return undefined;
  return {
    user: row.user,
    referrerId: row.referrerId ?? undefined,
    review: row.reviewStatus && row.reviewReferrerId !== null ? { status: row.reviewStatus, referrerId: row.reviewReferrerId } : undefined,
    offer: row.offer ?? undefined,
    offerEventIds: row.offerEventIds ?? [],
  };
}

/**
 * Books a conversion. The same wall + txid books once however often and however concurrently it arrives:
 * the conversions row is inserted first and its unique (wall, txid) turns every copy into 'duplicate'
 * (on PostgreSQL a concurrent copy waits for the first to commit). Throws UnknownUserError.
 */
export async function creditConversion(db: Database, input: CreditInput): Promise<CreditResult> {
  if (!Number.isSafeInteger(input.payoutCoins) || input.payoutCoins <= 0) throw new RangeError('a conversion credits a positive number of coins');
  const context = await conversionContext(db, input.userId, input.partnerOfferId);
  if (!context) throw new UnknownUserError(input.userId);
  const { user, referrerId, offer } = context;
  const bonus = referrerId === undefined ? 0 : referralBonusOf(input.payoutCoins);
  // Signals are looked for until an operator has decided; reads only, before the transaction.
  const signals = bonus > 0 && context.review === undefined ? await selfReferralSignals(db, { userId: user.id, referrerId: referrerId!, creditIp: input.userIp }) : [];
  const reference = conversionReference(input.wall, input.txid);
  const signedDigest = input.signedContent === undefined ? null : createHash('sha256').update(input.signedContent, 'utf8').digest('hex');
  const note = input.note ?? `${input.wall}: ${offer?.name ?? (input.partnerOfferId || 'conversion')}`;

  // Most credits pay no referrer and, on an offer, finish it by themselves: booked in one statement.
  if (bonus === 0 && (!offer || isOfferComplete(context.offerEventIds, new Set([input.partnerEventId])))) {
    const booked = await bookPlainCredit(db, { ...input, userId: user.id, signedDigest, reference, note, offerId: offer?.id });
    if (booked === 'not-booked') return repeatOutcome(db, input);
    const wallets: WalletSnapshot[] = [{ userId: user.id, balanceCoins: booked.balanceCoins, version: booked.entryId }];
    return { outcome: 'credited', user, payoutCoins: input.payoutCoins, referralCoins: 0, referralHeldCoins: 0, offer, completedOffer: booked.completedOffer, wallets };
  }

  // Every statement below is one round trip, and the ledger rows are booked without savepoints: any
  // failure rolls the whole transaction back, the conversion row with it.
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(conversions)
      .values({
        wall: input.wall,
        txid: input.txid,
        userId: user.id,
        partnerOfferId: input.partnerOfferId,
        partnerEventId: input.partnerEventId,
        payoutCoins: input.payoutCoins,
        referrerId: bonus > 0 ? referrerId! : null,
        signedDigest,
      })
      .onConflictDoNothing()
      .returning({ id: conversions.id });
    const conversionId = inserted[0]?.id;
    if (conversionId === undefined) return repeatOutcome(tx, input);

    // Lock order, the same in reversals and reviews: the conversion, the referral review, the user's offer, balances.
    const review = bonus > 0 ? await lockReferralReview(tx, { referredUserId: user.id, referrerId: referrerId!, signals }) : undefined;
    const withheld = bonusWithheld(review);
    const referralCoins = withheld ? 0 : bonus;
    const referralHeldCoins = withheld ? bonus : 0;
    if (bonus > 0) await tx.update(conversions).set({ referralCoins, referralHeldCoins }).where(eq(conversions.id, conversionId));

    const userOffer = offer ? await lockUserOffer(tx, user.id, offer.id) : undefined;
    const credit = await bookLedgerEntry(tx, { userId: user.id, amountCoins: input.payoutCoins, kind: 'offer_credit', reference, note });
    const wallets: WalletSnapshot[] = [{ userId: user.id, balanceCoins: credit.balanceCoins, version: credit.entryId }];
    if (referralCoins > 0) {
      const paid = await bookLedgerEntry(tx, referralBonusEntry({ referrerId: referrerId!, referredUserId: user.id, coins: referralCoins, reference }));
      wallets.push({ userId: referrerId!, balanceCoins: paid.balanceCoins, version: paid.entryId });
    }

    let completedOffer = false;
    if (offer && userOffer && userOffer.status !== 'completed' && (await creditCompletesOffer(tx, user.id, offer, context.offerEventIds, input.partnerEventId))) {
      await setUserOfferCompleted(tx, userOffer, true);
      completedOffer = true;
    }
    return { outcome: 'credited' as const, user, payoutCoins: input.payoutCoins, referralCoins, referralHeldCoins, offer, completedOffer, wallets };
  });
}

/**
 * Why a conversion row was not inserted: the same wall + txid is booked already (read after the insert waited
 * for it, so a concurrent copy that committed first is seen), or else the same signed text booked another one.
 */
async function repeatOutcome(db: Executor, input: Pick<CreditInput, 'wall' | 'txid'>): Promise<{ outcome: 'duplicate' } | { outcome: 'signature-reused' }> {
  const same = await db.select({ id: conversions.id }).from(conversions).where(and(eq(conversions.wall, input.wall), eq(conversions.txid, input.txid)));
  return same.length > 0 ? { outcome: 'duplicate' } : { outcome: 'signature-reused' };
}

type PlainCredit = Omit<CreditInput, 'note' | 'signedContent' | 'userIp'> & { signedDigest: string | null; reference: string; note: string; offerId: number | undefined };

type PlainCreditRow = { conversion_id: unknown; balance_coins: unknown; entry_id: unknown; completed_offer: unknown };

/**
 * A credit that pays no referrer and finishes its offer (if any) by itself, booked in one statement, so in one
 * round trip and atomically without a transaction: the conversion row (its unique wall + txid makes every
 * copy, concurrent ones included, insert nothing, and then nothing else happens), the user's offer completed
 * (locked like lockUserOffer; only a row that was not completed yet comes back, and counts in completed_offers),
 * the balance moved and its ledger row, in the lock order of the other bookings: conversion, user's offer,
 * balance. A ledger reference booked already fails the whole statement. 'not-booked' for a repeat.
 */
async function bookPlainCredit(db: Database, credit: PlainCredit): Promise<{ balanceCoins: number; entryId: number; completedOffer: boolean } | 'not-booked'> {
  const userId = sql`${credit.userId}::bigint`;
  const amount = sql`${credit.payoutCoins}::bigint`;
  const completion =
    credit.offerId === undefined
      ? sql`select null::bigint as id where false`
      : sql`insert into ${userOffers} (user_id, offer_id, status, completed_at)
          select ${userId}, ${credit.offerId}::bigint, 'completed', now() from conversion
          on conflict (user_id, offer_id) do update set status = 'completed', completed_at = now() where ${userOffers.status} <> 'completed'
          returning id`;
  const result = await db.execute(sql`
    with conversion as (
      insert into ${conversions} (wall, txid, user_id, partner_offer_id, partner_event_id, payout_coins, signed_digest)
      values (${credit.wall}, ${credit.txid}, ${userId}, ${credit.partnerOfferId}, ${credit.partnerEventId}, ${amount}, ${credit.signedDigest}::text)
      on conflict do nothing
      returning id
    ), completed as (
      ${completion}
    ), moved as (
      update ${users} set balance_coins = balance_coins + ${amount}, completed_offers = completed_offers + (select count(*) from completed)
      where id = ${userId} and exists (select 1 from conversion)
      returning balance_coins
    ), entry as (
      insert into ${ledgerEntries} (user_id, amount_coins, kind, reference, note)
      select ${userId}, ${amount}, 'offer_credit', ${credit.reference}::text, ${credit.note}::text from moved
      returning id
    )
    select (select id from conversion) as conversion_id, (select balance_coins from moved) as balance_coins, (select id from entry) as entry_id,
      exists (select 1 from completed) as completed_offer`);
  const row = (result as unknown as { rows: PlainCreditRow[] }).rows[0];
  if (row?.conversion_id === null || row?.conversion_id === undefined) return 'not-booked';
  // The conversion row references the user, so its balance moved and its ledger row exists.
  if (row.balance_coins === null || row.entry_id === null) throw new Error(`credit ${credit.reference} booked no ledger row`);
  return { balanceCoins: Number(row.balance_coins), entryId: Number(row.entry_id), completedOffer: row.completed_offer === true || row.completed_offer === 't' };
}

/** The ledger row of the referrer's 5 % of one conversion, with the conversion's reference. */
function referralBonusEntry({ referrerId, referredUserId, coins, reference }: { referrerId: number; referredUserId: number; coins: number; reference: string }): LedgerEntryInput {
  return { userId: referrerId, amountCoins: coins, kind: 'referral_bonus', reference, note: `${REFERRAL_PERCENT}% of user ${referredUserId}'s ${reference}` };
}

/** The referrer's 5 % of one conversion, as its own ledger row (a savepoint of the caller's transaction). */
export function bookReferralBonus(tx: Executor, bonus: { referrerId: number; referredUserId: number; coins: number; reference: string }) {
  return appendLedgerEntry(tx, referralBonusEntry(bonus));
}

/**
 * Whether the user's offer is done now that this credit is booked. A whole-offer credit, or any credit of an
 * offer without events, completes it by itself (no need to read the user's other credits).
 */
async function creditCompletesOffer(tx: Executor, userId: number, offer: OfferRow, eventIds: readonly string[], partnerEventId: string): Promise<boolean> {
  if (isOfferComplete(eventIds, new Set([partnerEventId]))) return true;
  return offerIsComplete(tx, userId, offer, eventIds);
}

async function offerIsComplete(tx: Executor, userId: number, offer: OfferRow, eventIds: readonly string[]): Promise<boolean> {
  const credited = await creditedEvents(tx, userId, [offer.partnerOfferId]);
  return isOfferComplete(eventIds, credited.get(offer.partnerOfferId) ?? new Set());
}

/** The partner event ids of an offer, in order (for a reversal, which reads them inside its transaction). */
async function eventIdsOf(tx: Executor, offerId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: offerEvents.partnerEventId })
    .from(offerEvents)
    .where(eq(offerEvents.offerId, offerId))
    .orderBy(asc(offerEvents.position), asc(offerEvents.id));
  return rows.map((row) => row.id);
}

export type ReverseInput = {
  wall: string;
  /** The txid of the credit being reversed. */
  txid: string;
  /** When given, the credit must be this user's (a signed reversal names the user). */
  userId?: number;
};

export type ReverseResult =
  | { outcome: 'reversed'; userId: number; payoutCoins: number; referralCoins: number; wallets: WalletSnapshot[] }
  | { outcome: 'already-reversed' }
  | { outcome: 'unknown' };

/**
 * Reverses the credit of wall + txid: debits what it credited (and the referrer's bonus), once, even below
 * zero (the user owes it back from future earnings), and takes back the offer's completion if it had one.
 * A deleted account is reversed too (its row stays), and so is its referrer's bonus. A reversal of a credit
 * we never booked (or of another user's) answers 'unknown' and changes nothing.
 */
export async function reverseConversion(db: Database, input: ReverseInput): Promise<ReverseResult> {
  const reference = conversionReference(input.wall, input.txid);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(conversions)
      .where(and(eq(conversions.wall, input.wall), eq(conversions.txid, input.txid)))
      .for('update');
    const conversion = rows[0];
    if (!conversion || (input.userId !== undefined && conversion.userId !== input.userId)) return { outcome: 'unknown' as const };
    if (conversion.status === 'reversed') return { outcome: 'already-reversed' as const };

    // A bonus still withheld is simply never paid: nothing to take back.
    await tx.update(conversions).set({ status: 'reversed', reversedAt: sql`now()`, referralHeldCoins: 0 }).where(eq(conversions.id, conversion.id));
    const offer = conversion.partnerOfferId === '' ? undefined : await findOfferByPartnerId(tx, conversion.partnerOfferId);
    const userOffer = offer ? await lockUserOffer(tx, conversion.userId, offer.id) : undefined;

    const debit = await bookLedgerEntry(tx, {
      userId: conversion.userId,
      amountCoins: -conversion.payoutCoins,
      kind: 'offer_reversal',
      reference,
      note: `reversal of ${reference}`,
      allowNegative: true,
    });
    const wallets: WalletSnapshot[] = [{ userId: conversion.userId, balanceCoins: debit.balanceCoins, version: debit.entryId }];
    if (conversion.referralCoins > 0 && conversion.referrerId !== null) {
      const taken = await bookLedgerEntry(tx, {
        userId: conversion.referrerId,
        amountCoins: -conversion.referralCoins,
        kind: 'referral_reversal',
        reference,
        note: `reversal of the referral bonus of ${reference}`,
        allowNegative: true,
      });
      wallets.push({ userId: conversion.referrerId, balanceCoins: taken.balanceCoins, version: taken.entryId });
    }

    if (offer && userOffer?.status === 'completed' && !(await offerIsComplete(tx, conversion.userId, offer, await eventIdsOf(tx, offer.id)))) {
      await setUserOfferCompleted(tx, userOffer, false);
    }
    return { outcome: 'reversed' as const, userId: conversion.userId, payoutCoins: conversion.payoutCoins, referralCoins: conversion.referralCoins, wallets };
  });
}
