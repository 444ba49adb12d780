import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { searchUsers } from '../modules/admin/user-queries';
import { findRepoRoot } from '../repo-root';
import type { Database } from './database';
import { migrationsFolder } from './database';
import * as schema from './schema';
import { users } from './schema';

// PostgreSQL without pg_trgm's files, or a role that may not create it, is the same case: only PGlite lets a
// test leave the extension out. The site's own PGlite loads it (the admin tests check the indexes are used).
describe('the trigram index migration where pg_trgm is not available (a PGlite without the extension)', () => {
  let client: PGlite;
  let db: Database;
  beforeAll(async () => {
    client = await PGlite.create();
    db = drizzlePglite({ client, schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder: migrationsFolder(findRepoRoot()) });
  });
  afterAll(() => client.close());

  it('migrates without the indexes, and the user search still finds a part of an email or a name', async () => {
    const indexes = (await db.execute(sql`select indexname from pg_indexes where tablename = 'users' and indexname like '%trgm%'`)) as unknown as { rows: unknown[] };
    expect(indexes.rows).toEqual([]);
    const [user] = await db
      .insert(users)
      .values({ email: 'grace.hopper@example.com', name: 'Grace Hopper', passwordHash: 'x', referralCode: 'grace1' })
      .returning({ id: users.id });
    for (const q of ['HOPPER@', 'ace hop']) expect((await searchUsers(db, { q, limit: 10 })).map((row) => row.id)).toEqual([user!.id]);
  });
});
