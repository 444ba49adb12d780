import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import type { Executor } from './executor';

/**
 * A query of a hot path, built once per database instead of on every call: drizzle's query building costs
 * more CPU than a simple indexed lookup, and a named prepared statement is parsed and planned by
 * PostgreSQL once per connection. `build` gets the database and returns `query.prepare(name)`; values go
 * in through `sql.placeholder(...)` at `execute({...})`. A transaction is another handle: its query is built
 * again, so a query built by drizzle is for the database only.
 */
export function preparedQuery<Handle extends Executor = Database, Query = unknown>(build: (db: Handle) => Query): (db: Handle) => Query {
  const byDatabase = new WeakMap<Handle, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

/**
 * A hand-written statement of a hot path, prepared like preparedQuery: its text is built once, and PostgreSQL
 * parses it once per connection. Values go in through `sql.placeholder(...)` (cast each one in the text: the
 * statement is typed before any value is seen). Answers the driver's own rows, unmapped. Transactions may use
 * it too: only the text is built, and that once.
 */
export function preparedStatement<Row>(name: string, statement: SQL) {
  const query = new PgDialect().sqlToQuery(statement);
  type Prepared = { execute(values: Record<string, unknown>): Promise<{ rows: Row[] }> };
  return preparedQuery<Executor, Prepared>((db) => db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(query, undefined, name, false));
}

/** A boolean column of a driver's own row (PGlite may answer 't'). */
export const rowBoolean = (value: boolean | string) => value === true || value === 't';

/** A bigint id column of a driver's own row (answered as text), or undefined for null. */
export const rowId = (value: string | number | null): number | undefined => (value === null ? undefined : Number(value));

/** A placeholder of a prepared statement holding one array of `type` (`bigint`, `text`…): `$n::type[]`. */
export const arrayParameter = (name: string, type: string): SQL => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
