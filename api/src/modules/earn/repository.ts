import { and, arrayContains, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { conversions, offerEvents, offers, type PlatformName, userOffers, users } from '../../db/schema';
import type { Executor } from '../../db/executor';

export type OfferRow = typeof offers.$inferSelect;
export type OfferEventRow = typeof offerEvents.$inferSelect;
export type UserOfferRow = typeof userOffers.$inferSelect;

// ---- catalog ----

/** The catalog in its order, only the offers running on `platform` when one is given. */
export async function listOffers(db: Executor, platform?: PlatformName): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(platform ? arrayContains(offers.platforms, [platform]) : undefined)
    .orderBy(asc(offers.position), asc(offers.id));
}

export async function findOfferByPartnerId(db: Executor, partnerOfferId: string): Promise<OfferRow | undefined> {
  const rows = await db.select().from(offers).where(eq(offers.partnerOfferId, partnerOfferId));
  return rows[0];
}

/** The events of these offers, grouped by offer id, each group in its order. */
export async function eventsByOffer(db: Executor, offerIds: readonly number[]): Promise<Map<number, OfferEventRow[]>> {
  const grouped = new Map<number, OfferEventRow[]>();
  if (offerIds.length === 0) return grouped;
  const rows = await db
    .select()
    .from(offerEvents)
    .where(inArray(offerEvents.offerId, [...offerIds]))
    .orderBy(asc(offerEvents.offerId), asc(offerEvents.position), asc(offerEvents.id));
  for (const row of rows) {
    const list = grouped.get(row.offerId) ?? [];
    list.push(row);
    grouped.set(row.offerId, list);
  }
  return grouped;
}

// ---- the user's offers ----

/** Records that the user took up the offer; nothing happens when they already had. */
export async function insertUserOffer(db: Executor, userId: number, offerId: number): Promise<void> {
  await db.insert(userOffers).values({ userId, offerId }).onConflictDoNothing();
}

/**
 * The user's offer row, locked until the transaction ends (made first if missing). Every credit and
 * reversal of that user's offer takes this lock first, so they update its progress one after another.
 */
export async function lockUserOffer(tx: Executor, userId: number, offerId: number): Promise<UserOfferRow> {
  // One statement: an upsert that changes nothing still locks the existing row, like SELECT … FOR UPDATE.
  const rows = await tx
    .insert(userOffers)
    .values({ userId, offerId })
    .onConflictDoUpdate({ target: [userOffers.userId, userOffers.offerId], set: { status: sql`${userOffers.status}` } })
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`user offer ${userId}/${offerId} vanished`);
  return row;
}

/**
 * Completes a user's offer (or takes the completion back) and moves users.completed_offers by one with it
 * (never below zero), in one statement. Both rows are the caller's, locked in its transaction.
 */
export async function setUserOfferCompleted(tx: Executor, userOffer: Pick<UserOfferRow, 'id' | 'userId'>, completed: boolean): Promise<void> {
  const changed = tx.$with('changed').as(
    tx
      .update(userOffers)
      .set({ status: completed ? 'completed' : 'active', completedAt: completed ? sql`now()` : null })
      .where(eq(userOffers.id, userOffer.id))
      .returning({ userId: userOffers.userId }),
  );
  await tx
    .with(changed)
    .update(users)
    .set({ completedOffers: sql`greatest(${users.completedOffers} + ${completed ? 1 : -1}, 0)` })
    .where(inArray(users.id, tx.select({ userId: changed.userId }).from(changed)));
}

export type UserOfferWithOffer = { userOffer: UserOfferRow; offer: OfferRow };

/** The user's offers, the latest taken up first. */
export async function userOffersOf(db: Executor, userId: number): Promise<UserOfferWithOffer[]> {
  return db
    .select({ userOffer: userOffers, offer: offers })
    .from(userOffers)
    .innerJoin(offers, eq(offers.id, userOffers.offerId))
    .where(eq(userOffers.userId, userId))
    .orderBy(desc(userOffers.startedAt), desc(userOffers.id));
}

/** Partner event ids the user holds live (not reversed) credits for, per partner offer id. */
export async function creditedEvents(db: Executor, userId: number, partnerOfferIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const credited = new Map<string, Set<string>>();
  if (partnerOfferIds.length === 0) return credited;
  const rows = await db
    .selectDistinct({ offerId: conversions.partnerOfferId, eventId: conversions.partnerEventId })
    .from(conversions)
    .where(and(eq(conversions.userId, userId), eq(conversions.status, 'credited'), inArray(conversions.partnerOfferId, [...partnerOfferIds])));
  for (const row of rows) {
    const set = credited.get(row.offerId) ?? new Set<string>();
    set.add(row.eventId);
    credited.set(row.offerId, set);
  }
  return credited;
}
