import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createStatementCache } from './pglite-statements';
import * as schema from './schema';

/** The one database type every module uses, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
};

/** Where `pglite` keeps its files; `memory` for a throwaway in-memory database. */
export type PgliteLocation = { dataDir: string } | 'memory';

export function migrationsFolder(repoRoot: string): string {
  return join(repoRoot, 'api', 'src', 'db', 'migrations');
}

/** PGlite keeps no lock of its own: a second process on the same folder would corrupt it. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The PGlite database in ${folder} is in use by another process (pid ${pid}). ` +
        'PGlite allows one process at a time: `pnpm ops` runs its commands in the running server, so this is ' +
        'another program, or a server that is still starting (or serves no operator API: see OPS_TOKEN).',
    );
    this.name = 'DatabaseInUseError';
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process holding `<folder>.lock`, if it is alive and not this one. */
export async function folderHolder(folder: string): Promise<number | undefined> {
  const holder = Number((await readFile(`${folder}.lock`, 'utf8').catch(() => '')).trim());
  return Number.isInteger(holder) && holder > 0 && holder !== process.pid && processIsAlive(holder) ? holder : undefined;
}

/**
 * Takes `<folder>.lock` for this process (a lock left by a dead process is taken over; this process may take
 * it again). A live holder is waited for up to `waitMs` (a short `pnpm ops` run while the server starts),
 * then DatabaseInUseError.
 */
export async function lockFolder(folder: string, { waitMs = 0 }: { waitMs?: number } = {}): Promise<() => Promise<void>> {
  const lockFile = `${folder}.lock`;
  const deadline = Date.now() + waitMs;
  for (let staleLocksRemoved = 0; ; ) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      // Two processes that both found the same stale lock may both remove "it" (one removes the other's new
      // lock): after a takeover, look again a moment later and let the one whose pid stayed win.
      if (staleLocksRemoved > 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        if ((await readFile(lockFile, 'utf8').catch(() => '')).trim() !== String(process.pid)) continue;
      }
      // Only our own lock is removed: after a re-entrant take and release, another process may hold it.
      return async () => {
        if ((await readFile(lockFile, 'utf8').catch(() => '')).trim() === String(process.pid)) await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || staleLocksRemoved > 100) throw error;
      const holder = await folderHolder(folder);
      if (holder !== undefined && Date.now() >= deadline) throw new DatabaseInUseError(folder, holder);
      if (holder !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      } else {
        await rm(lockFile, { force: true });
        staleLocksRemoved++;
      }
    }
  }
}

/** How long a server starting on a PGlite folder waits for a `pnpm ops` run that holds it. */
const SERVER_LOCK_WAIT_MS = 15_000;

export function pgliteFolder(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/**
 * PostgreSQL's memory settings inside PGlite. Its shared buffers live in the WASM heap, which grows and
 * never shrinks: the default 128 MB (every page touched at start) is most of an idle site's memory, while
 * this site's tables fit in a few MB.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['shared_buffers=16MB', 'temp_buffers=1MB', 'wal_buffers=1MB', 'maintenance_work_mem=8MB'].flatMap((setting) => ['-c', setting]),
];

/**
 * The extensions PGlite carries (PostgreSQL has them on disk): pg_trgm for the console's user search (migration
 * 0022). A database made with one keeps needing it: every PGlite opened here loads the same ones.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Creates a new database folder with PGlite's initdb in a short-lived child process. initdb runs a second
 * PostgreSQL and its own WASM module beside the first: ~600 MB that a WASM heap never gives back, so done
 * in-process it stays in the server's memory for good.
 */
async function initdbInChildProcess(folder: string, repoRoot: string): Promise<void> {
  const script = `const { PGlite } = await import('@electric-sql/pglite'); await (await PGlite.create(${JSON.stringify(folder)})).close();`;
  await new Promise<void>((resolvePromise, reject) => {
    // From the api package, where `@electric-sql/pglite` resolves.
    const child = spawn(process.execPath, ['--input-type=module', '--eval', script], { cwd: join(repoRoot, 'api'), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`PGlite initdb in ${folder} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`)),
    );
  });
}

// drizzle asks PGlite for these types as text with a `parsers` option on every query, and PGlite then copies
// its ~300 type parsers for that query: ~0.3 ms a query on this site's machines, more than the query itself.
// Set once on the instance they give the same rows; drizzle's queries go without them.
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

type QueryOptions = Parameters<PGlite['query']>[2];
const withoutParsers = (options: QueryOptions): QueryOptions => (options?.parsers ? { ...options, parsers: undefined } : options);

/**
 * The PGlite client drizzle gets: text parsers on the instance (see DRIZZLE_TEXT_TYPES), and every query run
 * as a kept prepared statement (pglite-statements.ts), in and out of transactions.
 */
function drizzleClientOf(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = (value: string) => value;
  const statements = createStatementCache(client);
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) => statements.query(query, params, withoutParsers(options));
      }
      if (property === 'transaction') {
        return <T>(work: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) =>
            work(
              new Proxy(tx, {
                get: (inner, name) =>
                  name === 'query'
                    ? (query: string, params?: unknown[], options?: QueryOptions) => {
                        if (inner.closed) throw new Error('Transaction is closed');
                        return statements.queryInTransaction(query, params, withoutParsers(options));
                      }
                    : Reflect.get(inner, name, inner),
              }),
            ),
          );
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Opens the PGlite database of `folder` (made first when new); `memory` for a throwaway one. */
export async function createPglite(folder: string | 'memory', repoRoot: string, { loadDataDir }: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  if (folder === 'memory') return PGlite.create({ startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) });
  if (!existsSync(join(folder, 'PG_VERSION'))) await initdbInChildProcess(folder, repoRoot);
  return PGlite.create(folder, { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS });
}

/** `loadDataDir`: an in-memory database starts from this dump of a data folder (PGlite's `dumpDataDir`). */
export async function openPglite(
  location: PgliteLocation,
  repoRoot: string,
  { lockWaitMs = SERVER_LOCK_WAIT_MS, loadDataDir }: { lockWaitMs?: number; loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  let client: PGlite;
  let unlock = async () => {};
  if (location === 'memory') {
    client = await createPglite('memory', repoRoot, loadDataDir ? { loadDataDir } : {});
  } else {
    const folder = pgliteFolder(location.dataDir);
    await mkdir(folder, { recursive: true });
    unlock = await lockFolder(folder, { waitMs: lockWaitMs });
    try {
      client = await createPglite(folder, repoRoot);
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  try {
    const db = drizzlePglite({ client: drizzleClientOf(client), schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder(repoRoot) });
    const close = async () => {
      await client.close();
      await unlock();
    };
    return { db, kind: 'pglite', close };
  } catch (error) {
    await client.close().catch(() => {});
    await unlock();
    throw error;
  }
}

export async function openPostgres(connectionString: string, repoRoot: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString });
  // An idle connection can die (server restart, dropped database); without a listener that error would end
  // the process. The pool replaces the connection on the next query.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL idle connection lost: ${error.message}`);
  });
  try {
    const db = drizzlePostgres({ client: pool, schema });
    await migratePostgres(db, { migrationsFolder: migrationsFolder(repoRoot) });
    return { db, kind: 'postgres', close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string; repoRoot: string }) {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.repoRoot)
    : openPglite({ dataDir: options.dataDir }, options.repoRoot);
}
