import { coinsToDollarString } from '@rewards/shared/rules/money';
import { CASHOUT_STATUSES, type CashoutStatus } from '../db/schema';
import {
  approveCashout,
  CashoutNotFoundError,
  CashoutNotPendingError,
  cashoutsForReview,
  rejectCashout,
} from '../modules/cashout/service';
import { defineCommand, OpsError, UsageError } from './command';

const MAX_REASON_LENGTH = 500;
const DEFAULT_LIST_LIMIT = 50;

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;

function parseId(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value) || Number(value) < 1) {
    throw new UsageError(value ? `"${value}" is not a cashout id` : 'a cashout id is needed');
  }
  return Number(value);
}

/** The service's refusals are operator mistakes worth a clear line, not a stack trace. */
async function reviewing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CashoutNotFoundError || error instanceof CashoutNotPendingError) throw new OpsError(error.message);
    throw error;
  }
}

function printTable(out: { line(text?: string): void }, header: string[], rows: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  out.line(format(header));
  out.line(format(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) out.line(format(row));
}

export const cashoutsList = defineCommand({
  name: 'cashouts:list',
  usage: `cashouts:list [--status <${CASHOUT_STATUSES.join('|')}>] [--limit <n>]`,
  summary: `lists cashouts, newest first (default: all statuses, ${DEFAULT_LIST_LIMIT} rows)`,
  parse: (args) => {
    let status: CashoutStatus | undefined;
    let limit = DEFAULT_LIST_LIMIT;
    for (let i = 0; i < args.length; i += 2) {
      const [flag, value] = [args[i], args[i + 1]];
      if (flag === '--status') {
        const wanted = value?.trim().toLowerCase();
        if (!CASHOUT_STATUSES.includes(wanted as CashoutStatus)) {
          throw new UsageError(`"${value ?? ''}" is not a cashout status; use one of ${CASHOUT_STATUSES.join(', ')}`);
        }
        status = wanted as CashoutStatus;
      } else if (flag === '--limit') {
        if (!value || !/^\d{1,5}$/.test(value) || Number(value) < 1) throw new UsageError(`--limit takes a number of rows, got "${value ?? ''}"`);
        limit = Number(value);
      } else {
        throw new UsageError(`unknown option "${flag}"`);
      }
    }
    return { status, limit };
  },
  async run({ db, out }, { status, limit }) {
    const rows = await cashoutsForReview(db, { status, limit });
    if (rows.length === 0) {
      out.line(status ? `No ${status} cashouts.` : 'No cashouts.');
      return;
    }
    printTable(
      out,
      ['id', 'user', 'method', 'account', 'amount', 'status', 'created'],
      rows.map((row) => [String(row.id), row.email, row.method, row.account, dollars(row.amountCoins), row.status, row.createdAt.toISOString()]),
    );
    out.line('');
    const more = rows.length === limit ? ` (the newest ${limit}; --limit shows more)` : '';
    out.line(`${rows.length} ${rows.length === 1 ? 'cashout' : 'cashouts'}${more}`);
  },
});

export const cashoutsApprove = defineCommand({
  name: 'cashouts:approve',
  usage: 'cashouts:approve <id>',
  summary: 'marks a pending cashout approved (paid out)',
  parse: (args) => {
    if (args.length !== 1) throw new UsageError('cashouts:approve takes one cashout id');
    return { id: parseId(args[0]) };
  },
  async run({ db, out }, { id }) {
    const cashout = await reviewing(() => approveCashout(db, id));
    out.line(`Cashout ${id}: pending -> approved (${dollars(cashout.amountCoins)} by ${cashout.method} to ${cashout.account})`);
  },
});

export const cashoutsReject = defineCommand({
  name: 'cashouts:reject',
  usage: 'cashouts:reject <id> --reason <text>',
  summary: 'rejects a pending cashout and refunds it; the user sees the reason',
  parse: (args) => {
    const [id, flag, ...words] = args;
    // Everything after --reason is the reason, so it needs no quotes.
    const reason = words.join(' ').trim();
    if (flag !== '--reason' || reason === '') throw new UsageError('cashouts:reject takes a cashout id and --reason <text>');
    if (reason.length > MAX_REASON_LENGTH) throw new UsageError(`the reason may be at most ${MAX_REASON_LENGTH} characters`);
    return { id: parseId(id), reason };
  },
  async run({ db, out, tellWallets }, { id, reason }) {
    const { cashout, balanceCoins } = await reviewing(() => rejectCashout(db, id, reason));
    out.line(`Cashout ${id}: pending -> rejected; ${dollars(cashout.amountCoins)} refunded, the user's balance is now ${dollars(balanceCoins)}`);
    out.line(`Reason shown to the user: ${reason}`);
    await tellWallets([cashout.userId]);
  },
});
