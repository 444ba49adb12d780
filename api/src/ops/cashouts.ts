import { coinsToDollarString } from '@rewards/shared/rules/money';
import { CASHOUT_STATUSES } from '../db/schema';
import {
  approveCashout,
  CashoutNotFoundError,
  CashoutNotPendingError,
  cashoutsForReview,
  rejectCashout,
} from '../modules/cashout/service';
import { findCashout } from '../modules/cashout/repository';
import { defineCommand, OpsError, type OpsContext, UsageError } from './command';
import { loadConfig } from '../config';
import { countOf, oneOf, onlyArgument, parseId, readOptions } from './options';
import { countLine } from './output';
import { whyNotRefundable } from './payouts';
import { concernsOwner, refusalsAsOpsErrors } from './users';

const DEFAULT_LIST_LIMIT = 50;

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;

const cashoutId = (value: string | undefined) => parseId(value, 'a cashout');

function reviewing<T>(context: OpsContext, id: number, work: () => Promise<T>): Promise<T> {
  return refusalsAsOpsErrors(context, work, { notFound: CashoutNotFoundError, closed: CashoutNotPendingError, row: () => findCashout(context.db, id) });
}

/** A cashout as --json prints it and the audit log keeps it. */
function cashoutResult(row: { id: number; userId: number; method: string; account: string; amountCoins: number; status: string }) {
  return { id: row.id, user_id: row.userId, method: row.method, account: row.account, amount: coinsToDollarString(row.amountCoins), amount_coins: row.amountCoins, status: row.status };
}

export const cashoutsList = defineCommand({
  name: 'cashouts:list',
  usage: `cashouts:list [--status <${CASHOUT_STATUSES.join('|')}>] [--limit <n>]`,
  summary: `lists cashouts, newest first (default: all statuses, ${DEFAULT_LIST_LIMIT} rows)`,
  reason: 'none',
  // Users' emails and payout accounts: a read, as the staff console's list records it.
  auditsReads: 'always',
  parse: (args) => {
    const options = readOptions(args, { '--status': oneOf(CASHOUT_STATUSES, 'a cashout status'), '--limit': countOf('rows') }, { repeated: 'last' });
    return { status: options['--status'], limit: options['--limit'] ?? DEFAULT_LIST_LIMIT };
  },
  async run({ db, out }, { status, limit }) {
    const rows = await cashoutsForReview(db, { status, limit });
    const result = rows.map((row) => ({
      id: row.id,
      email: row.email,
      method: row.method,
      account: row.account,
      amount: coinsToDollarString(row.amountCoins),
      amount_coins: row.amountCoins,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      review_rule: row.reviewRule,
    }));
    if (rows.length === 0) {
      out.line(status ? `No ${status} cashouts.` : 'No cashouts.');
      return result;
    }
    out.table(
      ['id', 'user', 'method', 'account', 'amount', 'status', 'created', 'in review because'],
      rows.map((row) => [
        row.id,
        row.email,
        row.method,
        row.account,
        dollars(row.amountCoins),
        row.status,
        row.createdAt.toISOString(),
        row.status === 'pending' ? row.reviewRule : null,
      ]),
    );
    out.line('');
    out.line(countLine(rows.length, limit, ['cashout', 'cashouts']));
    return result;
  },
});

const REFERENCE = /^[\x21-\x7e]{1,200}$/;

export const cashoutsApprove = defineCommand({
  name: 'cashouts:approve',
  usage: 'cashouts:approve <id> [--reference <provider id>] --reason <text>',
  summary: "approves a pending cashout: its automatic rail sends it; with the manual rail it is marked paid (you paid it; --reference is shown to the user)",
  reason: 'required',
  parse: (args) => {
    if (args.length < 1) throw new UsageError('cashouts:approve takes one cashout id and --reason <text>');
    const options = readOptions(args.slice(1), {
      '--reference': (value, option) => {
        if (!value || !REFERENCE.test(value)) throw new UsageError(`${option} takes the provider's id of the payment (1-200 visible characters)`);
        return value;
      },
    });
    return { id: cashoutId(args[0]), reference: options['--reference'] ?? null };
  },
  async run(context, { id, reference }) {
    const { payouts } = loadConfig();
    const { cashout, notification } = await reviewing(context, id, () => approveCashout(context.db, id, { rails: payouts.rails, providerReference: reference }));
    await concernsOwner(context, cashout.userId);
    context.notified([notification]);
    const sentBy = cashout.status === 'paid' ? 'paid by hand' : `the ${cashout.rail} rail sends it`;
    context.out.line(`Cashout ${id}: pending -> ${cashout.status} (${dollars(cashout.amountCoins)} by ${cashout.method} to ${cashout.account}; ${sentBy})`);
    return { ...cashoutResult(cashout), rail: cashout.rail, provider_reference: cashout.providerReference };
  },
});

export const cashoutsReject = defineCommand({
  name: 'cashouts:reject',
  usage: 'cashouts:reject <id> --reason <text>',
  summary: 'rejects a pending cashout (or a failed one its provider did not pay) and refunds it; the user sees the reason',
  reason: 'required',
  parse: (args) => ({ id: cashoutId(onlyArgument(args, 'cashouts:reject takes a cashout id and --reason <text>')) }),
  async run(context, { id }) {
    // The reason rule 'required' guarantees it; the user reads it beside the refunded cashout.
    const reason = context.reason!;
    // A failed cashout is refunded only when its provider says it never got it or failed it: never paid and refunded.
    const existing = await findCashout(context.db, id);
    if (existing?.status === 'failed') {
      const refusal = await whyNotRefundable(id, context);
      if (refusal) {
        await concernsOwner(context, existing.userId);
        throw new OpsError(`Cashout ${id} is failed but ${refusal}: run payouts:reconcile, or payouts:retry it.`);
      }
    }
    const alsoFailed = existing?.status === 'failed';
    const { cashout, balanceCoins, notification } = await reviewing(context, id, () => rejectCashout(context.db, id, reason, { alsoFailed }));
    await concernsOwner(context, cashout.userId);
    context.notified([notification]);
    context.out.line(`Cashout ${id}: ${existing?.status ?? 'pending'} -> rejected; ${dollars(cashout.amountCoins)} refunded, the user's balance is now ${dollars(balanceCoins)}`);
    context.out.line(`Reason shown to the user: ${reason}`);
    await context.tellWallets([cashout.userId]);
    return { ...cashoutResult(cashout), refunded: coinsToDollarString(cashout.amountCoins), balance: coinsToDollarString(balanceCoins), balance_coins: balanceCoins };
  },
});
