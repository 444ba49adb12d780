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
