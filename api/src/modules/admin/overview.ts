import { count, inArray, sql } from 'drizzle-orm';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import type { Executor } from '../../db/executor';
import { cashouts, type LedgerKind, ledgerEntries, OPEN_TICKET_STATUSES, tickets } from '../../db/schema';
import type { ZodPlugin } from '../../plugins/zod-schemas';

const CREDIT_KINDS: readonly LedgerKind[] = ['offer_credit', 'referral_bonus', 'manual_credit', 'ticket_credit'];
const REVERSAL_KINDS: readonly LedgerKind[] = ['offer_reversal', 'referral_reversal', 'ticket_reversal'];
export const OVERVIEW_HOURS = 24;
const HOUR_MS = 3600 * 1000;

export type HourFigures = {
  hour: string;
  credits: string;
  credits_coins: number;
  credits_count: number;
  reversals: string;
  reversals_coins: number;
  reversals_count: number;
};

/** Credits and reversals (held parts included, reversals as positive figures) per hour of the last 24, oldest first. */
export async function hourlyMoney(db: Executor, now = Date.now()): Promise<HourFigures[]> {
  const firstHour = Math.floor(now / HOUR_MS) - (OVERVIEW_HOURS - 1);
  const hour = sql<number>`floor(extract(epoch from ${ledgerEntries.createdAt}) / 3600)`.mapWith(Number);
  const rows = await db
    .select({
      hour,
      reversal: sql<boolean>`${inArray(ledgerEntries.kind, [...REVERSAL_KINDS])}`.mapWith((value: unknown) => value === true || value === 't'),
      coins: sql<number>`coalesce(sum(${ledgerEntries.amountCoins} + ${ledgerEntries.heldCoins}), 0)`.mapWith(Number),
      entries: count(),
    })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.createdAt} >= to_timestamp(${firstHour * 3600}) and ${inArray(ledgerEntries.kind, [...CREDIT_KINDS, ...REVERSAL_KINDS])}`)
    .groupBy(sql`1`, sql`2`);
  return Array.from({ length: OVERVIEW_HOURS }, (_, index) => {
    const at = firstHour + index;
    const credit = rows.find((row) => row.hour === at && !row.reversal);
    const reversal = rows.find((row) => row.hour === at && row.reversal);
    const reversed = Math.abs(reversal?.coins ?? 0);
    return {
      hour: new Date(at * HOUR_MS).toISOString(),
      credits: coinsToDollarString(credit?.coins ?? 0),
      credits_coins: credit?.coins ?? 0,
      credits_count: credit?.entries ?? 0,
      reversals: coinsToDollarString(reversed),
      reversals_coins: reversed,
      reversals_count: reversal?.entries ?? 0,
    };
  });
}

/** Overview: what waits for staff now, and the last day's money as a chart (every staff role). */
export const overviewRoutes: ZodPlugin = async (app) => {
  app.get('/overview', { config: { staff: { roles: ['support', 'finance'] } } }, async () => {
    const db = app.db;
    const open = await db.select({ status: tickets.status, value: count() }).from(tickets).where(inArray(tickets.status, [...OPEN_TICKET_STATUSES])).groupBy(tickets.status);
    const waiting = await db.select({ status: cashouts.status, value: count() }).from(cashouts).where(inArray(cashouts.status, ['pending', 'failed'])).groupBy(cashouts.status);
    const openOf = (status: string) => open.find((row) => row.status === status)?.value ?? 0;
    const cashoutsOf = (status: string) => waiting.find((row) => row.status === status)?.value ?? 0;
    return {
      status: 'success' as const,
      data: {
        open_tickets: { total: openOf('awaiting') + openOf('answered'), awaiting: openOf('awaiting'), answered: openOf('answered') },
        cashouts_in_review: cashoutsOf('pending'),
        failing_payouts: cashoutsOf('failed'),
        hourly: await hourlyMoney(db),
      },
    };
  });
};
