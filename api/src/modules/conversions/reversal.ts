import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { conversions } from '../../db/schema';
import { findOfferByPartnerId, lockUserOffer, setUserOfferCompleted } from '../earn/repository';
import { lockHold, markHoldReversed } from '../holds/repository';
import { bookLedgerEntry, type WalletSnapshot } from '../ledger/ledger';
import { notify, type StoredNotification } from '../notifications/notify';
import { LockSequence } from '../ledger/lock-order';
import { conversionReference } from '../ledger/references';
import { eventIdsOf, offerIsComplete } from './offer-completion';

export type ReverseInput = {
  wall: string;
  /** The txid of the credit being reversed. */
  txid: string;
  /** When given, the credit must be this user's (a signed reversal names the user). */
  userId?: number;
};

export type ReverseResult =
  | { outcome: 'reversed'; userId: number; payoutCoins: number; referralCoins: number; wallets: WalletSnapshot[]; notifications: StoredNotification[] }
  | { outcome: 'already-reversed' }
  | { outcome: 'unknown' };

/**
 * Reverses the credit of wall + txid: debits what it credited (and the referrer's bonus), once, even below
 * zero (the user owes it back from future earnings), and takes back the offer's completion if it had one. A
 * credit still held is taken out of the held balance instead, and its hold never releases.
 * A deleted account is reversed too (its row stays), and so is its referrer's bonus. A reversal of a credit
 * we never booked (or of another user's) answers 'unknown' and changes nothing.
 */
export async function reverseConversion(db: Database, input: ReverseInput): Promise<ReverseResult> {
  const reference = conversionReference(input.wall, input.txid);
  return db.transaction(async (tx) => {
    const locks = new LockSequence();
    const rows = await locks.take('conversion', () =>
      tx
        .select()
        .from(conversions)
        .where(and(eq(conversions.wall, input.wall), eq(conversions.txid, input.txid)))
        .for('update'),
    );
    const conversion = rows[0];
    if (!conversion || (input.userId !== undefined && conversion.userId !== input.userId)) return { outcome: 'unknown' as const };
    if (conversion.status === 'reversed') return { outcome: 'already-reversed' as const };

    // A bonus still withheld is simply never paid: nothing to take back.
    await tx
      .update(conversions)
      .set({ status: 'reversed', reversedAt: sql`now()`, referralHeldCoins: 0 })
      .where(eq(conversions.id, conversion.id));
    const offer = conversion.partnerOfferId === '' ? undefined : await findOfferByPartnerId(tx, conversion.partnerOfferId);
    const userOffer = offer ? await locks.take('user offer', () => lockUserOffer(tx, conversion.userId, offer.id)) : undefined;
    // A credit still held leaves the held balance and is never released; the available one is not touched.
    const hold = await locks.take('hold', () => lockHold(tx, reference));
    const stillHeld = hold?.status === 'held';
    if (stillHeld) await markHoldReversed(tx, hold.id);

    const debit = await locks.take('balance', () =>
      bookLedgerEntry(tx, {
        userId: conversion.userId,
        amountCoins: stillHeld ? 0 : -conversion.payoutCoins,
        heldCoins: stillHeld ? -conversion.payoutCoins : 0,
        kind: 'offer_reversal',
        reference,
        note: `reversal of ${reference}`,
        allowNegative: true,
      }),
    );
    const wallets: WalletSnapshot[] = [{ userId: conversion.userId, balanceCoins: debit.balanceCoins, heldCoins: debit.heldCoins, version: debit.entryId }];
    const { referrerId } = conversion;
    if (conversion.referralCoins > 0 && referrerId !== null) {
      const taken = await locks.take('balance', () =>
        bookLedgerEntry(tx, {
          userId: referrerId,
          amountCoins: -conversion.referralCoins,
          kind: 'referral_reversal',
          reference,
          note: `reversal of the referral bonus of ${reference}`,
          allowNegative: true,
        }),
      );
      wallets.push({ userId: referrerId, balanceCoins: taken.balanceCoins, heldCoins: taken.heldCoins, version: taken.entryId });
    }

    if (offer && userOffer?.status === 'completed' && !(await offerIsComplete(tx, conversion.userId, offer, await eventIdsOf(tx, offer.id)))) {
      await setUserOfferCompleted(tx, userOffer, false);
    }
    const notice = await notify(tx, {
      userId: conversion.userId,
      kind: 'reversal',
      // None of our walls sends a reason with a reversal (docs/money.md, Earnings history).
      data: { coins: conversion.payoutCoins, offer: offer?.name ?? (conversion.partnerOfferId || input.wall), reason: null },
    });
    return {
      outcome: 'reversed' as const,
      userId: conversion.userId,
      payoutCoins: conversion.payoutCoins,
      referralCoins: conversion.referralCoins,
      wallets,
      notifications: [notice],
    };
  });
}
