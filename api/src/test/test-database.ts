import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { createPglite, type DatabaseHandle, migrationsFolder, openPglite, openPostgres } from '../db/database';
import { findRepoRoot } from '../repo-root';

/**
 * A key for the migrated schema: the migrations' contents, and the resolved path of a package whose version
 * shapes the result (PGlite's for its dump, drizzle's for its bookkeeping table). A new migration or version
 * makes a new key. (Jest runs this file as CommonJS; a script run as an ES module has no `require` and keys by
 * the migrations alone.)
 */
function migrationsKey(repoRoot: string, packageName: string): string {
  const folder = migrationsFolder(repoRoot);
  const hash = createHash('sha256').update(typeof require === 'function' ? require.resolve(packageName) : 'esm');
  for (const file of readdirSync(folder, { recursive: true }).map(String).sort()) {
    hash.update(file);
    try {
      hash.update(readFileSync(join(folder, file)));
    } catch {
      // a sub-folder: its files are listed on their own
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite data folder, dumped once per set of migrations and kept in the temporary folder:
 * every test file's in-memory database starts from it instead of running initdb and the migrations, which
 * cost seconds per file. Keyed by PGlite's version and the migrations' contents: a new migration makes a new one.
 */
async function migratedPgliteDump(repoRoot: string): Promise<Blob> {
  const folder = migrationsFolder(repoRoot);
  const dumpFile = join(tmpdir(), `rewards-test-pglite-${migrationsKey(repoRoot, '@electric-sql/pglite')}-no-templates.tar`);
  const kept = await readFile(dumpFile).catch(() => null);
  if (kept) return new Blob([kept]);
  const client = await createPglite('memory', repoRoot);
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
    // A test's database never makes another from a template: without the two template databases the dump is a
    // third smaller, and every test file's database starts about 0.1 s sooner.
    await client.exec("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
    for (const statement of ['drop database template0', 'drop database template1', 'checkpoint']) await client.exec(statement);
    const dump = await client.dumpDataDir('none');
    // Written aside then renamed: test files starting at the same time never read half a dump.
    const partial = `${dumpFile}.${process.pid}.${randomBytes(3).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, dumpFile);
    return dump;
  } finally {
    await client.close();
  }
}

/**
 * A fresh, migrated database for one test file: with TEST_DATABASE_URL a new PostgreSQL database made for
 * this run (copied from the migrated template) and dropped on close; otherwise an in-memory PGlite. Nothing
 * depends on what earlier runs left but the migrated template and dump, which are keyed by the migrations.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const repoRoot = findRepoRoot();
  if (!adminUrl) return openPglite('memory', repoRoot, { loadDataDir: await migratedPgliteDump(repoRoot) });

  const template = await migratedPostgresTemplate(adminUrl, repoRoot);
  const name = `rewards_test_${Date.now()}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdminClient(adminUrl, (admin) => admin.query(`create database "${name}" template "${template}"`));
  let handle: DatabaseHandle;
  try {
    // The copy is migrated already: the migrator only finds every migration applied.
    handle = await openPostgres(databaseUrl(adminUrl, name), repoRoot);
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

/**
 * A migrated, empty PostgreSQL database that each test file's database is copied from (`create database …
 * template`, a tenth of a second) instead of running every migration again. Made once per set of migrations
 * and drizzle version (its name holds their key), so a database left by an earlier run or another branch is
 * either exactly this schema or not used. Made under an advisory lock, and marked a template that takes no
 * connections only once complete: a run that died half-way leaves one that is not marked, dropped and made
 * again by the next.
 */
async function migratedPostgresTemplate(adminUrl: string, repoRoot: string): Promise<string> {
  const name = `rewards_test_template_${migrationsKey(repoRoot, 'drizzle-orm')}`;
  const isReady = async (admin: pg.Client) =>
    ((await admin.query('select 1 from pg_database where datname = $1 and datistemplate and not datallowconn', [name])).rowCount ?? 0) > 0;
  await withAdminClient(adminUrl, async (admin) => {
    if (await isReady(admin)) return;
    // Held by this connection: released when it ends, even if this process dies.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    if (await isReady(admin)) return;
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    const handle = await openPostgres(databaseUrl(adminUrl, name), repoRoot);
    await handle.close();
    await waitForNoConnections(admin, name);
    await admin.query(`alter database "${name}" with is_template true allow_connections false`);
  });
  return name;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
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

/**
 * An empty PostgreSQL database of its own (named from `prefix`), for a server process that migrates it
 * itself; dropScratchDatabase removes it, connections and all.
 */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now()}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdminClient(adminUrl, (admin) => admin.query(`create database "${name}"`));
  return databaseUrl(adminUrl, name);
}

export async function dropScratchDatabase(adminUrl: string, scratchUrl: string): Promise<void> {
  await withAdminClient(adminUrl, (admin) => admin.query(`drop database if exists "${new URL(scratchUrl).pathname.slice(1)}" with (force)`));
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, async (admin) => {
    await waitForNoConnections(admin, name);
    await admin.query(`drop database if exists "${name}" with (force)`);
  });
}

/** pool.end() resolves before its connections have quit; forcing them off mid-goodbye makes them emit errors. */
async function waitForNoConnections(admin: pg.Client, name: string): Promise<void> {
  for (let wait = 0; wait < 20; wait++) {
    const { rows } = await admin.query<{ open: number }>('select count(*)::int as open from pg_stat_activity where datname = $1', [name]);
    if ((rows[0]?.open ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
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
