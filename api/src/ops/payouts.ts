import { coinsToDollarString } from '@rewards/shared/rules/money';
import { loadConfig } from '../config';
import { findCashout } from '../modules/cashout/repository';
import { listPayouts, PAYOUT_STATUSES, payoutResult } from '../modules/payouts/payout-list';
import { scheduleRetry, type PayoutChange } from '../modules/payouts/settle';
import { orderOf, railSetOf, reconcilePayouts } from '../modules/payouts/worker';
import { defineCommand, OpsError, type OpsContext } from './command';
import { oneOf, onlyArgument, parseId, readOptions, rowLimit } from './options';
import { countLine } from './output';
import { concernsOwner } from './users';


const DEFAULT_LIMIT = 50;
const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;


export const payoutsList = defineCommand({
  name: 'payouts:list',
  usage: `payouts:list [--status <${PAYOUT_STATUSES.join('|')}>] [--limit <n>]`,
  summary: `lists cashouts past review with their rail, tries and provider reference, newest first (${DEFAULT_LIMIT} rows)`,
  reason: 'none',
  parse: (args) => {
    const options = readOptions(args, { '--status': oneOf(PAYOUT_STATUSES, 'a payout status'), '--limit': rowLimit() });
    return { status: options['--status'], limit: options['--limit'] ?? DEFAULT_LIMIT };
  },
  async run({ db, out }, { status, limit }) {
    const rows = await listPayouts(db, { status, limit });
    const result = rows.map(payoutResult);
    if (rows.length === 0) {
      out.line(status ? `No ${status} payouts.` : 'No payouts.');
      return result;
    }
    out.table(
      ['id', 'user', 'method', 'amount', 'rail', 'status', 'tries', 'reference', 'next', 'reason'],
      result.map((row) => [row.id, row.email, row.method, `$${row.amount}`, row.rail, row.status, row.attempts, row.provider_reference, row.next_attempt_at, row.failure_reason]),
    );
    out.line('');
    out.line(countLine(rows.length, limit, ['payout', 'payouts']));
    return result;
  },
});

export const payoutsRetry = defineCommand({
  name: 'payouts:retry',
  usage: 'payouts:retry <cashout id> --reason <text>',
  summary: 'sends a failed cashout again now, under the same idempotency id (the provider is asked first)',
  reason: 'required',
  parse: (args) => ({ id: parseId(onlyArgument(args, 'payouts:retry takes one cashout id and --reason <text>'), 'a cashout') }),
  async run(context, { id }) {
    const row = await scheduleRetry(context.db, id);
    if (!row) {
      const existing = await findCashout(context.db, id);
      if (!existing) throw new OpsError(`No cashout with id ${id}`);
      await concernsOwner(context, existing.userId);
      throw new OpsError(`Cashout ${id} is ${existing.status}, not failed: only a failed cashout can be retried.`);
    }
    await concernsOwner(context, row.userId);
    context.out.line(`Cashout ${id}: failed, due again now (${dollars(row.amountCoins)} by ${row.rail}); the running server's payout worker sends it.`);
    return { id, status: row.status, rail: row.rail, next_attempt_at: row.nextAttemptAt?.toISOString() ?? null };
  },
});

function describeChange(change: PayoutChange): string {
  const reference = change.providerReference ? ` (reference ${change.providerReference})` : '';
  const reason = change.reason ? `: ${change.reason}` : '';
  return `Cashout ${change.cashoutId}: ${change.from} -> ${change.to}${reference}${reason}`;
}

export const payoutsReconcile = defineCommand({
  name: 'payouts:reconcile',
  usage: 'payouts:reconcile [--reason <text>]',
  summary: 'asks the providers about every sending and failed cashout and prints what changed (never sends)',
  reason: 'optional',
  parse: (args) => {
    readOptions(args, {});
    return {};
  },
  async run(context) {
    const { payouts } = loadConfig();
    const effects = await reconcilePayouts(context.db, { rails: railSetOf(payouts), retryLimit: payouts.retryLimit, concurrency: 1 });
    context.notified(effects.notifications);
    if (effects.walletUserIds.length > 0) await context.tellWallets([...new Set(effects.walletUserIds)]);
    for (const change of effects.changes) context.out.line(describeChange(change));
    const asked = `${effects.asked} ${effects.asked === 1 ? 'cashout' : 'cashouts'} asked about`;
    context.out.line(effects.changes.length === 0 ? `Nothing changed (${asked}).` : `${effects.changes.length} changed (${asked}).`);
    return {
      asked: effects.asked,
      changes: effects.changes.map((change) => ({
        id: change.cashoutId,
        from: change.from,
        to: change.to,
        provider_reference: change.providerReference,
        reason: change.reason,
      })),
    };
  },
});

/**
 * Why a failed cashout must not be refunded by hand (its provider has it, or could not be asked), or null
 * when the provider says it never got it or failed it.
 */
export async function whyNotRefundable(id: number, context: OpsContext): Promise<string | null> {
  const row = await findCashout(context.db, id);
  if (!row || row.status !== 'failed') return null;
  const { payouts } = loadConfig();
  const rail = row.rail;
  const instance = railSetOf(payouts).get(rail);
  if (!instance) return null;
  const state = await instance.status(orderOf(row)).catch(() => ({ kind: 'unreachable' as const, reason: 'the provider could not be asked' }));
  if (state.kind === 'unknown' || state.kind === 'failed') return null;
  return state.kind === 'unreachable' ? `the ${rail} provider could not be asked (${state.reason})` : `the ${rail} provider says ${state.kind}`;
}
