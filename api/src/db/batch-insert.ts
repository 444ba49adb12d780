import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './executor';
import { arrayParameter, preparedStatement } from './prepared';

/** The table's column of each field a row carries (the others take their defaults). */
export type BatchColumns<Row> = { readonly [Field in keyof Row]: PgColumn };

/**
 * An INSERT of any number of rows as one prepared statement, answering their ids in the order of `rows`:
 * each column's values go in as one array (`unnest`), so the statement's text is the same whatever the
 * count, built once and parsed once per connection. Ids come from the table's `id` sequence in the order
 * the rows are inserted, which is the order given, so ascending ids are the rows' ids in order.
 */
export function preparedBatchInsert<Row extends Record<string, unknown>>(
  name: string,
  table: PgTable & { id: PgColumn },
  columns: BatchColumns<Row>,
): (db: Executor, rows: readonly Row[]) => Promise<number[]> {
  const fields = Object.keys(columns) as Array<keyof Row & string>;
  const names = sql.join(
    fields.map((field) => sql.identifier(columns[field].name)),
    sql`, `,
  );
  const arrays: SQL[] = fields.map((field) => arrayParameter(field, columns[field].getSQLType()));
  const statement = preparedStatement<{ id: string | number }>(
    name,
    sql`insert into ${table} (${names})
      select ${names} from unnest(${sql.join(arrays, sql`, `)}) with ordinality as input(${names}, position)
      order by position
      returning id`,
  );
  return async (db, rows) => {
    const values: Record<string, unknown[]> = {};
    for (const field of fields) values[field] = rows.map((row) => row[field] ?? null);
    const { rows: inserted } = await statement(db).execute(values);
    return inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
  };
}
