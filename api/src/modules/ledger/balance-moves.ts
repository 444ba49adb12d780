import { type SQL, sql } from 'drizzle-orm';
import { ledgerEntries, users } from '../../db/schema';
import type { BookingStep } from './lock-order';

export type BalanceMovesOptions = {
  /** The two steps' names: `<name>` moves the balances, `<name>_entry` writes their ledger rows. */
  name: string;
  /**
   * The step whose rows are the moves, with the columns `key` (orders the ledger rows), `user_id`, `amount`
   * (integer coins of the available balance), `held` (of the held balance; never both zero), `kind`,
   * `reference` and `note`. Each user at most once: an UPDATE moves a row once per statement, whatever else
   * matches it.
   */
  rows: string;
  /** Debits of the available balance it cannot cover are not moved and get no ledger row; credits always move. */
  coveredOnly?: boolean;
  /** More assignments to the user's row in the same update, given the move's row (a row is updated once per statement). */
  alsoSet?: (move: SQL) => SQL;
  /** A reference booked already fails the statement (default), or leaves its row without a ledger entry. */
  onDuplicate?: 'fail' | 'skip';
};

/**
 * The one piece of SQL that changes `users.balance_coins` and `users.held_coins`: every statement that moves
 * money (a single ledger entry, a credit booked in one statement, a batch of credits, a release of holds) is
 * built around it, so the rule "a balance moves only with its ledger row, in the same statement" is written
 * once. The steps answer `<name>` (`key`, `user_id`, `balance_coins`, `held_coins`: the balances as this move
 * left them) and `<name>_entry` (`id`, `user_id`).
 */
export function balanceMoves({ name, rows, coveredOnly = false, alsoSet, onDuplicate = 'fail' }: BalanceMovesOptions): BookingStep[] {
  const move = sql`${sql.identifier('move')}`;
  const source = sql`${sql.identifier(rows)} as ${move}`;
  const extra = alsoSet ? sql`, ${alsoSet(move)}` : sql``;
  const covered = coveredOnly ? sql` and (${move}.amount > 0 or ${users.balanceCoins} + ${move}.amount >= 0)` : sql``;
  return [
    {
      name,
      locks: 'balance',
      body: sql`update ${users} set balance_coins = ${users.balanceCoins} + ${move}.amount, held_coins = ${users.heldCoins} + ${move}.held${extra}
        from ${source}
        where ${users.id} = ${move}.user_id${covered}
        returning ${move}.key, ${move}.user_id, ${users.balanceCoins} as balance_coins, ${users.heldCoins} as held_coins`,
    },
    {
      name: `${name}_entry`,
      body: sql`insert into ${ledgerEntries} (user_id, amount_coins, held_coins, kind, reference, note)
        select ${move}.user_id, ${move}.amount, ${move}.held, ${move}.kind, ${move}.reference, ${move}.note
        from ${source} join ${sql.identifier(name)} as moved on moved.key = ${move}.key
        order by ${move}.key${onDuplicate === 'skip' ? sql` on conflict do nothing` : sql``}
        returning id, user_id`,
    },
  ];
}
