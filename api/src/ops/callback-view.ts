import { coinsToDollarString } from '@rewards/shared/rules/money';
import type { CallbackRecord } from '../modules/walls/callback-log';
import type { CellValue, CommandOutput } from './command';

/** Coins as the table shows them: +$1.25 credited, -$2.00 taken back, - for nothing moved. */
const moved = (coins: number) => (coins === 0 ? '-' : `${coins > 0 ? '+' : '-'}$${coinsToDollarString(Math.abs(coins))}`);
const signedDollars = (coins: number) => `${coins < 0 ? '-' : ''}${coinsToDollarString(Math.abs(coins))}`;
const seconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The stored headers (JSON text); text that is not JSON is answered as it is. */
function storedHeaders(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A stored callback as --json prints it: everything kept, raw text included (support reads it whole). */
export function callbackResult(record: CallbackRecord) {
  return {
    id: record.id,
    received_at: record.receivedAt.toISOString(),
    wall: record.wall,
    outcome: record.outcome,
    status_code: record.statusCode,
    reason: record.reason,
    user_id: record.userId,
    txid: record.txid,
    amount: signedDollars(record.coins),
    amount_coins: record.coins,
    source_ip: record.sourceIp,
    replay_of: record.replayOf,
    method: record.method,
    path: record.path,
    query: record.query,
    body: record.body,
    headers: storedHeaders(record.headers),
    /** The path, query, body or headers were cut (a refused callback keeps 2 KB of each). */
    truncated: record.truncated,
  };
}

/**
 * Stored callbacks as a table, newest first: what became of each (outcome, HTTP status, reason), whose and
 * which transaction, the money it moved, where it came from. `withUser: false` leaves out the user column
 * (users:show lists one user's). The raw text is in --json.
 */
export function printCallbacks(out: CommandOutput, records: readonly CallbackRecord[], { withUser = true }: { withUser?: boolean } = {}): void {
  const columns: Array<[string, (record: CallbackRecord) => CellValue]> = [
    ['id', (record) => record.id],
    ['received', (record) => seconds(record.receivedAt)],
    ['wall', (record) => record.wall],
    ['outcome', (record) => record.outcome],
    ['http', (record) => record.statusCode],
    ...(withUser ? [['user', (record: CallbackRecord) => record.userId] as [string, (record: CallbackRecord) => CellValue]] : []),
    ['txid', (record) => record.txid],
    ['amount', (record) => moved(record.coins)],
    ['from', (record) => record.sourceIp],
    ['reason', (record) => record.reason],
    ['replay of', (record) => (record.replayOf === null ? null : `#${record.replayOf}`)],
  ];
  out.table(
    columns.map(([title]) => title),
    records.map((record) => columns.map(([, cell]) => cell(record))),
  );
}
