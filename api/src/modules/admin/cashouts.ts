import { z } from 'zod';
import { CASHOUT_STATUSES } from '../../db/schema';
import { cashoutsApprove, cashoutsReject } from '../../ops/cashouts';
import { payoutsRetry } from '../../ops/payouts';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { listPayouts, PAYOUT_STATUSES, payoutResult } from '../payouts/payout-list';
import type { StaffRole } from '../staff/roles';
import { cashoutRowResult, findCashoutForConsole, listCashoutsForConsole } from './cashout-queries';
import { decodeCursor, pageOf } from './pagination';
import { recordRead } from './read-audit';
import type { StaffCommandRunner } from './run-command';
import { body, idParams, pageQuery, query, reason, reasonBody } from './schemas';
import { notFound } from './users';

const FINANCE: readonly StaffRole[] = ['finance'];
const finance = { staff: { roles: FINANCE } };

const cashoutsQuery = query({
  status: z.enum(CASHOUT_STATUSES, { error: `The status must be one of ${CASHOUT_STATUSES.join(', ')}.` }).default('pending'),
  ...pageQuery,
});
const payoutsQuery = query({
  status: z.enum(PAYOUT_STATUSES, { error: `The status must be one of ${PAYOUT_STATUSES.join(', ')}.` }).default('failed'),
  ...pageQuery,
});
const approveBody = body({
  reason,
  reference: z
    .string({ error: 'The reference must be a string.' })
    .regex(/^[\x21-\x7e]{1,200}$/, "The reference is the provider's id of the payment: 1 to 200 visible characters.")
    .optional(),
});

/**
 * Cashouts (the review queue with each one's rule and the user's risk signals) and payouts (finance). Each list
 * page and each cashout shown is recorded as a read, by the name of the ops command that shows the same
 * (cashouts:list, payouts:list; a single cashout, which ops has no command for, cashouts:show).
 */
export const cashoutRoutes: ZodPlugin<{ run: StaffCommandRunner }> = async (app, { run }) => {
  app.get('/cashouts', { config: finance, schema: { querystring: cashoutsQuery } }, async (request) => {
    const { status, limit, cursor } = request.query;
    const rows = await listCashoutsForConsole(app.db, { status, limit, afterId: decodeCursor(cursor, ['id'] as const)?.[0] });
    const page = pageOf(rows, limit, (row) => [row.cashout.id], cashoutRowResult);
    await recordRead(app.db, request, { command: 'cashouts:list', args: ['--status', status, '--limit', limit], ids: page.items.map((item) => item.id) });
    return { status: 'success' as const, data: page };
  });

  app.get('/cashouts/:id', { config: finance, schema: { params: idParams } }, async (request) => {
    const row = await findCashoutForConsole(app.db, request.params.id);
    if (!row) throw notFound('cashout');
    const owner = { id: row.cashout.userId, email: row.email };
    await recordRead(app.db, request, { command: 'cashouts:show', args: [row.cashout.id], user: owner, ids: [row.cashout.id] });
    return { status: 'success' as const, data: cashoutRowResult(row) };
  });

  app.post('/cashouts/:id/approve', { config: finance, schema: { params: idParams, body: approveBody } }, async (request) => {
    const { reference } = request.body;
    const args = [request.params.id, ...(reference === undefined ? [] : ['--reference', reference])];
    return { status: 'success' as const, data: await run(request, cashoutsApprove, args, request.body.reason) };
  });

  app.post('/cashouts/:id/reject', { config: finance, schema: { params: idParams, body: reasonBody } }, async (request) => {
    return { status: 'success' as const, data: await run(request, cashoutsReject, [request.params.id], request.body.reason) };
  });

  app.get('/payouts', { config: finance, schema: { querystring: payoutsQuery } }, async (request) => {
    const { status, limit, cursor } = request.query;
    const before = decodeCursor(cursor, ['id'] as const)?.[0];
    const rows = await listPayouts(app.db, { status, beforeId: before, limit: limit + 1 });
    const page = pageOf(rows, limit, (row) => [row.cashout.id], payoutResult);
    await recordRead(app.db, request, { command: 'payouts:list', args: ['--status', status, '--limit', limit], ids: page.items.map((item) => item.id) });
    return { status: 'success' as const, data: page };
  });

  app.post('/payouts/:id/retry', { config: finance, schema: { params: idParams, body: reasonBody } }, async (request) => {
    return { status: 'success' as const, data: await run(request, payoutsRetry, [request.params.id], request.body.reason) };
  });
};
