import { desc, eq, or, sql } from 'drizzle-orm';
import { type AuditOutcome, operatorAudit } from '../db/schema';
import { findUserByEmail } from '../modules/account/repository';
import type { Executor } from '../db/executor';
import { defineCommand, UsageError } from './command';
import { parseEmail } from './users';

export type AuditEntry = {
  operator: string;
  command: string;
  arguments: readonly string[];
  reason: string | undefined;
  user: { id: number; email: string } | undefined;
  outcome: AuditOutcome;
  result: unknown;
};

/** Appends one row; rows are never changed or deleted (the table's triggers refuse it). */
export async function appendAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(operatorAudit).values({
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

/** Newest first; `email`: the rows about that user (as the address was then, or the account now). */
export async function listAudit(db: Executor, { limit, email }: { limit: number; email?: string }): Promise<AuditRow[]> {
  let filter;
  if (email !== undefined) {
    const user = await findUserByEmail(db, email);
    filter = user ? or(eq(operatorAudit.userEmail, email), eq(operatorAudit.userId, user.id)) : eq(operatorAudit.userEmail, email);
  }
  return db.select().from(operatorAudit).where(filter).orderBy(desc(operatorAudit.id)).limit(limit);
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
  summary: `what operators did, newest first (default ${DEFAULT_LIMIT} rows): who, when, the command, its reason and result`,
  reason: 'none',
  parse: (args) => {
    let limit = DEFAULT_LIMIT;
    let email: string | undefined;
    for (let i = 0; i < args.length; i += 2) {
      const [flag, value] = [args[i], args[i + 1]];
      if (flag === '--limit') {
        if (!value || !/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > MAX_LIMIT) {
          throw new UsageError(`--limit takes a number of rows from 1 to ${MAX_LIMIT}, got "${value ?? ''}"`);
        }
        limit = Number(value);
      } else if (flag === '--user') {
        email = parseEmail(value);
      } else {
        throw new UsageError(`unknown option "${flag}"`);
      }
    }
    return { limit, email };
  },
  async run({ db, out }, { limit, email }) {
    const rows = await listAudit(db, { limit, email });
    if (rows.length === 0) {
      out.line(email ? `No operator actions about ${email}.` : 'No operator actions yet.');
    } else {
      out.table(
        ['id', 'when', 'operator', 'command', 'arguments', 'reason', 'user', 'outcome', 'result'],
        rows.map((row) => [
          row.id,
          row.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          row.operator,
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
    return rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      operator: row.operator,
      command: row.command,
      arguments: row.arguments,
      reason: row.reason,
      user_id: row.userId,
      user_email: row.userEmail,
      outcome: row.outcome,
      result: row.result,
    }));
  },
});
