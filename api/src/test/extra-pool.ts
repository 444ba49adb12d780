import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/database';
import * as schema from '../db/schema';

/**
 * Another connection pool, of `max` connections, on the PostgreSQL test database of `handle` (made by
 * createTestDatabase with TEST_DATABASE_URL): what a second API instance would have, or a pool big enough
 * to make concurrent requests really race. Close it before the test database is closed.
 */
export async function openExtraPool(handle: DatabaseHandle, max: number): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (handle.kind !== 'postgres' || !adminUrl) throw new Error('openExtraPool needs a PostgreSQL test database (TEST_DATABASE_URL)');
  // On node-postgres, execute() answers pg's QueryResult.
  const { rows } = (await handle.db.execute(sql`select current_database() as name`)) as unknown as pg.QueryResult<{ name: string }>;
  const url = new URL(adminUrl);
  url.pathname = `/${rows[0]?.name ?? ''}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max });
  pool.on('error', () => {});
  return { db: drizzle({ client: pool, schema }), kind: 'postgres', close: () => pool.end() };
}
