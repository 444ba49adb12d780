import type { ErrorCode, ErrorParams } from '@rewards/shared/contracts/error-codes';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { CREDITED_BY_PARTNER, type Ticket, type TicketDetail, TICKET_MESSAGES, type TicketMessage } from '@rewards/shared/contracts/ticket-types';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { TicketStatus } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../domain-errors';
import { isUniqueViolation } from '../cashout/service';
import { appendLedgerEntry } from '../ledger/ledger';
import { notify, type StoredNotification } from '../notifications/notify';
import { ticketReference } from '../ledger/references';
import {
  countOpenTickets,
  findOfferOfUser,
  findOpenTicket,
  findTicket,
  insertMessage,
  insertTicket,
  isOpenStatus,
  lockTicket,
  messagesOf,
  offerCreditExists,
  screenshotOf,
  type TicketMessageRow,
  type TicketSummaryRow,
  ticketsOfUser,
  updateTicket,
  wallCreditExists,
} from './repository';
import type { OpenTicketInput } from './schemas';

const OPEN_UNIQUES = ['tickets_open_offer_unique', 'tickets_open_wall_offer_unique'];
const HOUR_MS = 3_600_000;
/** Open tickets one user may have at once: each may hold a 2 MB screenshot. */
export const MAX_OPEN_TICKETS = 10;
/** The most tickets GET /api/tickets lists (a user has a handful). */
export const TICKETS_LISTED = 200;

export function toTicket(row: TicketSummaryRow): Ticket {
  return {
    id: row.id,
    status: row.status,
    offer_name: row.offerName,
    offer_id: row.partnerOfferId,
    wall: row.wall,
    completed_at: row.completedOn,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    credited: row.creditedCoins === null ? null : coinsToDollarString(row.creditedCoins),
    resolution: row.resolution,
    partner_credited_later: row.partnerCreditedAt !== null,
  };
}

export function toTicketMessage(row: TicketMessageRow): TicketMessage {
  return { id: row.id, author: row.author === 'operator' ? 'support' : 'user', text: row.text, created_at: row.createdAt.toISOString() };
}

function refusal(message: string, code: ErrorCode, field: string, params?: ErrorParams): ValidationError {
  return new ValidationError(message, { code, ...(params ? { params } : {}), errors: { [field]: [message] } });
}

/**
 * A new report, checked in the order a user can act on: the offer credited already, a ticket already open
 * for it, too early to report. The wait counts from when the user started a catalog offer, and for a wall's
 * offer (whose start we never see) from the day they say they completed it. Two reports sent together open
 * one ticket: the unique index of open tickets refuses the second.
 */
export async function openTicket(db: Database, userId: number, input: OpenTicketInput, waitHours: number, now = new Date()): Promise<TicketSummaryRow> {
  const { offer } = input;
  const field = 'partnerOfferId' in offer ? 'offer_id' : 'offer_name';
  let offerName: string;
  let waitFrom: Date;
  if ('partnerOfferId' in offer) {
    const found = await findOfferOfUser(db, userId, offer.partnerOfferId);
    if (!found) throw refusal(TICKET_MESSAGES.unknownOffer, 'ticket_unknown_offer', 'offer_id');
    if (!found.userOffer) throw refusal(TICKET_MESSAGES.notStarted, 'ticket_offer_not_started', 'offer_id');
    if (found.userOffer.status === 'completed') throw refusal(TICKET_MESSAGES.creditedAlready, 'ticket_offer_credited', 'offer_id');
    offerName = found.offer.name;
    waitFrom = found.userOffer.startedAt;
  } else {
    if (await wallCreditExists(db, userId, offer.wall, offer.offerName)) throw refusal(TICKET_MESSAGES.creditedAlready, 'ticket_offer_credited', 'offer_name');
    offerName = offer.offerName;
    waitFrom = new Date(`${input.completedOn}T00:00:00Z`);
  }
  if (await findOpenTicket(db, userId, offer)) throw refusal(TICKET_MESSAGES.openAlready, 'ticket_already_open', field);
  if (now.getTime() < waitFrom.getTime() + waitHours * HOUR_MS) throw refusal(TICKET_MESSAGES.tooEarly(waitHours), 'ticket_too_early', field, { hours: waitHours });
  if ((await countOpenTickets(db, userId)) >= MAX_OPEN_TICKETS) throw refusal(TICKET_MESSAGES.tooManyOpen(MAX_OPEN_TICKETS), 'too_many_open_tickets', field, { max: MAX_OPEN_TICKETS });
  try {
    return await insertTicket(db, {
      userId,
      partnerOfferId: 'partnerOfferId' in offer ? offer.partnerOfferId : null,
      wall: 'wall' in offer ? offer.wall : null,
      offerName,
      completedOn: input.completedOn,
      details: input.details,
      screenshot: input.screenshot,
    });
  } catch (error) {
    if (OPEN_UNIQUES.some((constraint) => isUniqueViolation(error, constraint))) throw refusal(TICKET_MESSAGES.openAlready, 'ticket_already_open', field);
    throw error;
  }
}

export async function userTickets(db: Database, userId: number): Promise<Ticket[]> {
  return (await ticketsOfUser(db, userId, TICKETS_LISTED)).map(toTicket);
}

/** One of the user's tickets with its thread; another user's is not found, like one that does not exist. */
export async function userTicket(db: Database, userId: number, id: number): Promise<TicketDetail> {
  const row = await findTicket(db, id, userId);
  if (!row) throw new NotFoundError(TICKET_MESSAGES.notFound, { code: 'ticket_not_found' });
  const messages = await messagesOf(db, id);
  return { ...toTicket(row), details: row.details, has_screenshot: row.hasScreenshot, messages: messages.map(toTicketMessage) };
}

