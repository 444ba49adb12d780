import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedStatement, rowBoolean } from '../../db/prepared';
import { cashouts, holds, ledgerEntries } from '../../db/schema';
import { kindPairs, SHOWN_LEDGER_KINDS } from './ledger-kinds';

/** A ledger row of the history with what its status and title need, as the driver answers it. */
type HistoryRow = {
  id: string | number;
  kind: string;
  /** What it moved, available and held together. */
  coins: string | number;
  reference: string | null;
  note: string | null;
  created_at: string;
  hold_status: string | null;
  release_at: string | null;
  reversed: boolean | string;
  /** For a reversal: the note of the row it takes back. */
  reversed_note: string | null;
  cashout_method: string | null;
};

export type HistoryEntry = {
  id: number;
  kind: string;
  coins: number;
  reference: string | null;
  note: string | null;
  createdAt: string;
  holdStatus: string | null;
  releaseAt: string | null;
  /** A row of its reversal kind with the same reference exists. */
  reversed: boolean;
  reversedNote: string | null;
  cashoutMethod: string | null;
};

/** Ledger kinds are our own names; checked before they are written into a statement's text. */
function kindLiteral(kind: string): SQL {
  if (!/^[a-z_]{1,40}$/.test(kind)) throw new Error(`not a ledger kind: ${kind}`);
  return sql.raw(`'${kind}'`);
}

/** `case <kind> when 'a' then 'b' … end`: the other kind of each pair, null for the rest. */
function kindCase(kind: SQL, pairs: Array<[string, string]>): SQL {
  const branches = pairs.map(([from, to]) => sql`when ${kindLiteral(from)} then ${kindLiteral(to)}`);
  return sql`(case ${kind} ${sql.join(branches, sql` `)} end)`;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One page of a user's history, newest first: (created_at, id) descending, served by the index
 * ledger_entries (user_id, created_at, kind, …) read backwards. After a cursor (the id of the last row shown)
 * it goes on below that row's place, so rows booked meanwhile (newer) never shift a page. Then, for the page's
 * rows only, each one's hold, reversal, taken-back row and cashout: unique-index lookups by its reference.
 */
function pageStatement(name: string, { afterCursor }: { afterCursor: boolean }) {
  const userId = sql`${sql.placeholder('userId')}::bigint`;
  const shown = sql.join(SHOWN_LEDGER_KINDS.map(kindLiteral), sql`, `);
  const cursor = afterCursor
    ? sql`and (e.created_at, e.id) < (select created_at, id from ${ledgerEntries} where id = ${sql.placeholder('cursor')}::bigint and user_id = ${userId})`
    : sql``;
  const cashoutId = sql`(case when page.reference ~ '^cashout:[0-9]{1,18}$' then substr(page.reference, 9)::bigint end)`;
  return preparedStatement<HistoryRow>(
    name,
    sql`with page as (
        select e.id, e.user_id, e.kind, e.amount_coins + e.held_coins as coins, e.reference, e.note, e.created_at
        from ${ledgerEntries} as e
        where e.user_id = ${userId} and e.kind in (${shown}) ${cursor}
        order by e.created_at desc, e.id desc
        limit ${sql.placeholder('limit')}::int
      )
      select page.id, page.kind, page.coins, page.reference, page.note, ${iso(sql`page.created_at`)} as created_at,
        h.status as hold_status, ${iso(sql`h.release_at`)} as release_at,
        exists (select 1 from ${ledgerEntries} as r
          where r.kind = ${kindCase(sql`page.kind`, kindPairs('reversedBy'))} and r.reference = page.reference and r.user_id = page.user_id) as reversed,
        (select c.note from ${ledgerEntries} as c
          where c.kind = ${kindCase(sql`page.kind`, kindPairs('reverses'))} and c.reference = page.reference and c.user_id = page.user_id) as reversed_note,
        co.method as cashout_method
      from page
      left join ${holds} as h on page.kind = 'offer_credit' and h.reference = page.reference and h.user_id = page.user_id
      left join ${cashouts} as co on page.kind in ('cashout', 'cashout_refund') and co.id = ${cashoutId} and co.user_id = page.user_id
      order by page.created_at desc, page.id desc`,
  );
}

const firstPage = pageStatement('earnings_first_page', { afterCursor: false });
const nextPage = pageStatement('earnings_next_page', { afterCursor: true });

/**
 * Up to `limit` rows of the user's history, newest first, after the row `cursor` when given (a row that is not
 * this user's gives an empty page).
 */
export async function historyPage(db: Executor, { userId, cursor, limit }: { userId: number; cursor?: number; limit: number }): Promise<HistoryEntry[]> {
  const { rows } = cursor === undefined ? await firstPage(db).execute({ userId, limit }) : await nextPage(db).execute({ userId, cursor, limit });
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    coins: Number(row.coins),
    reference: row.reference,
    note: row.note,
    createdAt: row.created_at,
    holdStatus: row.hold_status,
    releaseAt: row.release_at,
    reversed: rowBoolean(row.reversed),
    reversedNote: row.reversed_note,
    cashoutMethod: row.cashout_method,
  }));
}
