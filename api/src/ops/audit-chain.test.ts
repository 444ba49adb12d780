import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { asc, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type DatabaseHandle, migrationsFolder } from '../db/database';
import type { Executor } from '../db/executor';
import { operatorAudit } from '../db/schema';
import { findRepoRoot } from '../repo-root';
import { openExtraPool } from '../test/extra-pool';
import { createTestDatabase } from '../test/test-database';
import { appendAudit, type AuditEntry, CHAIN_START, verifyAuditChain } from './audit';
import { runOpsCapturing } from '../test/ops-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const HASH = /^[0-9a-f]{64}$/;

const entry = (n: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  operator: `op-${n}`,
  command: 'users:credit',
  arguments: [`user${n}@example.com`, String(n)],
  reason: `goodwill ${n}`,
  user: { id: n, email: `user${n}@example.com` },
  outcome: 'done',
  result: { amount: `${n}.00`, nested: { b: 1, a: [n, 'x'] } },
  ...extra,
});

const ops = (handle: DatabaseHandle, argv: string[]) => runOpsCapturing(handle, argv, { invocation: { operator: 'auditor', cwd: tmpdir() } });

/** What someone with the database's owner rights (not the application) can do: the append-only trigger set aside. */
async function tamper(db: Executor, statement: SQL): Promise<void> {
  await db.execute(sql`alter table operator_audit disable trigger operator_audit_no_update_or_delete`);
  try {
    await db.execute(statement);
  } finally {
    await db.execute(sql`alter table operator_audit enable trigger operator_audit_no_update_or_delete`);
  }
}

const chainOf = async (db: Database) =>
  db.select({ id: operatorAudit.id, position: operatorAudit.chainPosition, previous: operatorAudit.previousHash, hash: operatorAudit.hash }).from(operatorAudit).orderBy(asc(operatorAudit.chainPosition));

