import { and, asc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { TICKET_LIMITS } from '@rewards/shared/contracts/ticket-types';
import { OPEN_TICKET_STATUSES, TICKET_STATUSES, tickets, users } from '../../db/schema';
import { ticketResult, ticketsAccept, ticketsDecline, ticketsReply, ticketsShow } from '../../ops/tickets';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { findTicket, screenshotOf, type TicketSummaryRow } from '../tickets/repository';
import type { StaffRole } from '../staff/roles';
import { decodeCursor, pageOf } from './pagination';
import { recordRead } from './read-audit';
import type { StaffCommandRunner } from './run-command';
import { body, dollars, idParams, optionalReason, pageQuery, query, reason, reasonBody } from './schemas';
import { notFound } from './users';

const SUPPORT: readonly StaffRole[] = ['support'];
const support = { staff: { roles: SUPPORT } };

const STATUS_FILTERS = ['open', ...TICKET_STATUSES] as const;
const ticketsQuery = query({
  status: z.enum(STATUS_FILTERS, { error: `The status must be one of ${STATUS_FILTERS.join(', ')}.` }).default('open'),
  ...pageQuery,
});
const replyBody = body({
  text: z
    .string({ error: 'The text must be a string.' })
    .trim()
    .min(1, 'The text field is required.')
    .max(TICKET_LIMITS.messageMax, `The text may not be greater than ${TICKET_LIMITS.messageMax} characters.`),
  reason: optionalReason,
});

const { screenshot: _bytes, ...summaryColumns } = getTableColumns(tickets);

/** A ticket as the console lists it: tickets:list's fields and whether it has a screenshot. */
function ticketRowResult(row: TicketSummaryRow & { email: string }) {
  return { ...ticketResult(row), email: row.email, has_screenshot: row.hasScreenshot };
}

/** Tickets, oldest first (who waited longest comes first), the thread, the screenshot, and the answers (support). */
export const ticketRoutes: ZodPlugin<{ run: StaffCommandRunner }> = async (app, { run }) => {
  app.get('/tickets', { config: support, schema: { querystring: ticketsQuery } }, async (request) => {
    const { status, limit, cursor } = request.query;
    const after = decodeCursor(cursor, ['id'] as const)?.[0];
    const statuses = status === 'open' ? [...OPEN_TICKET_STATUSES] : [status];
    const rows = await app.db
      .select({ ...summaryColumns, hasScreenshot: sql<boolean>`${tickets.screenshot} is not null`.mapWith((value: unknown) => value === true || value === 't'), email: users.email })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(and(inArray(tickets.status, statuses), after === undefined ? undefined : gt(tickets.id, after)))
      .orderBy(asc(tickets.id))
      .limit(limit + 1);
    return { status: 'success' as const, data: pageOf(rows, limit, (row) => [row.id], ticketRowResult) };
  });

  // tickets:show, recorded as its read; the screenshot is its own request.
  app.get('/tickets/:id', { config: support, schema: { params: idParams } }, async (request) => {
    const ticket = await findTicket(app.db, request.params.id);
    if (!ticket) throw notFound('ticket');
    const shown = (await run(request, ticketsShow, [ticket.id])) as Record<string, unknown>;
    const { screenshot_saved_to: _saved, ...rest } = shown;
    return { status: 'success' as const, data: { ...rest, has_screenshot: ticket.hasScreenshot } };
  });

  app.get('/tickets/:id/screenshot', { config: support, schema: { params: idParams } }, async (request, reply) => {
    const ticket = await findTicket(app.db, request.params.id);
    const screenshot = ticket ? await screenshotOf(app.db, ticket.id) : undefined;
    if (!ticket || !screenshot) throw notFound('screenshot');
    const owner = (await app.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, ticket.userId)))[0];
    await recordRead(app.db, request, { command: 'tickets:screenshot', args: [ticket.id], user: owner, ids: [ticket.id] });
    // What a user uploaded, shown as an image only: never sniffed as something else, never run as a page.
    return reply
      .header('content-type', screenshot.type)
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="ticket-${ticket.id}-screenshot"`)
      .send(screenshot.bytes);
  });

  app.post('/tickets/:id/reply', { config: support, schema: { params: idParams, body: replyBody } }, async (request) => {
    return { status: 'success' as const, data: await run(request, ticketsReply, [request.params.id, request.body.text], request.body.reason) };
  });

  app.post('/tickets/:id/accept', { config: support, schema: { params: idParams, body: body({ amount: dollars, reason }) } }, async (request) => {
    return { status: 'success' as const, data: await run(request, ticketsAccept, [request.params.id, request.body.amount], request.body.reason) };
  });

  app.post('/tickets/:id/decline', { config: support, schema: { params: idParams, body: reasonBody } }, async (request) => {
    return { status: 'success' as const, data: await run(request, ticketsDecline, [request.params.id], request.body.reason) };
  });
};
