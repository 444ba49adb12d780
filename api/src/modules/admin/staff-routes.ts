import { ConflictError } from '../../domain-errors';
import { staffAdd, staffList, staffRemove } from '../../ops/staff';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { findUserById } from '../account/repository';
import { staffOf } from './gate';
import { ADMIN_MESSAGES } from './messages';
import { COMMAND_REFUSED, type StaffCommandRunner } from './run-command';
import { body, email, reason, reasonBody, staffRole, userIdParams } from './schemas';
import { notFound } from './users';

const adminOnly = { staff: { roles: [] } };
const ownRow = () => new ConflictError(ADMIN_MESSAGES.ownStaffRow, { code: COMMAND_REFUSED });

/** Staff members (admin): staff:list, staff:add and staff:remove. An admin cannot demote or remove themselves here. */
export const staffRoutes: ZodPlugin<{ run: StaffCommandRunner }> = async (app, { run }) => {
  app.get('/staff', { config: adminOnly }, async (request) => {
    return { status: 'success' as const, data: await run(request, staffList, []) };
  });

  app.post('/staff', { config: adminOnly, schema: { body: body({ email, role: staffRole, reason }) } }, async (request) => {
    if (request.body.email === staffOf(request).user.email) throw ownRow();
    return { status: 'success' as const, data: await run(request, staffAdd, [request.body.email, request.body.role], request.body.reason) };
  });

  app.post('/staff/:user_id/remove', { config: adminOnly, schema: { params: userIdParams, body: reasonBody } }, async (request) => {
    if (request.params.user_id === staffOf(request).user.id) throw ownRow();
    const user = await findUserById(app.db, request.params.user_id);
    if (!user) throw notFound('user');
    return { status: 'success' as const, data: await run(request, staffRemove, [user.email], request.body.reason) };
  });
};
