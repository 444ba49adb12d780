import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import type { Executor } from '../../db/executor';
import { type CashoutStatus, cashouts, ledgerEntries, referralReviews, sessions, users } from '../../db/schema';
import { EARNING_KINDS } from '../ledger/ledger';

/** What the review queue shows beside each cashout: facts about the user and the destination that make it risky or not. */
export type RiskSignal = { key: string; label: string; value: string | number | boolean | null; warn: boolean };

const NEW_ACCOUNT_DAYS = 7;
const REVERSAL_DAYS = 30;
const NEW_DEVICE_HOURS = 72;
const REVERSAL_KINDS = ['offer_reversal', 'referral_reversal', 'ticket_reversal'] as const;

const others = alias(cashouts, 'others');
const sameDestination = sql`${others.method} = ${cashouts.method} and lower(${others.account}) = lower(${cashouts.account})`;
const number = (query: ReturnType<typeof sql>) => query.mapWith(Number);

// One query for a page of cashouts and every signal of each (scalar subqueries on indexed columns).
function cashoutRows(db: Executor) {
  return db
    .select({
      cashout: cashouts,
      email: users.email,
      userStatus: users.status,
      userCreatedAt: users.createdAt,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`.mapWith((value: unknown) => value === true || value === 't'),
      twoFactor: users.twoFactorMethod,
      earningsCoins: number(
        sql`(select coalesce(sum(${ledgerEntries.amountCoins} + ${ledgerEntries.heldCoins}), 0) from ${ledgerEntries} where ${ledgerEntries.userId} = ${cashouts.userId} and ${inArray(ledgerEntries.kind, [...EARNING_KINDS])})`,
      ),
      reversals: number(
        sql`(select count(*) from ${ledgerEntries} where ${ledgerEntries.userId} = ${cashouts.userId} and ${inArray(ledgerEntries.kind, [...REVERSAL_KINDS])} and ${ledgerEntries.createdAt} >= now() - make_interval(days => ${REVERSAL_DAYS}))`,
      ),
      reversedCoins: number(
        sql`(select coalesce(-sum(${ledgerEntries.amountCoins} + ${ledgerEntries.heldCoins}), 0) from ${ledgerEntries} where ${ledgerEntries.userId} = ${cashouts.userId} and ${inArray(ledgerEntries.kind, [...REVERSAL_KINDS])} and ${ledgerEntries.createdAt} >= now() - make_interval(days => ${REVERSAL_DAYS}))`,
      ),
      paidCashouts: number(sql`(select count(*) from ${cashouts} as ${sql.identifier('others')} where ${others.userId} = ${cashouts.userId} and ${others.status} = 'paid')`),
      destinationPaid: number(sql`(select count(*) from ${cashouts} as ${sql.identifier('others')} where ${others.userId} = ${cashouts.userId} and ${others.status} = 'paid' and ${sameDestination})`),
      destinationOthers: number(sql`(select count(distinct ${others.userId}) from ${cashouts} as ${sql.identifier('others')} where ${others.userId} <> ${cashouts.userId} and ${sameDestination})`),
      newDevice: sql<boolean>`exists (select 1 from ${sessions} where ${sessions.userId} = ${cashouts.userId} and ${sessions.startedOnNewDevice}
        and ${sessions.createdAt} >= now() - make_interval(hours => ${NEW_DEVICE_HOURS}))`.mapWith((value: unknown) => value === true || value === 't'),
      referralReview: sql<string | null>`(select ${referralReviews.status} from ${referralReviews} where ${referralReviews.referredUserId} = ${cashouts.userId})`,
    })
    .from(cashouts)
    .innerJoin(users, eq(users.id, cashouts.userId))
    .$dynamic();
}

export type CashoutReviewRow = Awaited<ReturnType<ReturnType<typeof cashoutRows>['execute']>>[number];

/** Cashouts of a status, `limit + 1`: the review queue (pending) oldest first, the rest newest first. */
export function listCashoutsForConsole(db: Executor, { status, limit, afterId }: { status: CashoutStatus; limit: number; afterId?: number }) {
  const oldestFirst = status === 'pending';
  const past = afterId === undefined ? undefined : oldestFirst ? gt(cashouts.id, afterId) : lt(cashouts.id, afterId);
  return cashoutRows(db)
    .where(and(eq(cashouts.status, status), past))
    .orderBy(oldestFirst ? asc(cashouts.id) : desc(cashouts.id))
    .limit(limit + 1);
}

export async function findCashoutForConsole(db: Executor, id: number): Promise<CashoutReviewRow | undefined> {
  const rows = await cashoutRows(db).where(eq(cashouts.id, id));
  return rows[0];
}

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;

export function riskSignals(row: CashoutReviewRow, now = Date.now()): RiskSignal[] {
  const ageDays = Math.floor((now - row.userCreatedAt.getTime()) / (24 * 3600 * 1000));
  return [
    { key: 'account_age_days', label: 'Account age (days)', value: ageDays, warn: ageDays < NEW_ACCOUNT_DAYS },
    { key: 'status', label: 'Account status', value: row.userStatus, warn: row.userStatus !== 'active' },
    { key: 'email_verified', label: 'Email verified', value: row.emailVerified, warn: !row.emailVerified },
    { key: 'two_factor', label: 'Two-factor', value: row.twoFactor, warn: false },
    { key: 'earnings_total', label: 'Total earnings', value: dollars(row.earningsCoins), warn: row.earningsCoins < row.cashout.amountCoins },
    { key: 'reversals_30_days', label: `Reversals, last ${REVERSAL_DAYS} days`, value: row.reversals, warn: row.reversals > 0 },
    { key: 'reversed_30_days', label: `Reversed, last ${REVERSAL_DAYS} days`, value: dollars(row.reversedCoins), warn: row.reversedCoins > 0 },
    { key: 'cashouts_paid', label: 'Cashouts paid before', value: row.paidCashouts, warn: row.paidCashouts === 0 },
    { key: 'destination_paid_before', label: 'Paid to this destination before', value: row.destinationPaid > 0, warn: row.destinationPaid === 0 },
    { key: 'destination_other_accounts', label: 'Other accounts cashing out to it', value: row.destinationOthers, warn: row.destinationOthers > 0 },
    { key: 'session_new_device', label: `Signed in on a new device, last ${NEW_DEVICE_HOURS} h`, value: row.newDevice, warn: row.newDevice },
    { key: 'referral_flagged', label: 'Referral flagged', value: row.referralReview, warn: row.referralReview === 'pending' || row.referralReview === 'rejected' },
  ];
}

export function cashoutRowResult(row: CashoutReviewRow) {
  const { cashout } = row;
  return {
    id: cashout.id,
    user_id: cashout.userId,
    email: row.email,
    method: cashout.method,
    account: cashout.account,
    amount: coinsToDollarString(cashout.amountCoins),
    amount_coins: cashout.amountCoins,
    status: cashout.status,
    rail: cashout.rail,
    created_at: cashout.createdAt.toISOString(),
    review_rule: cashout.reviewRule,
    risk: riskSignals(row),
  };
}
