import { z } from 'zod';
import { ACCOUNT_STATUSES } from '../../db/schema';
import { NotFoundError } from '../../domain-errors';
import { holdsRelease } from '../../ops/holds';
import { usersCredit } from '../../ops/ledger';
import { usersShow, usersStatus, usersVerifyEmail } from '../../ops/users';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import type { StaffRole } from '../staff/roles';
import { ADMIN_MESSAGES } from './messages';
import { decodeCursor, pageOf } from './pagination';
import { recordRead } from './read-audit';
import type { StaffCommandRunner } from './run-command';
import { body, dollars, idParams, pageQuery, query, reason, reasonBody } from './schemas';
import { findUserWithRole, ledgerOf, ledgerRowResult, searchUsers, userPageLists, userRowResult } from './user-queries';

const READ: readonly StaffRole[] = ['support', 'finance'];
const FINANCE: readonly StaffRole[] = ['finance'];
const SUPPORT: readonly StaffRole[] = ['support'];

export const NOT_FOUND = 'not_found';
export const notFound = (what: string) => new NotFoundError(ADMIN_MESSAGES.notFound(what), { code: NOT_FOUND });

const searchQuery = query({ q: z.string().trim().min(1, 'The search needs a text.').max(200, 'The search may not be greater than 200 characters.').optional(), ...pageQuery });

/** Users: search, a user's page and earnings, and the account actions (each an ops command). */
export const userRoutes: ZodPlugin<{ run: StaffCommandRunner }> = async (app, { run }) => {
  const userOf = async (id: number) => {
    const user = await findUserWithRole(app.db, id);
    if (!user) throw notFound('user');
    return user;
  };

  app.get('/users', { config: { staff: { roles: READ } }, schema: { querystring: searchQuery } }, async (request) => {
    const { q, limit, cursor } = request.query;
    const before = decodeCursor(cursor, ['id'] as const);
    const rows = await searchUsers(app.db, { q, limit, beforeId: before?.[0] });
    const page = pageOf(rows, limit, (row) => [row.id], userRowResult);
    await recordRead(app.db, request, { command: 'users:search', args: q === undefined ? [] : [q], ids: page.items.map((item) => item.id) });
    return { status: 'success' as const, data: page };
  });

  // The page is users:show (recorded as its read) and the lists beside it.
  app.get('/users/:id', { config: { staff: { roles: READ } }, schema: { params: idParams } }, async (request) => {
    const user = await userOf(request.params.id);
    const shown = (await run(request, usersShow, [user.email])) as Record<string, unknown>;
    const lists = await userPageLists(app.db, user);
    return {
      status: 'success' as const,
      data: {
        user: {
          ...userRowResult(user),
          two_factor: user.twoFactorMethod,
          sign_in: shown.sign_in,
          referral_code: user.referralCode,
          referred_by: shown.referred_by,
          completed_offers: user.completedOffers,
          total_earnings: shown.total_earnings,
          earnings_last_30_days: shown.earnings_last_30_days,
        },
        ...lists,
      },
    };
  });

  app.get('/users/:id/earnings', { config: { staff: { roles: READ } }, schema: { params: idParams, querystring: query(pageQuery) } }, async (request) => {
    const user = await userOf(request.params.id);
    const { limit, cursor } = request.query;
    const rows = await ledgerOf(app.db, user.id, { limit, beforeId: decodeCursor(cursor, ['id'] as const)?.[0] });
    const page = pageOf(rows, limit, (row) => [row.id], ledgerRowResult);
    await recordRead(app.db, request, { command: 'users:earnings', args: [user.email], user, ids: page.items.map((item) => item.id) });
    return { status: 'success' as const, data: page };
  });

  const statusBody = body({ status: z.enum(ACCOUNT_STATUSES, { error: `The status must be one of ${ACCOUNT_STATUSES.join(', ')}.` }), reason });
  app.post('/users/:id/status', { config: { staff: { roles: FINANCE } }, schema: { params: idParams, body: statusBody } }, async (request) => {
    const user = await userOf(request.params.id);
    return { status: 'success' as const, data: await run(request, usersStatus, [user.email, request.body.status], request.body.reason) };
  });

  app.post('/users/:id/credit', { config: { staff: { roles: FINANCE } }, schema: { params: idParams, body: body({ amount: dollars, reason }) } }, async (request) => {
    const user = await userOf(request.params.id);
    return { status: 'success' as const, data: await run(request, usersCredit, [user.email, request.body.amount], request.body.reason) };
  });

  app.post('/users/:id/verify-email', { config: { staff: { roles: SUPPORT } }, schema: { params: idParams, body: reasonBody } }, async (request) => {
    const user = await userOf(request.params.id);
    return { status: 'success' as const, data: await run(request, usersVerifyEmail, [user.email], request.body.reason) };
  });

  app.post('/users/:id/holds/release', { config: { staff: { roles: FINANCE } }, schema: { params: idParams, body: reasonBody } }, async (request) => {
    const user = await userOf(request.params.id);
    return { status: 'success' as const, data: await run(request, holdsRelease, ['--user', user.email], request.body.reason) };
  });
};
