import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import { type AuditKind, type AuditOutcome, operatorAudit } from '../db/schema';
import { findUserByEmail } from '../modules/account/repository';
import type { Executor } from '../db/executor';
import { defineCommand, OpsError, UsageError } from './command';
import { readOptions, rowLimit } from './options';
import { parseEmail } from './users';

export type AuditEntry = {
  operator: string;
  command: string;
  arguments: readonly string[];
  reason: string | undefined;
  user: { id: number; email: string } | undefined;
  outcome: AuditOutcome;
  result: unknown;
  /** `change` unless said (a command that showed personal data: `read`). */
  kind?: AuditKind;
};

/**
 * Appends one row; rows are never changed or deleted (the table's triggers refuse it). The table's insert
 * trigger chains it to the row before (audit:verify); until this transaction ends, other writers wait.
 */
export async function appendAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(operatorAudit).values({
    kind: entry.kind ?? 'change',
    operator: entry.operator,
    command: entry.command,
    arguments: [...entry.arguments],
    reason: entry.reason ?? null,
    userId: entry.user?.id ?? null,
    userEmail: entry.user?.email ?? null,
    outcome: entry.outcome,
    // A command that answers nothing keeps JSON null: drizzle would send SQL NULL, which the column refuses.
    result: entry.result === undefined || entry.result === null ? sql`'null'::jsonb` : entry.result,
  });
}

export type AuditRow = typeof operatorAudit.$inferSelect;

export type AuditFilter = { operator?: string; command?: string; kind?: AuditKind; userId?: number; userEmail?: string; limit: number; beforeId?: number };

/** Audit rows, newest first, at most `limit`; a user is matched by id or by the address the row kept. */
export async function listAuditRows(db: Executor, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.operator !== undefined) conditions.push(eq(operatorAudit.operator, filter.operator));
  if (filter.command !== undefined) conditions.push(eq(operatorAudit.command, filter.command));
  if (filter.kind !== undefined) conditions.push(eq(operatorAudit.kind, filter.kind));
  const aboutUser: SQL[] = [];
  if (filter.userId !== undefined) aboutUser.push(eq(operatorAudit.userId, filter.userId));
  if (filter.userEmail !== undefined) aboutUser.push(eq(operatorAudit.userEmail, filter.userEmail));
  if (aboutUser.length > 0) conditions.push(or(...aboutUser)!);
  if (filter.beforeId !== undefined) conditions.push(lt(operatorAudit.id, filter.beforeId));
  return db
    .select()
    .from(operatorAudit)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(operatorAudit.id))
    .limit(filter.limit);
}

/** Newest first; `email`: the rows about that user (as the address was then, or the account now). */
export async function listAudit(db: Executor, { limit, email }: { limit: number; email?: string }): Promise<AuditRow[]> {
  const user = email === undefined ? undefined : await findUserByEmail(db, email);
  return listAuditRows(db, { userEmail: email, userId: user?.id, limit });
}

/** An audit row as `ops audit --json` prints it and the console shows it. */
export function auditRowResult(row: AuditRow) {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    operator: row.operator,
    kind: row.kind,
    command: row.command,
    arguments: row.arguments,
    reason: row.reason,
    user_id: row.userId,
    user_email: row.userEmail,
    outcome: row.outcome,
    result: row.result,
  };
}

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 10_000;

