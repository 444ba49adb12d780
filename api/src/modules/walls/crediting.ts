import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { REFERRAL_SHARE } from '@rewards/shared/constants';
import type { Database } from '../../db/database';
import { preparedStatement, rowBoolean, rowId } from '../../db/prepared';
import { conversions, ledgerEntries, offerEvents, offers, referralReviews, type ReferralReviewStatus, userOffers, users } from '../../db/schema';
import { completesAloneCondition, isOfferComplete } from '../earn/progress';
import { creditedEvents, findOfferByPartnerId, lockUserOffer, type OfferRow, setUserOfferCompleted } from '../earn/repository';
import { appendLedgerEntry, bookLedgerEntry, type Executor, type LedgerEntryInput, type WalletSnapshot } from '../ledger/ledger';
import { type BatchedOutcome, creditInBatch } from './batched-credits';
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
      offer: CreditedOffer | undefined;
      /** This credit finished the user's offer. */
      completedOffer: boolean;
      /** The balances this credit moved, as its own rows left them: the user's, and the referrer's when paid a bonus. */
      wallets: WalletSnapshot[];
    }
  | { outcome: 'duplicate' }
  /** The signed text of this credit already booked another transaction: a replay in disguise. */
  | { outcome: 'signature-reused' };

/** The catalog offer a conversion belongs to, as crediting reads it. */
export type CreditedOffer = Pick<OfferRow, 'id' | 'partnerOfferId' | 'name'>;

type ConversionContext = {
  user: ConversionUser;
  /** The live referrer, when the user was referred by one. */
  referrerId: number | undefined;
  review: ReferralReview | undefined;
  offer: CreditedOffer | undefined;
  /** The partner ids of the offer's events, in order. */
  offerEventIds: string[];
};

/**
 * Books a conversion. The same wall + txid books once however often and however concurrently it arrives:
 * the conversions row is inserted before any balance moves, and its unique (wall, txid) turns every copy into
 * 'duplicate' (on PostgreSQL a concurrent copy waits for the first to commit). Throws UnknownUserError.
 * `batch`: a credit that can be is booked together with the others in flight (batched-credits.ts).
 */
export async function creditConversion(db: Database, input: CreditInput, { batch = false }: { batch?: boolean } = {}): Promise<CreditResult> {
  if (!Number.isSafeInteger(input.payoutCoins) || input.payoutCoins <= 0) throw new RangeError('a conversion credits a positive number of coins');
  if (!Number.isSafeInteger(input.userId) || input.userId < 1) throw new UnknownUserError(input.userId);
  const reference = conversionReference(input.wall, input.txid);
  const signedDigest = input.signedContent === undefined ? null : createHash('sha256').update(input.signedContent, 'utf8').digest('hex');

  const credit = { ...input, signedDigest, reference };
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
  const signals = bonus > 0 && first.context.review === undefined ? await selfReferralSignals(db, { userId: user.id, referrerId: referrerId!, creditIp: input.userIp }) : [];
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
    // Lock order, the same in reversals, reviews and oneStatementCredit: the referral review, the conversion, the user's offer, balances.
    const review = bonus > 0 ? await lockReferralReview(tx, { referredUserId: user.id, referrerId: referrerId!, signals }) : undefined;
    const withheld = bonusWithheld(review);
    const referralCoins = withheld ? 0 : bonus;
    const referralHeldCoins = withheld ? bonus : 0;
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
        referralCoins,
        referralHeldCoins,
        signedDigest,
      })
      .onConflictDoNothing()
      .returning({ id: conversions.id });
    if (inserted.length === 0) return repeatOutcome(tx, input);

    const userOffer = offer ? await lockUserOffer(tx, user.id, offer.id) : undefined;
    const credit = await bookLedgerEntry(tx, { userId: user.id, amountCoins: input.payoutCoins, kind: 'offer_credit', reference, note });
    const wallets: WalletSnapshot[] = [{ userId: user.id, balanceCoins: credit.balanceCoins, version: credit.entryId }];
    if (referralCoins > 0) {
      const paid = await bookLedgerEntry(tx, referralBonusEntry({ referrerId: referrerId!, referredUserId: user.id, coins: referralCoins, reference }));
      wallets.push({ userId: referrerId!, balanceCoins: paid.balanceCoins, version: paid.entryId });
    }

    let completedOffer = false;
    if (offer && userOffer && userOffer.status !== 'completed' && (await creditCompletesOffer(tx, user.id, offer, offerEventIds, input.partnerEventId))) {
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
  const { rows } = await bookedConversion(db).execute({ wall: input.wall, txid: input.txid });
  return rows.length > 0 ? { outcome: 'duplicate' } : { outcome: 'signature-reused' };
}

