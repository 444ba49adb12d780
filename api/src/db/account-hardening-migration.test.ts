import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { hasForbiddenNameCharacter } from '@rewards/shared/rules/name-characters';
import { findRepoRoot } from '../repo-root';
import { useTestDatabase } from '../test/test-database';
import { migrationsFolder } from './database';
import { users } from './schema';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The hand-written statements of the account hardening migration that rewrite existing users. */
function userRewrites(): string[] {
  const folder = migrationsFolder(findRepoRoot());
  const file = readdirSync(folder).find((name) => name.endsWith('_account_hardening.sql'));
  if (!file) throw new Error('the account hardening migration is missing');
  return readFileSync(join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.startsWith('UPDATE "users"'));
}

describe(`the account hardening migration on ${kind}`, () => {
  const database = useTestDatabase();

  const insert = async (values: { name: string; email: string; deletedAt?: Date }) => {
    const [row] = await database()
      .db.insert(users)
      .values({ ...values, referralCode: `M${Math.random().toString(36).slice(2, 9).toUpperCase()}` })
      .returning();
    return row!;
  };
  const reread = async (id: number) => (await database().db.select().from(users).where(eq(users.id, id)))[0]!;

  it('cleans names stored before the rule, keeps good ones, and gives deleted accounts an address nobody can register', async () => {
    const bidi = await insert({ name: '\u202EAda\u2066 Love\u0007lace\u2069', email: 'bidi@example.com' });
    const empty = await insert({ name: '\u202E\u200B', email: 'empty@example.com' });
    const persian = await insert({ name: 'می\u200Cخواهم 王 José', email: 'fine@example.com' });
    const tags = await insert({ name: 'Ada\u{E0041}\u{1D173}\uFEFF', email: 'tags@example.com' });
    const deleted = await insert({ name: 'Deleted user', email: 'placeholder@deleted.invalid', deletedAt: new Date() });
    await database().db.update(users).set({ email: sql`'deleted-' || ${users.id} || '@deleted.invalid'` }).where(eq(users.id, deleted.id));

    const statements = userRewrites();
    expect(statements).toHaveLength(2);
    for (const statement of statements) await database().db.execute(sql.raw(statement));

    expect((await reread(bidi.id)).name).toBe('Ada Lovelace');
    expect((await reread(empty.id)).name).toBe('User');
    expect((await reread(persian.id)).name).toBe('می\u200Cخواهم 王 José');
    expect((await reread(tags.id)).name).toBe('Ada');
    expect((await reread(deleted.id)).email).toBe(`deleted-${deleted.id}`);
    for (const row of await database().db.select().from(users)) expect(hasForbiddenNameCharacter(row.name)).toBe(false);
  });
});
