import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor';
import { appendAudit } from '../../ops/audit';
import type { AuditSubject } from '../../ops/command';
import { staffOf } from './gate';

/**
 * What the console showed of personal data, as ops records its reads (`kind: 'read'`): who, which command,
 * which arguments, about whom, and only which records (their ids), never their content. Written before
 * the answer is sent: a read that cannot be recorded is not shown.
 */
export async function recordRead(
  db: Executor,
  request: FastifyRequest,
  read: { command: string; args: ReadonlyArray<string | number>; user?: AuditSubject; ids: ReadonlyArray<number | string> },
): Promise<void> {
  await appendAudit(db, {
    kind: 'read',
    operator: staffOf(request).user.email,
    command: read.command,
    arguments: read.args.map(String),
    reason: undefined,
    user: read.user ? { id: read.user.id, email: read.user.email } : undefined,
    outcome: 'done',
    result: read.ids.length === 1 ? { id: read.ids[0] } : { rows: read.ids.length, ids: read.ids },
  });
}