// Every repeat of a credit asks (walls retry): prepared once.
const bookedConversion = preparedStatement<{ id: string | number }>(
  'booked_conversion',
  sql`select id from ${conversions} where wall = ${sql.placeholder('wall')}::text and txid = ${sql.placeholder('txid')}::text`,
);

/** What a credit booked in one statement answers: its result, or why it booked nothing. */
async function settled(db: Database, input: CreditInput, outcome: Exclude<OneStatementOutcome | BatchedOutcome, { outcome: 'not-bookable' }>): Promise<CreditResult> {
  if (outcome.outcome === 'unknown-user') throw new UnknownUserError(input.userId);
  if (outcome.outcome === 'repeat') return repeatOutcome(db, input);
  return outcome.result;
}

type OneStatementRow = {
  user_id: string | number;
  user_name: string;
  referred_by: string | number | null;
  referrer_id: string | number | null;
  review_status: ReferralReviewStatus | null;
  review_referrer_id: string | number | null;
  offer_id: string | number | null;
  offer_partner_id: string | null;
  offer_name: string | null;
  offer_event_ids: string[] | null;
  bookable: boolean | string;
  conversion_id: string | number | null;
  referral_coins: string | number | null;
  referral_held_coins: string | number | null;
  balance_coins: string | number | null;
  entry_id: string | number | null;
  referrer_balance_coins: string | number | null;
  referrer_entry_id: string | number | null;
  completed_offer: boolean | string;
};

const holder = (name: string) => sql.placeholder(name);
/** The statement's values used more than once, each with its type. */
const param = {
  userId: sql`${holder('userId')}::bigint`,
  amount: sql`${holder('amount')}::bigint`,
  partnerOfferId: sql`${holder('partnerOfferId')}::text`,
  partnerEventId: sql`${holder('partnerEventId')}::text`,
  wall: sql`${holder('wall')}::text`,
  reference: sql`${holder('reference')}::text`,
};

/**
 * What every credit reads (the user if live, their live referrer, the referral's review, the catalog offer and
 * its event ids) and, for most credits, the whole booking, in one statement: one round trip, atomic without a
 * transaction. Booked here: a credit that needs no self-referral check (no referrer's bonus, a review of the
 * referral exists already, or `signalsChecked` found none) and finishes its offer (if any) by itself;
 * `bookable` says whether it was one.
 *
 * The booking, in the lock order of every booking (referral-decisions.ts, reversals): the referral's review
 * (locked, so a decision waits for this credit), the conversion row (its unique wall + txid makes every copy,
 * concurrent ones included, insert nothing, and then nothing else happens), the user's offer completed (only
 * a row not completed yet comes back, and counts in completed_offers), the user's balance and its ledger row,
 * the referrer's bonus and its ledger row when paid (withheld while the review is not approved). A ledger
 * reference booked already fails the whole statement.
 */
