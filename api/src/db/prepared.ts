import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/**
 * A query of a hot path, built once per database instead of on every call: drizzle's query building costs
 * more CPU than a simple indexed lookup, and a named prepared statement is parsed and planned by
 * PostgreSQL once per connection. `build` gets the database and returns `query.prepare(name)`; values go
 * in through `sql.placeholder(...)` at `execute({...})`. Not for transactions: they are other executors.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const byDatabase = new WeakMap<Database, Query>();
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
 * statement is typed before any value is seen). Answers the driver's own rows, unmapped.
 */
export function preparedStatement<Row>(name: string, statement: SQL): (db: Database) => { execute(values: Record<string, unknown>): Promise<{ rows: Row[] }> } {
  const query = new PgDialect().sqlToQuery(statement);
  return preparedQuery((db) => db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(query, undefined, name, false));
}
