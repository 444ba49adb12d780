import multipart from '@fastify/multipart';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { FieldErrors } from '@rewards/shared/contracts/api-types';
import { TICKET_LIMITS, TICKET_MESSAGES } from '@rewards/shared/contracts/ticket-types';
import { InvalidRequestError, NotFoundError, ValidationError } from '../../domain-errors';
import { authOf } from '../../plugins/auth';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { screenshotTypeOf } from './screenshot-type';
import {
  messageBody,
  messageResponse,
  type OpenTicketInput,
  openedTicketResponse,
  openTicketFields,
  TICKET_FIELDS,
  type TicketFieldName,
  ticketDetailResponse,
  ticketIdOf,
  ticketListResponse,
} from './schemas';
import { addUserMessage, openTicket, userScreenshot, userTicket, userTickets } from './service';

export type TicketRoutesOptions = {
  /** TICKET_WAIT_HOURS: how long after starting an offer it may be reported. */
  waitHours: number;
};

/** A form's text fields stay far below this; a longer one is refused, not cut. */
const FIELD_BYTES = 16 * 1024;
/** The screenshot, the text fields and the form's own framing: a request announcing more is refused unread. */
const MAX_REPORT_BYTES = TICKET_LIMITS.screenshotBytes + 64 * 1024;

const SCREENSHOT_FIELD = 'screenshot';
const FILE_TOO_LARGE = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT']);

const screenshotRefusal = () => new ValidationError(TICKET_MESSAGES.screenshot, { code: 'ticket_screenshot_invalid', errors: { [SCREENSHOT_FIELD]: [TICKET_MESSAGES.screenshot] } });

/** Before the body is read: a report announcing more than a screenshot and its fields is refused at once. */
const refuseOversizedReport: onRequestAsyncHookHandler = async (request) => {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > MAX_REPORT_BYTES) throw screenshotRefusal();
};

type ReadReport = { fields: Record<string, string>; screenshot: OpenTicketInput['screenshot']; problems: FieldErrors };

/**
 * The parts of a report, each read within its limit: the known text fields once each, the screenshot (the one
 * file) checked by its content. What is wrong is gathered as field problems; a malformed form is a 400.
 */
async function readReport(request: FastifyRequest): Promise<ReadReport> {
  if (!request.isMultipart()) throw new ValidationError(TICKET_MESSAGES.multipart, { code: 'multipart_required' });
  const report: ReadReport = { fields: {}, screenshot: null, problems: {} };
  const problem = (field: string, message: string) => (report.problems[field] ??= []).push(message);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A browser sends an empty file part for a file input left empty.
        if (part.fieldname !== SCREENSHOT_FIELD || bytes.length === 0) continue;
        const type = screenshotTypeOf(bytes);
        if (type === null || report.screenshot !== null) problem(SCREENSHOT_FIELD, TICKET_MESSAGES.screenshot);
        else report.screenshot = { bytes, type };
      } else if ((TICKET_FIELDS as readonly string[]).includes(part.fieldname)) {
        const name = part.fieldname as TicketFieldName;
        if (part.valueTruncated || name in report.fields || typeof part.value !== 'string') problem(name, `The field ${name} must be sent once, as text of at most ${FIELD_BYTES} bytes.`);
        else report.fields[name] = part.value;
      }
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code && FILE_TOO_LARGE.has(code)) throw screenshotRefusal();
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) throw new InvalidRequestError(`The form could not be read: ${(error as Error).message}.`, { code: 'form_unreadable' });
    // Busboy's own errors (no boundary, the form cut short) carry no status: the form is malformed.
    throw new InvalidRequestError('The form could not be read: send it as multipart/form-data.', { code: 'form_unreadable' });
  }
  return report;
}

function parseReport({ fields, screenshot, problems }: ReadReport): OpenTicketInput {
  const parsed = openTicketFields.safeParse(fields);
  const errors: FieldErrors = { ...problems };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0];
  // The code names the first problem, as the message does.
  const code = first === TICKET_MESSAGES.screenshot ? 'ticket_screenshot_invalid' : 'validation_failed';
  if (first !== undefined || !parsed.success) throw new ValidationError(first ?? TICKET_MESSAGES.chooseOffer, { code, errors });
  return { ...parsed.data, screenshot };
}

function ticketId(request: { params: unknown }): number {
  const id = ticketIdOf((request.params as { id: string }).id);
  if (id === null) throw new NotFoundError(TICKET_MESSAGES.notFound, { code: 'ticket_not_found' });
  return id;
}

const idParams = z.object({ id: z.string() });

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/**
 * Missing-credit tickets (issue 29) under /api/tickets, for the signed-in user: report an offer that did not
 * credit (multipart/form-data, with an optional screenshot), list one's tickets, read one's thread and reply.
 * Multipart parsing is registered here only, with limits: a huge upload is refused before it is read.
 */
export const ticketRoutes: ZodPlugin<TicketRoutesOptions> = async (app, { waitHours }) => {
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: FIELD_BYTES, fields: 10, fileSize: TICKET_LIMITS.screenshotBytes, files: 1, parts: 12, headerPairs: 20 },
  });

  app.post(
    '/tickets',
    { onRequest: [app.requireUser, refuseOversizedReport], schema: { response: { 201: openedTicketResponse } } },
    async (request, reply) => {
      const input = parseReport(await readReport(request));
      const ticket = await openTicket(app.db, authOf(request).user.id, input, waitHours);
      return reply.code(201).send({ status: 'success' as const, data: { id: ticket.id, status: 'awaiting' as const } });
    },
  );

  app.get('/tickets', { onRequest: app.requireUser, schema: { response: { 200: ticketListResponse } } }, async (request) => {
    return { status: 'success' as const, data: await userTickets(app.db, authOf(request).user.id) };
  });

  app.get('/tickets/:id', { onRequest: app.requireUser, schema: { params: idParams, response: { 200: ticketDetailResponse } } }, async (request) => {
    return { status: 'success' as const, data: await userTicket(app.db, authOf(request).user.id, ticketId(request)) };
  });

  app.post(
    '/tickets/:id/messages',
    { onRequest: app.requireUser, schema: { params: idParams, body: messageBody, response: { 201: messageResponse } } },
    async (request, reply) => {
      const message = await addUserMessage(app.db, authOf(request).user.id, ticketId(request), request.body.text);
      return reply.code(201).send({ status: 'success' as const, data: message });
    },
  );

  // The owner's only: another user's ticket (or none) is not found. Operators save it with `ops tickets:show --screenshot`.
  app.get('/tickets/:id/screenshot', { onRequest: app.requireUser, schema: { params: idParams } }, async (request, reply) => {
    const id = ticketId(request);
    const { bytes, type } = await userScreenshot(app.db, authOf(request).user.id, id);
    return reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `inline; filename="ticket-${id}.${EXTENSIONS[type]}"`)
      .send(bytes);
  });
};