const oneStatementCredit = preparedStatement<OneStatementRow>(
  'credit_in_one_statement',
  sql`
    with review as (
      select status, referrer_id from ${referralReviews} where referred_user_id = ${param.userId} for update
    ), target as (
      select u.id as user_id, u.name as user_name, u.referred_by, referrer.id as referrer_id,
        review.status as review_status, review.referrer_id as review_referrer_id,
        o.id as offer_id, o.partner_offer_id as offer_partner_id, o.name as offer_name,
        (select array_agg(e.partner_event_id order by e.position, e.id) from ${offerEvents} e where e.offer_id = o.id) as offer_event_ids,
        case when referrer.id is null then 0 else ${holder('bonus')}::bigint end as bonus
      from ${users} u
      left join ${users} referrer on referrer.id = u.referred_by and referrer.deleted_at is null
      left join review on true
      left join ${offers} o on o.partner_offer_id = ${param.partnerOfferId} and ${param.partnerOfferId} <> ''
      where u.id = ${param.userId} and u.deleted_at is null
    ), booking as (
      select user_id, offer_id, offer_name, referrer_id, bonus,
        case when review_status is null or review_status = 'approved' then bonus else 0 end as paid,
        case when review_status is null or review_status = 'approved' then 0 else bonus end as held
      from target
      where (bonus = 0 or review_status is not null or ${holder('signalsChecked')}::boolean)
        and ${completesAloneCondition({ offerId: sql`offer_id`, eventId: param.partnerEventId, eventIds: sql`offer_event_ids` })}
    ), conversion as (
      insert into ${conversions} (wall, txid, user_id, partner_offer_id, partner_event_id, payout_coins, signed_digest, referrer_id, referral_coins, referral_held_coins)
      select ${param.wall}, ${holder('txid')}::text, user_id, ${param.partnerOfferId}, ${param.partnerEventId}, ${param.amount}, ${holder('signedDigest')}::text,
        case when bonus > 0 then referrer_id end, paid, held
      from booking
      on conflict do nothing
      returning id, referral_coins, referral_held_coins
    ), completed as (
      insert into ${userOffers} (user_id, offer_id, status, completed_at)
      select booking.user_id, booking.offer_id, 'completed', now() from booking, conversion where booking.offer_id is not null
      on conflict (user_id, offer_id) do update set status = 'completed', completed_at = now() where ${userOffers.status} <> 'completed'
      returning id
    ), moved as (
      update ${users} set balance_coins = balance_coins + ${param.amount}, completed_offers = completed_offers + (select count(*) from completed)
      where id = ${param.userId} and exists (select 1 from conversion)
      returning balance_coins
    ), entry as (
      insert into ${ledgerEntries} (user_id, amount_coins, kind, reference, note)
      select ${param.userId}, ${param.amount}, 'offer_credit', ${param.reference},
        coalesce(${holder('note')}::text, ${param.wall} || ': ' || coalesce((select offer_name from booking), nullif(${param.partnerOfferId}, ''), 'conversion'))
      from moved
      returning id
    ), bonus_moved as (
      update ${users} set balance_coins = balance_coins + conversion.referral_coins
      from booking, conversion
      where ${users.id} = booking.referrer_id and conversion.referral_coins > 0
      returning balance_coins, conversion.referral_coins as coins, booking.referrer_id
    ), bonus_entry as (
      insert into ${ledgerEntries} (user_id, amount_coins, kind, reference, note)
      select referrer_id, coins, 'referral_bonus', ${param.reference}, ${holder('bonusNote')}::text from bonus_moved
      returning id
    )
    select target.user_id, target.user_name, target.referred_by, target.referrer_id, target.review_status, target.review_referrer_id,
      target.offer_id, target.offer_partner_id, target.offer_name, target.offer_event_ids,
      exists (select 1 from booking) as bookable, conversion.id as conversion_id, conversion.referral_coins, conversion.referral_held_coins,
      (select balance_coins from moved) as balance_coins, (select id from entry) as entry_id,
      (select balance_coins from bonus_moved) as referrer_balance_coins, (select id from bonus_entry) as referrer_entry_id,
      exists (select 1 from completed) as completed_offer
    from target left join conversion on true`,
);

type OneStatementOutcome =
  | { outcome: 'credited'; result: Extract<CreditResult, { outcome: 'credited' }> }
  /** No live user has that id. */
  | { outcome: 'unknown-user' }
  /** Not booked: the same wall + txid (or signed text) was booked already. */
  | { outcome: 'repeat' }
  /** Not booked: the referral needs its self-referral check (unless `signalsChecked`), or the credit may not finish its offer alone. */
  | { outcome: 'not-bookable'; context: ConversionContext };

/**
 * Reads the credit's context and books it when it can, in one statement (oneStatementCredit). `signalsChecked`:
 * the referral showed no self-referral signal, so without a review its bonus is paid.
 */