describe(`the audit log's hash chain on ${kind}`, () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await createTestDatabase();
  });
  afterEach(() => handle.close());

  async function written(count: number): Promise<number[]> {
    for (let n = 1; n <= count; n++) await appendAudit(handle.db, entry(n));
    return (await chainOf(handle.db)).map((row) => row.id);
  }

  it('chains every row to the one before, whatever the insert gives; audit:verify exits 0 and prints the head', async () => {
    expect(await ops(handle, ['audit:verify'])).toMatchObject({ code: 0, out: 'OK: the audit log is empty.' });
    await written(3);
    // An insert that names its own chain values gets the trigger's.
    await handle.db.insert(operatorAudit).values({ operator: 'x', command: 'y', arguments: [], outcome: 'done', result: {}, chainPosition: 99, previousHash: 'forged', hash: 'forged' });
    const chain = await chainOf(handle.db);
    expect(chain.map((row) => row.position)).toEqual([1, 2, 3, 4]);
    expect(chain[0]?.previous).toBe(CHAIN_START);
    for (let i = 1; i < chain.length; i++) expect(chain[i]?.previous).toBe(chain[i - 1]?.hash);
    for (const row of chain) expect(row.hash).toMatch(HASH);

    const verified = await ops(handle, ['audit:verify']);
    expect(verified.code).toBe(0);
    expect(verified.out).toContain(`OK: the chain of 4 audit rows holds; it ends at row ${chain[3]?.id}.`);
    expect(verified.out).toContain(`Head: ${chain[3]?.hash}`);
    const json = JSON.parse((await ops(handle, ['audit:verify', '--json'])).out);
    expect(json).toEqual({ ok: true, result: { rows: 4, head: { id: chain[3]?.id, position: 4, hash: chain[3]?.hash } }, notes: expect.any(Array) });
    expect((await ops(handle, ['audit:verify', '--head', chain[1]!.hash.toUpperCase()])).code).toBe(0);
  });

  it('names a row whose content was edited', async () => {
    const ids = await written(5);
    await tamper(handle.db, sql`update operator_audit set reason = 'nothing happened' where id = ${ids[2]}`);
    const result = await ops(handle, ['audit:verify']);
    expect(result.code).toBe(1);
    expect(result.err).toBe(`BROKEN: row ${ids[2]} was changed: its content no longer matches its hash. The audit log was altered outside the application.`);
    const json = JSON.parse((await ops(handle, ['audit:verify', '--json'])).out);
    expect(json).toMatchObject({ ok: false, details: { rows: 2, broken: { kind: 'changed', row_id: ids[2] } } });
  });

  it('names an edited row whose hash was computed again, through the row chained to it', async () => {
    const ids = await written(4);
    await tamper(handle.db, sql`update operator_audit set result = '{"amount":"0.00"}' where id = ${ids[1]}`);
    // As a careful forger would: the edited row's own hash made right again.
    await tamper(handle.db, sql`update operator_audit set hash = operator_audit_hash(previous_hash, operator_audit) where id = ${ids[1]}`);
    const result = await ops(handle, ['audit:verify']);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`BROKEN: row ${ids[1]} was changed: row ${ids[2]} was chained to another hash of it.`);
  });

  it('names where a row was deleted, and rows deleted from the end against a noted head', async () => {
    const ids = await written(5);
    const head = (await chainOf(handle.db))[4]!.hash;
    await tamper(handle.db, sql`delete from operator_audit where id = ${ids[1]}`);
    const result = await ops(handle, ['audit:verify']);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`BROKEN: a row was removed before row ${ids[2]} (position 2, after row ${ids[0]}).`);

    const fresh = await createTestDatabase();
    try {
      for (let n = 1; n <= 3; n++) await appendAudit(fresh.db, entry(n));
      const rows = await chainOf(fresh.db);
      await tamper(fresh.db, sql`delete from operator_audit where id = ${rows[2]!.id}`);
      expect((await ops(fresh, ['audit:verify'])).code).toBe(0);
      const noted = await ops(fresh, ['audit:verify', '--head', rows[2]!.hash]);
      expect(noted.code).toBe(1);
      expect(noted.err).toContain(`no row has the hash ${rows[2]!.hash}: rows were removed from the end of the chain (it now ends at row ${rows[1]!.id})`);
      expect(head).toMatch(HASH);
    } finally {
      await fresh.close();
    }
  });

  it('names the first row when the chain start was removed, and a position moved to hide a gap', async () => {
    const ids = await written(4);
    await tamper(handle.db, sql`delete from operator_audit where id = ${ids[0]}`);
    expect((await ops(handle, ['audit:verify'])).err).toContain(`BROKEN: a row was removed before row ${ids[1]} (position 1, at the start of the chain).`);
    await tamper(handle.db, sql`update operator_audit set chain_position = chain_position - 1`);
    expect((await ops(handle, ['audit:verify'])).err).toContain(`BROKEN: row ${ids[1]} was changed: its content no longer matches its hash.`);
  });

  // PGlite is one session: writers take turns anyway.
  (process.env.TEST_DATABASE_URL ? it : it.skip)('keeps one chain when writers append at the same moment', async () => {
    const pool = await openExtraPool(handle, 12);
    try {
      await Promise.all(
        Array.from({ length: 48 }, (_, n) =>
          n % 2 === 0
            ? appendAudit(pool.db, entry(n))
            : pool.db.transaction(async (tx) => {
                await appendAudit(tx, entry(n));
                // Held open a little: the next writer must wait for this row, not follow the one before it.
                await tx.execute(sql`select pg_sleep(0.01)`);
              }),
        ),
      );
    } finally {
      await pool.close();
    }
    const chain = await chainOf(handle.db);
    expect(chain.map((row) => row.position)).toEqual(Array.from({ length: 48 }, (_, n) => n + 1));
    expect(await verifyAuditChain(handle.db)).toMatchObject({ rows: 48, broken: undefined });
  });

  it('refuses a change through the application as before', async () => {
    const ids = await written(1);
    await expect(handle.db.execute(sql`update operator_audit set reason = 'x' where id = ${ids[0]}`)).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from operator_audit`)).rejects.toThrow();
  });
});

describe(`the chain's migration on ${kind}`, () => {
  const repoRoot = findRepoRoot();
  let folder: string;
  beforeAll(async () => {
    // The migrations before the chain's, as a database made before it has them.
    folder = await mkdtemp(join(tmpdir(), 'rewards-audit-migrations-'));
    await cp(migrationsFolder(repoRoot), folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const chainAt = journal.entries.findIndex((migration) => migration.tag.endsWith('_callback_audit'));
    expect(chainAt).toBeGreaterThan(0);
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, chainAt) }));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  async function withOlderDatabase(test: (db: Database, migrate: () => Promise<void>) => Promise<void>) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      const client = await PGlite.create();
      try {
        const db = drizzlePglite({ client }) as unknown as Database;
        await migratePglite(db as never, { migrationsFolder: folder });
        await test(db, () => migratePglite(db as never, { migrationsFolder: migrationsFolder(repoRoot) }));
      } finally {
        await client.close();
      }
      return;
    }
    const name = `rewards_test_chain_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    // The drop below ends any connection still idle in the pool: expected, not a failure of the test.
    pool.on('error', () => {});
    try {
      const db = drizzlePostgres({ client: pool }) as unknown as Database;
      await migratePostgres(db as never, { migrationsFolder: folder });
      await test(db, () => migratePostgres(db as never, { migrationsFolder: migrationsFolder(repoRoot) }));
    } finally {
      await pool.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }

  it('chains the rows already there in the order they were written, then new rows after them', async () => {
    await withOlderDatabase(async (db, migrate) => {
      for (const n of [1, 2, 3]) {
        await db.execute(sql`insert into operator_audit (operator, command, arguments, reason, outcome, result) values (${`op-${n}`}, 'users:credit', '["a@example.com","1"]', ${`r${n}`}, 'done', '{"a":1}')`);
      }
      await migrate();
      const chain = await chainOf(db);
      expect(chain.map((row) => row.position)).toEqual([1, 2, 3]);
      expect(chain[0]?.previous).toBe(CHAIN_START);
      expect(await verifyAuditChain(db)).toMatchObject({ rows: 3, broken: undefined });
      await appendAudit(db, entry(4, { kind: 'read' }));
      expect(await verifyAuditChain(db)).toMatchObject({ rows: 4, broken: undefined });
      expect((await chainOf(db))[3]?.previous).toBe(chain[2]?.hash);
    });
    // Migrates an older database from its first migration: 25 s once, beside the whole test command.
  }, 90_000);
});
