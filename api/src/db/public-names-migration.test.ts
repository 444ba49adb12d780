import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { findRepoRoot } from '../repo-root';
import { useTestDatabase } from '../test/test-database';
import { migrationsFolder } from './database';
import { liveLeads } from './schema';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The statements of the migration that takes names made from emails out of public view. */
function statements(): string[] {
  const folder = migrationsFolder(findRepoRoot());
  const file = readdirSync(folder).find((name) => name.endsWith('_public_names.sql'));
  if (!file) throw new Error('the public names migration is missing');
  return readFileSync(join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}

describe(`the public names migration on ${kind}`, () => {
  const database = useTestDatabase();
  const db = () => database().db;

  it('shows stored live-feed entries whose name holds an email as "Member", and keeps the others', async () => {
    const names = ['ada@example.com', 'Ada L.', 'grace\uFF20example.com', 'Alan T.'];
    const leads = await db()
      .insert(liveLeads)
      .values(names.map((name) => ({ name, amountCoins: 100, wall: 'Demo Wall', offer: 'Offer', simulated: false })))
      .returning({ id: liveLeads.id });

    const rewrites = statements();
    expect(rewrites).toHaveLength(1);
    for (const statement of rewrites) await db().execute(sql.raw(statement));

    const stored = await db().select({ id: liveLeads.id, name: liveLeads.name }).from(liveLeads).orderBy(liveLeads.id);
    expect(stored).toEqual(leads.map(({ id }, index) => ({ id, name: ['Member', 'Ada L.', 'Member', 'Alan T.'][index] })));
  });
});