async function creditInOneStatement(
  db: Database,
  credit: CreditInput & { signedDigest: string | null; reference: string },
  { signalsChecked }: { signalsChecked: boolean },
): Promise<OneStatementOutcome> {
  const { rows } = await oneStatementCredit(db).execute({
    userId: credit.userId,
    amount: credit.payoutCoins,
    partnerOfferId: credit.partnerOfferId,
    partnerEventId: credit.partnerEventId,
    bonus: referralBonusOf(credit.payoutCoins),
    wall: credit.wall,
    txid: credit.txid,
    signedDigest: credit.signedDigest,
    reference: credit.reference,
    note: credit.note ?? null,
    bonusNote: referralBonusNote(credit.userId, credit.reference),
    signalsChecked,
  });
  const row = rows[0];
  if (!row) return { outcome: 'unknown-user' };
  const user: ConversionUser = { id: Number(row.user_id), name: row.user_name, referredBy: rowId(row.referred_by) ?? null };
  const offerId = rowId(row.offer_id);
  const offer = offerId === undefined ? undefined : { id: offerId, partnerOfferId: row.offer_partner_id ?? '', name: row.offer_name ?? '' };
  const referrerId = rowId(row.referrer_id);
  if (!rowBoolean(row.bookable)) {
    const reviewReferrerId = rowId(row.review_referrer_id);
    const review = row.review_status !== null && reviewReferrerId !== undefined ? { status: row.review_status, referrerId: reviewReferrerId } : undefined;
    return { outcome: 'not-bookable', context: { user, referrerId, review, offer, offerEventIds: row.offer_event_ids ?? [] } };
  }
  if (row.conversion_id === null) return { outcome: 'repeat' };
  // The conversion row references the user (and its referrer), so the balances moved and their ledger rows exist.
  const referralCoins = Number(row.referral_coins ?? 0);
  if (row.balance_coins === null || row.entry_id === null || (referralCoins > 0 && (row.referrer_balance_coins === null || row.referrer_entry_id === null))) {
    throw new Error(`credit ${credit.reference} booked no ledger row`);
  }
  const wallets: WalletSnapshot[] = [{ userId: user.id, balanceCoins: Number(row.balance_coins), version: Number(row.entry_id) }];
  if (referralCoins > 0) wallets.push({ userId: referrerId!, balanceCoins: Number(row.referrer_balance_coins), version: Number(row.referrer_entry_id) });
  const referralHeldCoins = Number(row.referral_held_coins ?? 0);
  return { outcome: 'credited', result: { outcome: 'credited', user, payoutCoins: credit.payoutCoins, referralCoins, referralHeldCoins, offer, completedOffer: rowBoolean(row.completed_offer), wallets } };
}

const referralBonusNote = (referredUserId: number, reference: string) => `${REFERRAL_PERCENT}% of user ${referredUserId}'s ${reference}`;

/** The ledger row of the referrer's 5 % of one conversion, with the conversion's reference. */
function referralBonusEntry({ referrerId, referredUserId, coins, reference }: { referrerId: number; referredUserId: number; coins: number; reference: string }): LedgerEntryInput {
  return { userId: referrerId, amountCoins: coins, kind: 'referral_bonus', reference, note: referralBonusNote(referredUserId, reference) };
}

/** The referrer's 5 % of one conversion, as its own ledger row (a savepoint of the caller's transaction). */
export function bookReferralBonus(tx: Executor, bonus: { referrerId: number; referredUserId: number; coins: number; reference: string }) {
  return appendLedgerEntry(tx, referralBonusEntry(bonus));
}

/** Whether a credit of this event finishes its offer by itself, whatever else the user was credited for (the booking statements ask completesAloneCondition). */
function completesAlone(eventIds: readonly string[], partnerEventId: string): boolean {
  return isOfferComplete(eventIds, new Set([partnerEventId]));
}

/**
 * Whether the user's offer is done now that this credit is booked. A whole-offer credit, or any credit of an
 * offer without events, completes it by itself (no need to read the user's other credits).
 */
async function creditCompletesOffer(tx: Executor, userId: number, offer: CreditedOffer, eventIds: readonly string[], partnerEventId: string): Promise<boolean> {
  if (completesAlone(eventIds, partnerEventId)) return true;
  return offerIsComplete(tx, userId, offer, eventIds);
}

async function offerIsComplete(tx: Executor, userId: number, offer: CreditedOffer, eventIds: readonly string[]): Promise<boolean> {
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
