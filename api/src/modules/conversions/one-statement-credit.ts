import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { preparedStatement, rowBoolean, rowId } from '../../db/prepared';
import { conversions, offerEvents, offers, referralReviews, type ReferralReviewStatus, userOffers, users } from '../../db/schema';
import { completesAloneCondition } from '../earn/progress';
import { heldCreditStep, heldFor, riskCountsSql } from '../holds/hold-sql';
import { reversalRuleValues } from '../holds/rules';
import { balanceMoves } from '../ledger/balance-moves';
import type { WalletSnapshot } from '../ledger/ledger';
import { bookingSteps } from '../ledger/lock-order';
import { noticeOf, notificationStep } from '../notifications/notification-sql';
import { referralBonusNote, referralBonusOf } from '../referrals/referral-bonus';
import { hasSettleableTicketsSql } from '../tickets/repository';
import type { BookableCredit, ConversionContext, ConversionUser, CreditResult } from './credit-types';

type OneStatementRow = {
  user_id: string | number;
  user_name: string;
  user_email: string;
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
  held_coins: string | number | null;
  held_until: Date | string | null;
  entry_id: string | number | null;
  referrer_balance_coins: string | number | null;
  referrer_held_coins: string | number | null;
  referrer_entry_id: string | number | null;
  completed_offer: boolean | string;
  credit_notice: unknown;
  bonus_notice: unknown;
  has_tickets: boolean | string;
};

const holder = (name: string) => sql.placeholder(name);
const hold = heldFor({ reversals: sql`risk.reversals`, credits: sql`risk.credits` }, { days: sql`${holder('baseHoldDays')}::int`, reason: sql`${holder('baseHoldReason')}::text` });
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
 * The booking, in the ledger's lock order: the referral's review (locked, so a decision waits for this
 * credit), the conversion row (its unique wall + txid makes every copy, concurrent ones included, insert
 * nothing, and then nothing else happens), the user's offer completed (only a row not completed yet comes
 * back, and counts in completed_offers), the user's balance and its ledger row, the referrer's bonus and its
 * ledger row when paid (withheld while the review is not approved). A ledger reference booked already fails
 * the whole statement.
 */