export async function userScreenshot(db: Database, userId: number, id: number) {
  const screenshot = await screenshotOf(db, id, userId);
  if (!screenshot) throw new NotFoundError(TICKET_MESSAGES.notFound, { code: 'ticket_not_found' });
  return screenshot;
}

/** The user's reply: an answered ticket waits for support again; a closed one takes no more messages. */
export async function addUserMessage(db: Database, userId: number, id: number, text: string): Promise<TicketMessage> {
  return db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, id, userId);
    if (!ticket) throw new NotFoundError(TICKET_MESSAGES.notFound, { code: 'ticket_not_found' });
    if (!isOpenStatus(ticket.status)) throw refusal(TICKET_MESSAGES.closed, 'ticket_closed', 'text');
    const message = await insertMessage(tx, { ticketId: id, author: 'user', text });
    await updateTicket(tx, id, { status: 'awaiting' });
    return toTicketMessage(message);
  });
}

// ---- operators (pnpm ops tickets:*) ----

export class TicketNotFoundError extends Error {
  constructor(readonly id: number) {
    super(`No ticket with id ${id}`);
    this.name = 'TicketNotFoundError';
  }
}

export class TicketClosedError extends Error {
  constructor(
    readonly id: number,
    readonly status: TicketStatus,
  ) {
    super(`Ticket ${id} is ${status} already: only an open ticket (awaiting or answered) can be changed.`);
    this.name = 'TicketClosedError';
  }
}

async function lockOpenTicket(tx: Executor, id: number): Promise<TicketSummaryRow> {
  const ticket = await lockTicket(tx, id);
  if (!ticket) throw new TicketNotFoundError(id);
  if (!isOpenStatus(ticket.status)) throw new TicketClosedError(id, ticket.status);
  return ticket;
}

/** An operator's reply: the user reads it as Support's (and is told: ticket_answered), and the ticket is answered. */
export async function replyToTicket(
  db: Executor,
  id: number,
  text: string,
  operator: string,
): Promise<{ ticket: TicketSummaryRow; message: TicketMessageRow; notification: StoredNotification }> {
  return db.transaction(async (tx) => {
    await lockOpenTicket(tx, id);
    const message = await insertMessage(tx, { ticketId: id, author: 'operator', operator, text });
    const ticket = await updateTicket(tx, id, { status: 'answered', answered: true });
    const notification = await notify(tx, { userId: ticket.userId, kind: 'ticket_answered', data: { ticket_id: id, offer: ticket.offerName } });
    return { ticket, message, notification };
  });
}

export type AcceptOutcome =
  | { outcome: 'credited'; ticket: TicketSummaryRow; balanceCoins: number; entryId: number; notification: StoredNotification }
  /** The partner's own credit for the offer arrived since the ticket was opened: accepted, nothing credited. */
  | { outcome: 'credited-by-partner'; ticket: TicketSummaryRow };

/**
 * Accepts an open ticket and credits `coins` through the ledger (`ticket_credit`, reference `ticket:<id>`),
 * available at once. The ticket's row lock makes concurrent accepts (and a partner's credit settling it) run
 * one after the other: the first credits, the others find it accepted; the ledger's unique (kind, reference)
 * is the backstop. If the partner credited the offer since the report, the ticket is accepted as "Credited by
 * the partner" and nothing is credited: the user is paid once.
 */
export async function acceptTicket(db: Executor, id: number, { coins, reason }: { coins: number; reason: string }): Promise<AcceptOutcome> {
  if (!Number.isSafeInteger(coins) || coins <= 0) throw new RangeError('a ticket credits a positive number of coins');
  return db.transaction(async (tx) => {
    const open = await lockOpenTicket(tx, id);
    if (await partnerCreditedSince(tx, open)) {
      const ticket = await updateTicket(tx, id, { status: 'accepted', resolution: CREDITED_BY_PARTNER, answered: true, resolved: true });
      return { outcome: 'credited-by-partner' as const, ticket };
    }
    const booking = await appendLedgerEntry(tx, {
      userId: open.userId,
      amountCoins: coins,
      kind: 'ticket_credit',
      reference: ticketReference(id),
      note: `Ticket ${id}: ${open.offerName}`,
    });
    const ticket = await updateTicket(tx, id, { status: 'accepted', creditedCoins: coins, resolution: reason, answered: true, resolved: true });
    const notification = await notify(tx, { userId: ticket.userId, kind: 'ticket_accepted', data: { ticket_id: id, offer: ticket.offerName, coins } });
    return { outcome: 'credited' as const, ticket, balanceCoins: booking.balanceCoins, entryId: booking.entryId, notification };
  });
}

/** Whether a wall credited the reported offer after the ticket was opened. */
function partnerCreditedSince(tx: Executor, ticket: TicketSummaryRow): Promise<boolean> {
  if (ticket.partnerOfferId !== null) return offerCreditExists(tx, ticket.userId, ticket.partnerOfferId, ticket.createdAt);
  return wallCreditExists(tx, ticket.userId, ticket.wall ?? '', ticket.offerName, ticket.createdAt);
}

/** Declines an open ticket; the user reads the reason (and is told: ticket_declined). */
export async function declineTicket(db: Executor, id: number, reason: string): Promise<{ ticket: TicketSummaryRow; notification: StoredNotification }> {
  return db.transaction(async (tx) => {
    await lockOpenTicket(tx, id);
    const ticket = await updateTicket(tx, id, { status: 'declined', resolution: reason, answered: true, resolved: true });
    const notification = await notify(tx, { userId: ticket.userId, kind: 'ticket_declined', data: { ticket_id: id, offer: ticket.offerName, reason } });
    return { ticket, notification };
  });
}
