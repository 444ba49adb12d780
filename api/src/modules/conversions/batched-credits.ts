import { sql } from 'drizzle-orm';
import { coalescedStatement } from '../../db/coalesced';
import type { Executor } from '../../db/executor';
import { arrayParameter, preparedStatement, rowBoolean, rowId } from '../../db/prepared';
import { conversions, offerEvents, offers, userOffers, users } from '../../db/schema';
import { completesAloneCondition } from '../earn/progress';
import { heldCreditStep, heldFor, riskCountsSql } from '../holds/hold-sql';
import { reversalRuleValues } from '../holds/rules';
import { balanceMoves } from '../ledger/balance-moves';
import { noticeOf, notificationStep } from '../notifications/notification-sql';
import { hasSettleableTicketsSql } from '../tickets/repository';
import { bookingSteps } from '../ledger/lock-order';
import type { BookableCredit, CreditResult } from './credit-types';

/**
 * Credits of users without a referrer, several per statement: under load, the credits that arrive while one
 * statement is in flight are booked together by the next (coalescedStatement), so PostgreSQL's work per
 * statement (locking the plan's tables, starting it, the commit) is shared. When quiet, a credit goes alone.
 *
 * Booked here, in the lock order of every booking (the conversion, the user's offer, the balance): a credit
 * of a live user without a live referrer (no bonus, so no review and no second balance) that finishes its
 * offer (if any) by itself, the first of its user and of its wall + txid in the statement (each balance moves
 * once per statement). Everything else answers 'not-bookable' and takes crediting.ts's path, which reads it
 * again; a statement that fails books nothing, and its credits take that path too.
 */

export type BatchedOutcome =
  | { outcome: 'credited'; result: Extract<CreditResult, { outcome: 'credited' }> }
  | { outcome: 'unknown-user' }
  /** Bookable here, but the same wall + txid (or signed text) was booked already. */
  | { outcome: 'repeat' }
  | { outcome: 'not-bookable' };

type BatchRow = {
  user_found: boolean | string;
  user_name: string | null;
  user_email: string | null;
  referred_by: string | number | null;
  bookable: boolean | string;
  booked: boolean | string;
  offer_id: string | number | null;
  offer_partner_id: string | null;
  offer_name: string | null;
  balance_coins: string | number | null;
  held_coins: string | number | null;
  held_until: Date | string | null;
  entry_id: string | number | null;
  completed_offer: boolean | string;
  credit_notice: unknown;
  has_tickets: boolean | string | null;
};

const hold = heldFor({ reversals: sql`risk.reversals`, credits: sql`risk.credits` }, { days: sql`input.base_hold_days`, reason: sql`input.base_hold_reason` });

const creditBatch = preparedStatement<BatchRow>(
  'credit_batch',
  sql`
    ${bookingSteps([
      {
        name: 'input',
        body: sql`select * from unnest(${arrayParameter('userId', 'bigint')}, ${arrayParameter('amount', 'bigint')}, ${arrayParameter('partnerOfferId', 'text')},
          ${arrayParameter('partnerEventId', 'text')}, ${arrayParameter('wall', 'text')}, ${arrayParameter('txid', 'text')}, ${arrayParameter('signedDigest', 'text')},
          ${arrayParameter('reference', 'text')}, ${arrayParameter('note', 'text')}, ${arrayParameter('offerName', 'text')}, ${arrayParameter('baseHoldDays', 'int')},
          ${arrayParameter('baseHoldReason', 'text')})
        with ordinality as input(user_id, amount, partner_offer_id, partner_event_id, wall, txid, signed_digest, reference, note, given_offer_name, base_hold_days,
          base_hold_reason, position)`,
      },
      {
        name: 'target',
        body: sql`select input.*, u.name as user_name, u.email as user_email, u.referred_by, referrer.id as referrer_id, ${hold.days} as hold_days, ${hold.reason} as hold_reason,
          o.id as offer_id, o.partner_offer_id as offer_partner_id, o.name as offer_name,
          (select array_agg(e.partner_event_id order by e.position, e.id) from ${offerEvents} e where e.offer_id = o.id) as offer_event_ids,
          row_number() over (partition by input.user_id order by input.position) as nth_of_user,
          row_number() over (partition by input.wall, input.txid order by input.position) as nth_of_txid
        from input
        join ${users} u on u.id = input.user_id and u.deleted_at is null
        left join ${users} referrer on referrer.id = u.referred_by and referrer.deleted_at is null
        left join ${offers} o on o.partner_offer_id = input.partner_offer_id and input.partner_offer_id <> ''
        cross join lateral (${riskCountsSql(sql`input.user_id`)}) as risk`,
      },
      {
        name: 'booking',
        body: sql`select * from target
        where referrer_id is null and nth_of_user = 1 and nth_of_txid = 1
          and ${completesAloneCondition({ offerId: sql`offer_id`, eventId: sql`partner_event_id`, eventIds: sql`offer_event_ids` })}`,
      },
      {
        name: 'conversion',
        locks: 'conversion',
        body: sql`insert into ${conversions} (wall, txid, user_id, partner_offer_id, partner_event_id, payout_coins, signed_digest, referrer_id, referral_coins, referral_held_coins)
        select wall, txid, user_id, partner_offer_id, partner_event_id, amount, signed_digest, null, 0, 0 from booking order by position
        on conflict do nothing
        returning wall, txid`,
      },
      { name: 'booked', body: sql`select booking.* from booking join conversion on conversion.wall = booking.wall and conversion.txid = booking.txid` },
      {
        name: 'completed',
        locks: 'user offer',
        body: sql`insert into ${userOffers} (user_id, offer_id, status, completed_at)
        select user_id, offer_id, 'completed', now() from booked where offer_id is not null
        on conflict (user_id, offer_id) do update set status = 'completed', completed_at = now() where ${userOffers.status} <> 'completed'
        returning user_id`,
      },
      heldCreditStep('held_credit', sql`(select user_id, reference, amount as coins, hold_days, hold_reason from booked) as held`),
      {
        name: 'credit',
        body: sql`select position as key, user_id, case when hold_days > 0 then 0 else amount end as amount, case when hold_days > 0 then amount else 0 end as held,
          'offer_credit' as kind, reference,
          coalesce(note, wall || ': ' || coalesce(offer_name, nullif(partner_offer_id, ''), 'conversion')) as note
        from booked`,
      },
      ...balanceMoves({
        name: 'moved',
        rows: 'credit',
        alsoSet: (move) => sql`completed_offers = completed_offers + (select count(*) from completed where completed.user_id = ${move}.user_id)`,
      }),
      notificationStep('credit_notice', 'credit', {
        from: sql`booked left join held_credit on held_credit.reference = booked.reference`,
        userId: sql`booked.user_id`,
        data: sql`jsonb_build_object('coins', booked.amount, 'offer', coalesce(booked.offer_name, booked.given_offer_name, nullif(booked.partner_offer_id, ''), booked.wall),
          'held_until', to_jsonb(held_credit.release_at))`,
      }),
    ])}
    select target.position is not null as user_found, target.user_name, target.user_email, target.referred_by,
      booking.position is not null as bookable, booked.position is not null as booked,
      target.offer_id, target.offer_partner_id, target.offer_name,
      moved.balance_coins, moved.held_coins, held_credit.release_at as held_until, moved_entry.id as entry_id,
      exists (select 1 from completed where completed.user_id = booked.user_id) as completed_offer,
      (select row_to_json(notice) from credit_notice notice where notice.user_id = booked.user_id) as credit_notice,
      case when booked.position is not null then ${hasSettleableTicketsSql(sql`booked.user_id`)} end as has_tickets
    from input
    left join target on target.position = input.position
    left join booking on booking.position = input.position
    left join booked on booked.position = input.position
    left join moved on moved.key = input.position
    left join moved_entry on moved_entry.user_id = booked.user_id
    left join held_credit on held_credit.reference = booked.reference
    order by input.position`,
);