/** An argument list as it could be typed again: words with spaces (or nothing) in quotes. */
function typed(args: readonly string[]): string {
  return args.map((arg) => (/^[^\s"'\\]+$/.test(arg) ? arg : JSON.stringify(arg))).join(' ');
}

// Shown in their own column, or repeated in dollars beside them.
const NOT_IN_SUMMARY = /^(email|user_id|.*_coins)$/;

/** The result in a line: the error of a failure, else its plain values as key=value (all of it is in --json). */
function resultText(row: AuditRow): string {
  const result = row.result as Record<string, unknown> | null;
  if (row.outcome === 'failed' && typeof result?.error === 'string') return result.error;
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return JSON.stringify(result);
  return Object.entries(result)
    .filter(([key, value]) => !NOT_IN_SUMMARY.test(key) && (value === null || typeof value !== 'object'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');
}

export const audit = defineCommand({
  name: 'audit',
  usage: 'audit [--limit <n>] [--user <email>]',
  summary: `what operators did and which personal data they read, newest first (default ${DEFAULT_LIMIT} rows): who, when, the command, its reason and result`,
  reason: 'none',
  parse: (args) => {
    const options = readOptions(args, { '--limit': rowLimit(MAX_LIMIT), '--user': parseEmail }, { repeated: 'last' });
    return { limit: options['--limit'] ?? DEFAULT_LIMIT, email: options['--user'] };
  },
  async run({ db, out }, { limit, email }) {
    const rows = await listAudit(db, { limit, email });
    if (rows.length === 0) {
      out.line(email ? `No operator actions about ${email}.` : 'No operator actions yet.');
    } else {
      out.table(
        ['id', 'when', 'operator', 'kind', 'command', 'arguments', 'reason', 'user', 'outcome', 'result'],
        rows.map((row) => [
          row.id,
          row.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          row.operator,
          row.kind,
          row.command,
          typed(row.arguments),
          row.reason,
          row.userEmail,
          row.outcome,
          resultText(row),
        ]),
      );
      if (rows.length === limit) {
        out.line('');
        out.line(`The newest ${limit}; --limit shows more.`);
      }
    }
    return rows.map(auditRowResult);
  },
});

/** The previous hash of the chain's first row. */
export const CHAIN_START = '0'.repeat(64);
const VERIFY_PAGE = 5_000;
const HASH = /^[0-9a-f]{64}$/;

export type AuditChainBreak = {
  /** `changed`: the row's content or hash is not what was chained; `removed`: rows are missing before `rowId`. */
  kind: 'changed' | 'removed';
  /** The row named: the changed one, or the first row after the removed ones (undefined: removed from the end). */
  rowId: number | undefined;
  message: string;
};

export type AuditChainCheck = {
  rows: number;
  /** The last row of the chain: noting its hash lets a later check see rows removed from the end (--head). */
  head: { id: number; position: number; hash: string } | undefined;
  broken: AuditChainBreak | undefined;
};

type ChainRow = { id: number; position: number; previousHash: string; hash: string; recomputed: string };

async function chainPage(db: Executor, after: number): Promise<ChainRow[]> {
  // The hash is recomputed by the same function the insert trigger uses (see the migration of the chain).
  const answer = (await db.execute(sql`
    select "id"::text as id, "chain_position"::text as position, "previous_hash" as "previousHash", "hash",
           operator_audit_hash("previous_hash", entry) as recomputed
    from ${operatorAudit} entry
    where "chain_position" > ${after}
    order by "chain_position"
    limit ${VERIFY_PAGE}`)) as unknown as { rows: Array<Record<keyof ChainRow, string>> };
  return answer.rows.map((row) => ({ id: Number(row.id), position: Number(row.position), previousHash: row.previousHash, hash: row.hash, recomputed: row.recomputed }));
}

/**
 * Walks the chain in order and names its first break: a row whose hash no longer matches its content (or whose
 * successor was chained to another hash: it was rewritten with a new hash) is changed; a gap in the positions
 * means rows were removed. `head`: a hash noted from an earlier check, which must still be in the chain.
 */
export async function verifyAuditChain(db: Executor, { head }: { head?: string } = {}): Promise<AuditChainCheck> {
  let previous = { id: undefined as number | undefined, position: 0, hash: CHAIN_START };
  let rows = 0;
  let headSeen = head === undefined;
  for (;;) {
    const page = await chainPage(db, previous.position);
    for (const row of page) {
      const broken = chainBreak(previous, row);
      if (broken) return { rows, head: undefined, broken };
      headSeen ||= row.hash === head;
      previous = row;
      rows++;
    }
    if (page.length < VERIFY_PAGE) break;
  }
  const last = previous.id === undefined ? undefined : { id: previous.id, position: previous.position, hash: previous.hash };
  if (!headSeen) {
    const message = `no row has the hash ${head}: rows were removed from the end of the chain (it now ends at ${last ? `row ${last.id}` : 'no row at all'})`;
    return { rows, head: last, broken: { kind: 'removed', rowId: undefined, message } };
  }
  return { rows, head: last, broken: undefined };
}

function chainBreak(previous: { id: number | undefined; position: number; hash: string }, row: ChainRow): AuditChainBreak | undefined {
  const after = previous.id === undefined ? 'at the start of the chain' : `after row ${previous.id}`;
  if (row.recomputed !== row.hash) return { kind: 'changed', rowId: row.id, message: `row ${row.id} was changed: its content no longer matches its hash` };
  if (row.position !== previous.position + 1) {
    const missing = row.position - previous.position - 1;
    const which = missing === 1 ? `position ${previous.position + 1}` : `positions ${previous.position + 1} to ${row.position - 1}`;
    return missing > 0
      ? { kind: 'removed', rowId: row.id, message: `${missing === 1 ? 'a row was' : `${missing} rows were`} removed before row ${row.id} (${which}, ${after})` }
      : { kind: 'changed', rowId: row.id, message: `row ${row.id} was changed: its chain position ${row.position} does not follow ${previous.position}` };
  }
  if (row.previousHash !== previous.hash) {
    // The row itself is whole, so what it was chained to was rewritten (hash and all) after the fact.
    return previous.id === undefined
      ? { kind: 'changed', rowId: row.id, message: `row ${row.id} was changed: the chain's first row does not start from the chain's start` }
      : { kind: 'changed', rowId: previous.id, message: `row ${previous.id} was changed: row ${row.id} was chained to another hash of it` };
  }
  return undefined;
}

export const auditVerify = defineCommand({
  name: 'audit:verify',
  usage: 'audit:verify [--head <hash>]',
  summary: 'checks the audit log\'s hash chain (exit 1 naming the first row changed or removed); --head: a hash noted earlier must still be in it',
  reason: 'none',
  parse: (args) => {
    if (args.length === 0) return { head: undefined };
    const [flag, value] = args;
    if (args.length !== 2 || flag !== '--head') throw new UsageError('audit:verify takes no arguments, or --head <hash> (a hash a previous audit:verify printed)');
    const head = value!.trim().toLowerCase();
    if (!HASH.test(head)) throw new UsageError('--head takes a hash of 64 hexadecimal digits, as audit:verify prints it');
    return { head };
  },
  async run({ db, out }, { head }) {
    const check = await verifyAuditChain(db, { head });
    const result = { rows: check.rows, head: check.head ? { id: check.head.id, position: check.head.position, hash: check.head.hash } : null };
    if (check.broken) {
      throw new OpsError(`BROKEN: ${check.broken.message}. The audit log was altered outside the application.`, {
        ...result,
        broken: { kind: check.broken.kind, row_id: check.broken.rowId ?? null, message: check.broken.message },
      });
    }
    if (!check.head) out.line('OK: the audit log is empty.');
    else {
      out.line(`OK: the chain of ${check.rows} audit ${check.rows === 1 ? 'row' : 'rows'} holds; it ends at row ${check.head.id}.`);
      out.line(`Head: ${check.head.hash}`);
      out.line('(Note the head elsewhere: audit:verify --head <hash> then also shows rows removed from the end.)');
    }
    return result;
  },
});