const oneStatementCredit = preparedStatement<OneStatementRow>(
  'credit_in_one_statement',
  sql`
    ${bookingSteps([
      {
        name: 'review',
        locks: 'referral review',
        body: sql`select status, referrer_id from ${referralReviews} where referred_user_id = ${param.userId} for update`,
      },
      {
        name: 'target',
        body: sql`select u.id as user_id, u.name as user_name, u.email as user_email, u.referred_by, referrer.id as referrer_id,
          review.status as review_status, review.referrer_id as review_referrer_id,
          o.id as offer_id, o.partner_offer_id as offer_partner_id, o.name as offer_name,
          (select array_agg(e.partner_event_id order by e.position, e.id) from ${offerEvents} e where e.offer_id = o.id) as offer_event_ids,
          case when referrer.id is null then 0 else ${holder('bonus')}::bigint end as bonus
        from ${users} u
        left join ${users} referrer on referrer.id = u.referred_by and referrer.deleted_at is null
        left join review on true
        left join ${offers} o on o.partner_offer_id = ${param.partnerOfferId} and ${param.partnerOfferId} <> ''
        where u.id = ${param.userId} and u.deleted_at is null`,
      },
      { name: 'risk', body: riskCountsSql(param.userId) },
      {
        name: 'booking',
        body: sql`select user_id, offer_id, offer_name, referrer_id, bonus,
          case when review_status is null or review_status = 'approved' then bonus else 0 end as paid,
          case when review_status is null or review_status = 'approved' then 0 else bonus end as held,
          ${hold.days} as hold_days, ${hold.reason} as hold_reason
        from target, risk
        where (bonus = 0 or review_status is not null or ${holder('signalsChecked')}::boolean)
          and ${completesAloneCondition({ offerId: sql`offer_id`, eventId: param.partnerEventId, eventIds: sql`offer_event_ids` })}`,
      },
      {
        name: 'conversion',
        locks: 'conversion',
        body: sql`insert into ${conversions} (wall, txid, user_id, partner_offer_id, partner_event_id, payout_coins, signed_digest, referrer_id, referral_coins, referral_held_coins)
        select ${param.wall}, ${holder('txid')}::text, user_id, ${param.partnerOfferId}, ${param.partnerEventId}, ${param.amount}, ${holder('signedDigest')}::text,
          case when bonus > 0 then referrer_id end, paid, held
        from booking
        on conflict do nothing
        returning id, referral_coins, referral_held_coins`,
      },
      {
        name: 'completed',
        locks: 'user offer',
        body: sql`insert into ${userOffers} (user_id, offer_id, status, completed_at)
        select booking.user_id, booking.offer_id, 'completed', now() from booking, conversion where booking.offer_id is not null
        on conflict (user_id, offer_id) do update set status = 'completed', completed_at = now() where ${userOffers.status} <> 'completed'
        returning id`,
      },
      heldCreditStep(
        'held_credit',
        sql`(select booking.user_id, ${param.reference} as reference, ${param.amount} as coins, booking.hold_days, booking.hold_reason from booking, conversion) as held`,
      ),
      {
        name: 'credit',
        body: sql`select 1 as key, ${param.userId} as user_id,
          case when booking.hold_days > 0 then 0 else ${param.amount} end as amount, case when booking.hold_days > 0 then ${param.amount} else 0 end as held,
          'offer_credit' as kind, ${param.reference} as reference,
          coalesce(${holder('note')}::text, ${param.wall} || ': ' || coalesce(booking.offer_name, nullif(${param.partnerOfferId}, ''), 'conversion')) as note
        from booking, conversion`,
      },
      ...balanceMoves({ name: 'moved', rows: 'credit', alsoSet: () => sql`completed_offers = completed_offers + (select count(*) from completed)` }),
      {
        name: 'bonus',
        body: sql`select 1 as key, booking.referrer_id as user_id, conversion.referral_coins as amount, 0 as held, 'referral_bonus' as kind, ${param.reference} as reference,
          ${holder('bonusNote')}::text as note
        from booking, conversion where conversion.referral_coins > 0`,
      },
      ...balanceMoves({ name: 'bonus_moved', rows: 'bonus' }),
      notificationStep('credit_notice', 'credit', {
        from: sql`credit, booking`,
        userId: sql`credit.user_id`,
        data: sql`jsonb_build_object('coins', ${param.amount}, 'offer', coalesce(booking.offer_name, ${holder('offerName')}::text, nullif(${param.partnerOfferId}, ''), ${param.wall}),
          'held_until', (select to_jsonb(release_at) from held_credit))`,
      }),
      notificationStep('bonus_notice', 'referral_bonus', { from: sql`bonus`, userId: sql`bonus.user_id`, data: sql`jsonb_build_object('coins', bonus.amount)` }),
    ])}
    select target.user_id, target.user_name, target.user_email, target.referred_by, target.referrer_id, target.review_status, target.review_referrer_id,
      target.offer_id, target.offer_partner_id, target.offer_name, target.offer_event_ids,
      exists (select 1 from booking) as bookable, conversion.id as conversion_id, conversion.referral_coins, conversion.referral_held_coins,
      (select balance_coins from moved) as balance_coins, (select held_coins from moved) as held_coins, (select release_at from held_credit) as held_until,
      (select id from moved_entry) as entry_id, (select balance_coins from bonus_moved) as referrer_balance_coins,
      (select held_coins from bonus_moved) as referrer_held_coins, (select id from bonus_moved_entry) as referrer_entry_id,
      exists (select 1 from completed) as completed_offer,
      (select row_to_json(notice) from credit_notice notice) as credit_notice, (select row_to_json(notice) from bonus_notice notice) as bonus_notice,
      ${hasSettleableTicketsSql(param.userId)} as has_tickets
    from target left join conversion on true`,
);

export type OneStatementOutcome =
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
export async function creditInOneStatement(
  db: Database,
  credit: BookableCredit,
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
    offerName: credit.offerName ?? null,
    bonusNote: referralBonusNote(credit.userId, credit.reference),
    signalsChecked,
    baseHoldDays: credit.baseHold.days,
    baseHoldReason: credit.baseHold.reason,
    ...reversalRuleValues(credit.holdRules),
  });
  const row = rows[0];
  if (!row) return { outcome: 'unknown-user' };
  const user: ConversionUser = { id: Number(row.user_id), name: row.user_name, email: row.user_email, referredBy: rowId(row.referred_by) ?? null };
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
  const wallets: WalletSnapshot[] = [{ userId: user.id, balanceCoins: Number(row.balance_coins), heldCoins: Number(row.held_coins), version: Number(row.entry_id) }];
  if (referralCoins > 0) {
    wallets.push({ userId: referrerId!, balanceCoins: Number(row.referrer_balance_coins), heldCoins: Number(row.referrer_held_coins), version: Number(row.referrer_entry_id) });
  }
  const referralHeldCoins = Number(row.referral_held_coins ?? 0);
  return {
    outcome: 'credited',
    result: {
      outcome: 'credited',
      user,
      payoutCoins: credit.payoutCoins,
      referralCoins,
      referralHeldCoins,
      offer,
      completedOffer: rowBoolean(row.completed_offer),
      wallets,
      heldUntil: row.held_until === null ? undefined : new Date(row.held_until),
      notifications: [noticeOf(row.credit_notice), noticeOf(row.bonus_notice)].filter((notice) => notice !== undefined),
      userHasTickets: rowBoolean(row.has_tickets),
    },
  };
}