async function bookBatch(db: Executor, credits: readonly BookableCredit[]): Promise<BatchedOutcome[]> {
  // The reversal rule is one value per statement: every credit of a server has the same rules.
  const rules = credits[0]!.holdRules;
  if (credits.some((credit) => credit.holdRules !== rules)) throw new Error('a batch of credits under different hold rules');
  const { rows } = await creditBatch(db).execute({
    userId: credits.map((credit) => credit.userId),
    amount: credits.map((credit) => credit.payoutCoins),
    partnerOfferId: credits.map((credit) => credit.partnerOfferId),
    partnerEventId: credits.map((credit) => credit.partnerEventId),
    wall: credits.map((credit) => credit.wall),
    txid: credits.map((credit) => credit.txid),
    signedDigest: credits.map((credit) => credit.signedDigest),
    reference: credits.map((credit) => credit.reference),
    note: credits.map((credit) => credit.note ?? null),
    offerName: credits.map((credit) => credit.offerName ?? null),
    baseHoldDays: credits.map((credit) => credit.baseHold.days),
    baseHoldReason: credits.map((credit) => credit.baseHold.reason),
    ...reversalRuleValues(rules),
  });
  if (rows.length !== credits.length) throw new Error(`a batch of ${credits.length} credits answered ${rows.length} rows`);
  return rows.map((row, index) => outcomeOf(row, credits[index]!));
}

function outcomeOf(row: BatchRow, credit: BookableCredit): BatchedOutcome {
  if (!rowBoolean(row.user_found)) return { outcome: 'unknown-user' };
  if (!rowBoolean(row.bookable)) return { outcome: 'not-bookable' };
  if (!rowBoolean(row.booked)) return { outcome: 'repeat' };
  // A booked conversion moved its user's balance and wrote its ledger row, in the same statement.
  if (row.balance_coins === null || row.entry_id === null) throw new Error(`credit ${credit.reference} booked no ledger row`);
  const offerId = rowId(row.offer_id);
  return {
    outcome: 'credited',
    result: {
      outcome: 'credited',
      user: { id: credit.userId, name: row.user_name ?? '', email: row.user_email ?? '', referredBy: rowId(row.referred_by) ?? null },
      payoutCoins: credit.payoutCoins,
      referralCoins: 0,
      referralHeldCoins: 0,
      offer: offerId === undefined ? undefined : { id: offerId, partnerOfferId: row.offer_partner_id ?? '', name: row.offer_name ?? '' },
      completedOffer: rowBoolean(row.completed_offer),
      wallets: [{ userId: credit.userId, balanceCoins: Number(row.balance_coins), heldCoins: Number(row.held_coins), version: Number(row.entry_id) }],
      heldUntil: row.held_until === null ? undefined : new Date(row.held_until),
      notifications: [noticeOf(row.credit_notice)].filter((notice) => notice !== undefined),
      userHasTickets: row.has_tickets !== null && rowBoolean(row.has_tickets),
    },
  };
}

const bookInBatch = coalescedStatement(bookBatch);

/**
 * Books the credit with the others in flight when it can (see above); 'not-bookable' sends it down
 * crediting.ts's path. A statement that fails books nothing (it is atomic): its credits are tried alone, and
 * one that fails alone is 'not-bookable' too, so that path meets (and reports) whatever went wrong.
 */
export function creditInBatch(db: Executor, credit: BookableCredit): Promise<BatchedOutcome> {
  return bookInBatch(db, credit).catch((): BatchedOutcome => ({ outcome: 'not-bookable' }));
}
