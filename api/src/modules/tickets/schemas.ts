import { z } from 'zod';
import {
  type OpenedTicket,
  TICKET_LIMITS,
  TICKET_MESSAGES,
  TICKET_STATUSES,
  type Ticket,
  type TicketDetail,
  type TicketMessage,
} from '@rewards/shared/contracts/ticket-types';
import type { ScreenshotType } from '../../db/schema';
import { registryWalls } from '../walls/registry';
import type { ReportedOffer } from './repository';

/** The form fields of POST /api/tickets; the screenshot is the one file part. */
export const TICKET_FIELDS = ['offer_id', 'wall', 'offer_name', 'completed_at', 'details'] as const;
export type TicketFieldName = (typeof TICKET_FIELDS)[number];

export type OpenTicketInput = {
  offer: ReportedOffer;
  /** YYYY-MM-DD. */
  completedOn: string;
  details: string;
  screenshot: { bytes: Buffer; type: ScreenshotType } | null;
};

/** Control characters other than line breaks and tabs (NUL above all, which PostgreSQL text refuses). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAKS_OR_CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;
const PARTNER_OFFER_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Characters as people count them (a pair of UTF-16 halves is one). */
const lengthOf = (text: string) => [...text].length;

/** Text of 1 to `max` characters that holds no control character but line breaks and tabs; null otherwise. */
export function readText(value: unknown, { min, max }: { min: number; max: number }): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return lengthOf(text) >= min && lengthOf(text) <= max && !CONTROL.test(text) ? text : null;
}

/** A calendar date written YYYY-MM-DD from 2000 on, at most a day ahead of UTC (the user's time zone may be). */
export function readCompletionDate(value: unknown, now = new Date()): string | null {
  if (typeof value !== 'string') return null;
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 2000 || date.getTime() > now.getTime() + DAY_MS) return null;
  return value.trim();
}

const isRegistryWall = (slug: string) => registryWalls().some((wall) => wall.slug === slug);

/**
 * The report's fields as the form sends them (text, each at most once; the route has already turned a repeated
 * field into a problem): `offer_id`, or `wall` and `offer_name`; `completed_at`; `details`. Every problem is
 * reported at once, under its field.
 */
export const openTicketFields = z.record(z.string(), z.string()).transform((fields, ctx): Omit<OpenTicketInput, 'screenshot'> => {
  const fail = (path: TicketFieldName, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: fields[path] });
  const given = (name: TicketFieldName) => (fields[name] ?? '').trim() !== '';

  let offer: ReportedOffer | undefined;
  if (given('offer_id') && !given('wall') && !given('offer_name')) {
    const partnerOfferId = fields.offer_id!.trim();
    if (PARTNER_OFFER_ID.test(partnerOfferId)) offer = { partnerOfferId };
    else fail('offer_id', TICKET_MESSAGES.unknownOffer);
  } else if (!given('offer_id') && (given('wall') || given('offer_name'))) {
    const wall = (fields.wall ?? '').trim().toLowerCase();
    if (!isRegistryWall(wall)) fail('wall', TICKET_MESSAGES.unknownWall);
    const offerName = readText(fields.offer_name, { min: 1, max: TICKET_LIMITS.offerNameMax });
    if (offerName === null || LINE_BREAKS_OR_CONTROL.test(offerName)) fail('offer_name', TICKET_MESSAGES.offerName);
    else if (isRegistryWall(wall)) offer = { wall, offerName };
  } else {
    fail('offer_id', TICKET_MESSAGES.chooseOffer);
  }

  const completedOn = readCompletionDate(fields.completed_at);
  if (completedOn === null) fail('completed_at', TICKET_MESSAGES.completedAt);
  const details = readText(fields.details, { min: TICKET_LIMITS.detailsMin, max: TICKET_LIMITS.detailsMax });
  if (details === null) fail('details', TICKET_MESSAGES.details);

  if (!offer || completedOn === null || details === null) return z.NEVER;
  return { offer, completedOn, details };
});

export const messageBody = z
  .object({ text: z.unknown().optional() }, { error: TICKET_MESSAGES.message })
  .transform((body, ctx) => {
    const text = readText(body.text, { min: 1, max: TICKET_LIMITS.messageMax });
    if (text === null) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: TICKET_MESSAGES.message, input: body.text });
      return z.NEVER;
    }
    return { text };
  });

/** A ticket id in a path: digits only, else the ticket is not found (never a 422 or a 500). */
export function ticketIdOf(value: string): number | null {
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

// ---- responses ----

const dollars = z.string().regex(/^\d+\.\d{2}$/);

export const ticketSchema: z.ZodType<Ticket> = z.object({
  id: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  offer_name: z.string(),
  offer_id: z.string().nullable(),
  wall: z.string().nullable(),
  completed_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  credited: dollars.nullable(),
  resolution: z.string().nullable(),
  partner_credited_later: z.boolean(),
});

export const ticketMessageSchema: z.ZodType<TicketMessage> = z.object({
  id: z.number().int(),
  author: z.enum(['user', 'support']),
  text: z.string(),
  created_at: z.string(),
});

const ticketDetailSchema: z.ZodType<TicketDetail> = z.intersection(
  ticketSchema,
  z.object({ details: z.string(), has_screenshot: z.boolean(), messages: z.array(ticketMessageSchema) }),
);

export const openedTicketResponse = z.object({
  status: z.literal('success'),
  data: z.object({ id: z.number().int(), status: z.literal('awaiting') }) satisfies z.ZodType<OpenedTicket>,
});
export const ticketListResponse = z.object({ status: z.literal('success'), data: z.array(ticketSchema) });
export const ticketDetailResponse = z.object({ status: z.literal('success'), data: ticketDetailSchema });
export const messageResponse = z.object({ status: z.literal('success'), data: ticketMessageSchema });
