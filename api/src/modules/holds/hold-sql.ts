import { type SQL, sql } from 'drizzle-orm';
import { conversions, holds } from '../../db/schema';
import type { BookingStep } from '../ledger/lock-order';
import { REVERSAL_WINDOW_DAYS } from './rules';

/**
 * The hold rules as pieces of a booking statement, so every crediting path (one statement, a batch, a
 * transaction) decides a hold the same way. The reversal rule's values are the statement's placeholders
 * `riskPercent`, `riskMinReversals` and `riskDays` (reversalRuleValues); the rest is given per credit.
 */

const inWindow = sql`${conversions.createdAt} >= now() - make_interval(days => ${sql.raw(String(REVERSAL_WINDOW_DAYS))})`;

/** A user's credits of the last REVERSAL_WINDOW_DAYS days (`credits`) and how many were reversed (`reversals`): one index range. */
export function reversalCountsSql(userId: SQL): SQL {
  return sql`select count(*) filter (where ${conversions.status} = 'reversed') as reversals, count(*) as credits
    from ${conversions}
    where ${conversions.userId} = ${userId} and ${inWindow}`;
}

const placeholder = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * reversalCountsSql as a booking statement needs it, cheaply: the reversals from the partial index of reversed
 * conversions (almost always none), the credits counted only when the reversals reach the rule's minimum
 * (otherwise 0: the rule cannot hold then, so the count would not change the hold).
 */
export function riskCountsSql(userId: SQL): SQL {
  return sql`select risk.reversals,
      case when risk.reversals >= ${placeholder('riskMinReversals', 'int')} and ${placeholder('riskDays', 'int')} > 0
        then (select count(*) from ${conversions} where ${conversions.userId} = ${userId} and ${inWindow}) else 0 end as credits
    from (select count(*) as reversals from ${conversions} where ${conversions.userId} = ${userId} and ${conversions.status} = 'reversed' and ${inWindow}) as risk`;
}

/** Whether counts from reversalCountsSql make every credit of the user held `riskDays`. */
function risky(counts: { reversals: SQL; credits: SQL }): SQL {
  return sql`(${placeholder('riskDays', 'int')} > 0 and ${counts.reversals} >= ${placeholder('riskMinReversals', 'int')}
    and ${counts.reversals} * 100 > ${counts.credits} * ${placeholder('riskPercent', 'numeric')})`;
}

/** The days a credit is held (0: available at once) and why, from its base hold and its user's counts. */
export function heldFor(counts: { reversals: SQL; credits: SQL }, base: { days: SQL; reason: SQL }): { days: SQL; reason: SQL } {
  const riskWins = sql`(${risky(counts)} and ${placeholder('riskDays', 'int')} > ${base.days})`;
  return {
    days: sql`case when ${riskWins} then ${placeholder('riskDays', 'int')} else ${base.days} end`,
    reason: sql`case when ${riskWins} then 'reversals' else ${base.reason} end`,
  };
}

/**
 * The step that records a held credit (when `from` yields rows with `user_id`, `reference`, `coins`,
 * `hold_days` > 0 and `hold_reason`), answering `reference` and `release_at`.
 */
export function heldCreditStep(name: string, from: SQL): BookingStep {
  return {
    name,
    locks: 'hold',
    body: sql`insert into ${holds} (user_id, reference, coins, reason, release_at)
      select user_id, reference, coins, hold_reason, now() + make_interval(days => hold_days) from ${from} where hold_days > 0
      returning reference, release_at`,
  };
}
