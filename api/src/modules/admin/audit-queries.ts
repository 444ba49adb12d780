import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { type AuditKind, operatorAudit } from '../../db/schema';
import type { AuditRow } from '../../ops/audit';

/** An audit row as `ops audit --json` prints it. */
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

export type AuditFilter = { operator?: string; command?: string; kind?: AuditKind; userId?: number; userEmail?: string; limit: number; beforeId?: number };

/** Audit rows, newest first, `limit + 1`; a user is matched by id or by the address the row kept. */
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
    .limit(filter.limit + 1);
}
