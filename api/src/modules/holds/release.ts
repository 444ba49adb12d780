import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedStatement } from '../../db/prepared';
import { holds } from '../../db/schema';
import { balanceMoves } from '../ledger/balance-moves';
import type { WalletSnapshot } from '../ledger/ledger';
import { bookingSteps } from '../ledger/lock-order';
import { noticeOf, notificationStep } from '../notifications/notification-sql';
import type { StoredNotification } from '../notifications/notify';

/** Holds looked at per statement; a user's several due holds go one per statement (a balance moves once per statement). */
const RELEASE_BATCH = 500;
/** Statements one run may take: a backlog beyond that waits for the next run. */
const MAX_STATEMENTS_PER_RUN = 50;

type ReleaseRow = {
  user_id: string | number;
  reference: string;
  coins: string | number;
  balance_coins: string | number;
  held_coins: string | number;
  entry_id: string | number;
  notice: unknown;
};

/**
 * Releases holds in one statement: locks up to RELEASE_BATCH of those `which` picks, skipping any another
 * instance (or a reversal) holds, marks the first of each user released and moves its coins from the held
 * balance to the available one with a `hold_release` ledger row (unique per reference: once, whatever runs).
 */
function releaseStatement(name: string, which: ReturnType<typeof sql>) {
  return preparedStatement<ReleaseRow>(
    name,
    sql`${bookingSteps([
      {
        name: 'locked',
        locks: 'hold',
        body: sql`select id, user_id, reference, coins, release_at from ${holds}
          where status = 'held' and ${which}
          order by release_at, id limit ${sql.raw(String(RELEASE_BATCH))}
          for update skip locked`,
      },
      { name: 'picked', body: sql`select *, row_number() over (partition by user_id order by release_at, id) as nth from locked` },
      {
        name: 'released',
        body: sql`update ${holds} set status = 'released', settled_at = now() from picked
          where ${holds.id} = picked.id and picked.nth = 1
          returning ${holds.id}, ${holds.userId}, ${holds.reference}, ${holds.coins}`,
      },
      {
        name: 'release',
        body: sql`select id as key, user_id, coins as amount, -coins as held, 'hold_release' as kind, reference, 'held credit released' as note from released`,
      },
      ...balanceMoves({ name: 'moved', rows: 'release' }),
      notificationStep('released_notice', 'hold_released', { from: sql`released`, userId: sql`released.user_id`, data: sql`jsonb_build_object('coins', released.coins)` }),
    ])}
    select released.user_id, released.reference, released.coins, moved.balance_coins, moved.held_coins, moved_entry.id as entry_id,
      (select row_to_json(notice) from released_notice notice where notice.user_id = released.user_id) as notice
    from released join moved on moved.key = released.id join moved_entry on moved_entry.user_id = released.user_id`,
  );
}

const releaseDue = releaseStatement('release_due_holds', sql`release_at <= now()`);
const releaseUsers = releaseStatement('release_user_holds', sql`user_id = ${sql.placeholder('userId')}::bigint`);

export type ReleasedHold = { userId: number; reference: string; coins: number };
export type ReleaseRun = { released: ReleasedHold[]; wallets: WalletSnapshot[]; notifications: StoredNotification[] };

async function releaseWith(db: Executor, statement: typeof releaseDue, values: Record<string, unknown>): Promise<ReleaseRun> {
  const released: ReleasedHold[] = [];
  const notifications: StoredNotification[] = [];
  const latest = new Map<number, WalletSnapshot>();
  for (let run = 0; run < MAX_STATEMENTS_PER_RUN; run++) {
    const { rows } = await statement(db).execute(values);
    if (rows.length === 0) break;
    for (const row of rows) {
      const userId = Number(row.user_id);
      released.push({ userId, reference: row.reference, coins: Number(row.coins) });
      latest.set(userId, { userId, balanceCoins: Number(row.balance_coins), heldCoins: Number(row.held_coins), version: Number(row.entry_id) });
      const notice = noticeOf(row.notice);
      if (notice) notifications.push(notice);
    }
  }
  return { released, wallets: [...latest.values()], notifications };
}

/** Releases every hold whose date has come (the server's job, every instance may run it at once). */
export function releaseDueHolds(db: Executor): Promise<ReleaseRun> {
  return releaseWith(db, releaseDue, {});
}

/** Releases all of one user's held credits now, whatever their dates (an operator's decision). */
export function releaseHoldsOf(db: Executor, userId: number): Promise<ReleaseRun> {
  return releaseWith(db, releaseUsers, { userId });
}
