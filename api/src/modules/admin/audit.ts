import { z } from 'zod';
import { AUDIT_KINDS } from '../../db/schema';
import { auditRowResult, listAuditRows, verifyAuditChain } from '../../ops/audit';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { findUserByEmail } from '../account/repository';
import { decodeCursor, pageOf } from './pagination';
import { email, idText, pageQuery, query } from './schemas';

const adminOnly = { staff: { roles: [] } };

const auditQuery = query({
  operator: z.string().trim().min(1, 'The operator needs a text.').max(200, 'The operator may not be greater than 200 characters.').optional(),
  command: z.string().trim().regex(/^[a-z][a-z0-9:-]{0,63}$/, 'The command is a name like cashouts:approve.').optional(),
  kind: z.enum(AUDIT_KINDS, { error: `The kind must be one of ${AUDIT_KINDS.join(', ')}.` }).optional(),
  user: email.optional(),
  user_id: idText.transform(Number).optional(),
  ...pageQuery,
});

/** The audit log (admin): filtered by staff, user and command; and the hash chain's state (audit:verify's check). */
export const auditRoutes: ZodPlugin = async (app) => {
  app.get('/audit', { config: adminOnly, schema: { querystring: auditQuery } }, async (request) => {
    const { operator, command, kind, user, user_id: userId, limit, cursor } = request.query;
    // A user named by email: the rows that kept that address, and the rows about the account that has it now.
    const account = user === undefined ? undefined : await findUserByEmail(app.db, user);
    const rows = await listAuditRows(app.db, {
      operator,
      command,
      kind,
      userId: userId ?? account?.id,
      userEmail: user,
      limit: limit + 1,
      beforeId: decodeCursor(cursor, ['id'] as const)?.[0],
    });
    return { status: 'success' as const, data: pageOf(rows, limit, (row) => [row.id], auditRowResult) };
  });

  app.get('/audit/verify', { config: adminOnly }, async () => {
    const check = await verifyAuditChain(app.db);
    const head = check.head ? { id: check.head.id, position: check.head.position, hash: check.head.hash } : null;
    const broken = check.broken ? { kind: check.broken.kind, row_id: check.broken.rowId ?? null, message: check.broken.message } : null;
    return { status: 'success' as const, data: { ok: broken === null, rows: check.rows, head, broken } };
  });
};
