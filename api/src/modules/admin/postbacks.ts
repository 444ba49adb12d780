import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { WALL_SLUG } from '../../config';
import { CALLBACK_OUTCOMES, postbackCallbacks } from '../../db/schema';
import { callbackResult } from '../../ops/callback-view';
import { postbacksReplay } from '../../ops/postbacks';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { findUserByEmail, findUserById } from '../account/repository';
import type { StaffRole } from '../staff/roles';
import { findCallback } from '../walls/callback-log';
import { decodeCursor, pageOf } from './pagination';
import { recordRead } from './read-audit';
import type { StaffCommandRunner } from './run-command';
import { email, idParams, idText, pageQuery, query, reasonBody } from './schemas';
import { notFound } from './users';

const READ: readonly StaffRole[] = ['support', 'finance'];
const FINANCE: readonly StaffRole[] = ['finance'];

const postbacksQuery = query({
  wall: z.string().trim().toLowerCase().regex(WALL_SLUG, 'The wall must be a wall slug.').optional(),
  user: email.optional(),
  user_id: idText.transform(Number).optional(),
  txid: z.string().min(1, 'The txid needs a text.').max(200, 'The txid may not be greater than 200 characters.').optional(),
  outcome: z.enum(CALLBACK_OUTCOMES, { error: `The outcome must be one of ${CALLBACK_OUTCOMES.join(', ')}.` }).optional(),
  ...pageQuery,
});

/** The list leaves the raw request out: one callback's page shows it (and records that read). */
function summaryOf(record: Parameters<typeof callbackResult>[0]) {
  const { method: _method, path: _path, query: _query, body: _body, headers: _headers, ...summary } = callbackResult(record);
  return summary;
}

/** The postback callback log: search, the raw callback (support and finance), replay (finance). */
export const postbackRoutes: ZodPlugin<{ run: StaffCommandRunner }> = async (app, { run }) => {
  app.get('/postbacks', { config: { staff: { roles: READ } }, schema: { querystring: postbacksQuery } }, async (request) => {
    const { wall, user, user_id: userId, txid, outcome, limit, cursor } = request.query;
    const conditions: SQL[] = [];
    let subject: { id: number; email: string } | undefined;
    if (user !== undefined || userId !== undefined) {
      const found = user !== undefined ? await findUserByEmail(app.db, user) : await findUserById(app.db, userId!);
      if (!found || (userId !== undefined && found.id !== userId)) return { status: 'success' as const, data: { items: [], next_cursor: null } };
      subject = found;
      conditions.push(eq(postbackCallbacks.userId, found.id));
    }
    if (wall !== undefined) conditions.push(eq(postbackCallbacks.wall, wall));
    if (txid !== undefined) conditions.push(eq(postbackCallbacks.txid, txid));
    if (outcome !== undefined) conditions.push(eq(postbackCallbacks.outcome, outcome));
    const before = decodeCursor(cursor, ['id'] as const)?.[0];
    if (before !== undefined) conditions.push(lt(postbackCallbacks.id, before));
    const rows = await app.db
      .select()
      .from(postbackCallbacks)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(desc(postbackCallbacks.id))
      .limit(limit + 1);
    const page = pageOf(rows, limit, (row) => [row.id], summaryOf);
    const args = Object.entries({ wall, user: subject?.email, txid, outcome }).flatMap(([flag, value]) => (value === undefined ? [] : [`--${flag}`, value]));
    await recordRead(app.db, request, { command: 'postbacks:list', args, user: subject, ids: page.items.map((item) => item.id) });
    return { status: 'success' as const, data: page };
  });

  app.get('/postbacks/:id', { config: { staff: { roles: READ } }, schema: { params: idParams } }, async (request) => {
    const record = await findCallback(app.db, request.params.id);
    if (!record) throw notFound('callback');
    const owner = record.userId === null ? undefined : await findUserById(app.db, record.userId);
    await recordRead(app.db, request, { command: 'postbacks:show', args: [record.id], user: owner, ids: [record.id] });
    return { status: 'success' as const, data: callbackResult(record) };
  });

  app.post('/postbacks/:id/replay', { config: { staff: { roles: FINANCE } }, schema: { params: idParams, body: reasonBody } }, async (request) => {
    return { status: 'success' as const, data: await run(request, postbacksReplay, [request.params.id], request.body.reason) };
  });
};
