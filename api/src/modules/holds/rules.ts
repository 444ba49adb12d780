import type { EarningHolds } from '../../config-values';
import type { HoldReason } from '../../db/schema';

/** The credits a user's reversal rate is counted over. */
export const REVERSAL_WINDOW_DAYS = 90;

/** What a credit is held for before its user's reversal rate is known: the longest of the wall's and the large-credit rule. */
export type BaseHold = { days: number; reason: HoldReason };

export function baseHoldOf(rules: EarningHolds, credit: { wall: string; payoutCoins: number }): BaseHold {
  const wallDays = rules.walls[credit.wall] ?? 0;
  const largeDays = rules.largeCredit && credit.payoutCoins >= rules.largeCredit.minCoins ? rules.largeCredit.days : 0;
  return largeDays >= wallDays && largeDays > 0 ? { days: largeDays, reason: 'large_credit' } : { days: wallDays, reason: 'wall' };
}

/** The reversal rule's values as a booking statement takes them (days 0: the rule is off). */
export function reversalRuleValues(rules: EarningHolds): { riskPercent: number; riskMinReversals: number; riskDays: number } {
  const rule = rules.reversals;
  return rule ? { riskPercent: rule.percent, riskMinReversals: rule.minReversals, riskDays: rule.days } : { riskPercent: 100, riskMinReversals: 1, riskDays: 0 };
}

/** Whether a user's reversals count as risky under the rule (the same test as heldSql's). */
export function overReversalRate(rule: NonNullable<EarningHolds['reversals']>, { reversals, credits }: { reversals: number; credits: number }): boolean {
  return reversals >= rule.minReversals && reversals * 100 > credits * rule.percent;
}
