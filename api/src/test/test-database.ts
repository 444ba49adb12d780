import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/database';
import { findRepoRoot } from '../repo-root';

/**
 * A fresh, migrated database for one test file: with TEST_DATABASE_URL a new PostgreSQL database made for
 * this run and dropped on close; otherwise an in-memory PGlite. Nothing depends on what earlier runs left.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const repoRoot = findRepoRoot();
  if (!adminUrl) return openPglite('memory', repoRoot);

  const name = `rewards_test_${Date.now()}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdminClient(adminUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle;
  try {
    handle = await openPostgres(url.toString(), repoRoot);
  } catch (error) {
    await dropDatabase(adminUrl, name);
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** Opens one test database for the current test file and closes it after the file's last test. */
export function useTestDatabase(): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error('useTestDatabase(): the database is opened in beforeAll; use it inside tests');
    return handle;
  };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, async (admin) => {
    // pool.end() resolves before its connections have quit; forcing them off mid-goodbye makes them emit errors.
    for (let wait = 0; wait < 20; wait++) {
      const { rows } = await admin.query<{ open: number }>('select count(*)::int as open from pg_stat_activity where datname = $1', [name]);
      if ((rows[0]?.open ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await admin.query(`drop database if exists "${name}" with (force)`);
  });
}

async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
