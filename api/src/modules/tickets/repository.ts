import { and, asc, count, desc, eq, getTableColumns, gte, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { coalescedStatement } from '../../db/coalesced';
import type { Executor } from '../../db/executor';
import { arrayParameter, preparedStatement } from '../../db/prepared';
import {
  conversions,
  ledgerEntries,
  offers,
  OPEN_TICKET_STATUSES,
  type ScreenshotType,
  type TicketAuthor,
  ticketMessages,
  tickets,
  type TicketStatus,
  userOffers,
  users,
} from '../../db/schema';

export type TicketRow = typeof tickets.$inferSelect;
/** A ticket without its screenshot's bytes (lists and threads never need them). */
export type TicketSummaryRow = Omit<TicketRow, 'screenshot'> & { hasScreenshot: boolean };
export type TicketMessageRow = typeof ticketMessages.$inferSelect;

const { screenshot: _bytes, ...summaryColumns } = getTableColumns(tickets);
const summary = { ...summaryColumns, hasScreenshot: sql<boolean>`${tickets.screenshot} is not null`.mapWith((value: unknown) => value === true || value === 't') };

const isOpen = inArray(tickets.status, [...OPEN_TICKET_STATUSES]);

export const isOpenStatus = (status: TicketStatus) => (OPEN_TICKET_STATUSES as readonly TicketStatus[]).includes(status);

/** Offer names compare as people read them: case and runs of spaces aside. */
export function normalOfferName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

const sameOfferName = (name: string) => sql`lower(${tickets.offerName}) = lower(${normalOfferName(name)})`;

// ---- what a new report is checked against ----

/** The catalog offer and, when the user started it, their row of it. */
export async function findOfferOfUser(db: Executor, userId: number, partnerOfferId: string) {
  const rows = await db
    .select({ offer: { id: offers.id, name: offers.name }, userOffer: { status: userOffers.status, startedAt: userOffers.startedAt } })
    .from(offers)
    .leftJoin(userOffers, and(eq(userOffers.offerId, offers.id), eq(userOffers.userId, userId)))
    .where(eq(offers.partnerOfferId, partnerOfferId));
  return rows[0];
}

export type ReportedOffer = { partnerOfferId: string } | { wall: string; offerName: string };

/** The user's open ticket about this offer, if any. */
export async function findOpenTicket(db: Executor, userId: number, offer: ReportedOffer): Promise<{ id: number } | undefined> {
  const same = 'partnerOfferId' in offer ? eq(tickets.partnerOfferId, offer.partnerOfferId) : and(eq(tickets.wall, offer.wall), sameOfferName(offer.offerName));
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.userId, userId), isOpen, same));
  return rows[0];
}

/**
 * Whether a wall credited the user for an offer of this name (since `since`, when given). Conversions keep the
 * partner's offer id, not its name: the credit's ledger row says `<wall>: <name>` (the wall's name of the
 * offer, else our catalog's), and its reference starts with `<wall>:`.
 */
export async function wallCreditExists(db: Executor, userId: number, wall: string, offerName: string, since?: Date): Promise<boolean> {
  const rows = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.kind, 'offer_credit'),
        sql`starts_with(${ledgerEntries.reference}, ${`${wall}:`})`,
        sql`lower(${ledgerEntries.note}) = lower(${`${wall}: ${normalOfferName(offerName)}`})`,
        since ? gte(ledgerEntries.createdAt, since) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether a wall credited the user for this catalog offer since `since` (a live conversion of its partner id). */
export async function offerCreditExists(db: Executor, userId: number, partnerOfferId: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: conversions.id })
    .from(conversions)
    .where(
      and(eq(conversions.userId, userId), eq(conversions.partnerOfferId, partnerOfferId), eq(conversions.status, 'credited'), gte(conversions.createdAt, since)),
    )
    .limit(1);
  return rows.length > 0;
}

export async function countOpenTickets(db: Executor, userId: number): Promise<number> {
  const rows = await db.select({ value: count() }).from(tickets).where(and(eq(tickets.userId, userId), isOpen));
  return rows[0]?.value ?? 0;
}

export type NewTicket = {
  userId: number;
  partnerOfferId: string | null;
  wall: string | null;
  offerName: string;
  completedOn: string;
  details: string;
  screenshot: { bytes: Buffer; type: ScreenshotType } | null;
};

export async function insertTicket(db: Executor, ticket: NewTicket): Promise<TicketSummaryRow> {
  const { screenshot, ...fields } = ticket;
  const rows = await db
    .insert(tickets)
    .values({ ...fields, offerName: normalOfferName(fields.offerName), screenshot: screenshot?.bytes ?? null, screenshotType: screenshot?.type ?? null })
    .returning(summary);
  const row = rows[0];
  if (!row) throw new Error('insert into tickets returned no row');
  return row;
}

// ---- reading ----

/** A user's tickets, newest first. */
export async function ticketsOfUser(db: Executor, userId: number, limit: number): Promise<TicketSummaryRow[]> {
  return db.select(summary).from(tickets).where(eq(tickets.userId, userId)).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(limit);
}

/** One ticket; `userId` limits it to that user's (another user's ticket is not found). */
export async function findTicket(db: Executor, id: number, userId?: number): Promise<TicketSummaryRow | undefined> {
  const rows = await db
    .select(summary)
    .from(tickets)
    .where(and(eq(tickets.id, id), userId === undefined ? undefined : eq(tickets.userId, userId)));
  return rows[0];
}

export async function messagesOf(db: Executor, ticketId: number): Promise<TicketMessageRow[]> {
  return db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId)).orderBy(asc(ticketMessages.id));
}

export async function screenshotOf(db: Executor, id: number, userId?: number): Promise<{ bytes: Buffer; type: ScreenshotType } | undefined> {
  const rows = await db
    .select({ bytes: tickets.screenshot, type: tickets.screenshotType })
    .from(tickets)
    .where(and(eq(tickets.id, id), userId === undefined ? undefined : eq(tickets.userId, userId)));
  const row = rows[0];
  return row?.bytes && row.type ? { bytes: row.bytes, type: row.type } : undefined;
}

// ---- changes (the caller's transaction holds the ticket's lock) ----

/** The ticket, locked until the transaction ends: its changes (replies, decisions, the partner's credit) run one at a time. */
export async function lockTicket(tx: Executor, id: number, userId?: number): Promise<TicketSummaryRow | undefined> {
  const rows = await tx
    .select(summary)
    .from(tickets)
    .where(and(eq(tickets.id, id), userId === undefined ? undefined : eq(tickets.userId, userId)))
    .for('update');
  return rows[0];
}

export type TicketChange = Partial<Pick<TicketRow, 'status' | 'creditedCoins' | 'resolution'>> & {
  answered?: boolean;
  resolved?: boolean;
  partnerCredited?: boolean;
};

export async function updateTicket(tx: Executor, id: number, change: TicketChange): Promise<TicketSummaryRow> {
  const { answered, resolved, partnerCredited, ...fields } = change;
  const rows = await tx
    .update(tickets)
    .set({
      ...fields,
      updatedAt: sql`now()`,
      ...(answered ? { firstAnsweredAt: sql`coalesce(${tickets.firstAnsweredAt}, now())` } : {}),
      ...(resolved ? { resolvedAt: sql`now()` } : {}),
      ...(partnerCredited ? { partnerCreditedAt: sql`now()` } : {}),
    })
    .where(eq(tickets.id, id))
    .returning(summary);
  const row = rows[0];
  if (!row) throw new Error(`ticket ${id} vanished`);
  return row;
}

export async function insertMessage(tx: Executor, message: { ticketId: number; author: TicketAuthor; operator?: string; text: string }): Promise<TicketMessageRow> {
  const rows = await tx.insert(ticketMessages).values(message).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into ticket_messages returned no row');
  return row;
}

/** What a deleted account leaves of its tickets: their facts (the offer, dates, outcome, money), not its words or images. */
export const REMOVED_WITH_ACCOUNT = '(removed with the account)';

export async function eraseTicketTextsOfUser(tx: Executor, userId: number): Promise<void> {
  await tx.update(tickets).set({ details: REMOVED_WITH_ACCOUNT, screenshot: null, screenshotType: null }).where(eq(tickets.userId, userId));
  await tx
    .update(ticketMessages)
    .set({ text: REMOVED_WITH_ACCOUNT })
    .where(and(eq(ticketMessages.author, 'user'), inArray(ticketMessages.ticketId, tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.userId, userId)))));
}

// ---- the partner's credit ----

export type ConversionOfTicket = { userId: number; wall: string; partnerOfferId: string; offerName: string | undefined };

/** Tickets a partner's credit may settle: open ones, and accepted ones it paid (as the partial index tickets_settleable_user_idx). */
const SETTLEABLE_STATUS = sql`(${tickets.status} in ('awaiting', 'answered') or (${tickets.status} = 'accepted' and ${tickets.creditedCoins} is not null and ${tickets.partnerCreditedAt} is null))`;

/**
 * Whether the user has any ticket a credit could settle, as a column of a booking statement (one probe of the
 * partial index, almost always empty): a credit of a user without one skips the settlement altogether.
 */
export function hasSettleableTicketsSql(userId: SQL): SQL {
  return sql`exists (select 1 from ${tickets} where ${tickets.userId} = ${userId} and ${SETTLEABLE_STATUS})`;
}

/** The condition of the user's tickets a partner credit settles: open ones, and accepted ones it paid. */
function settleableFor(conversion: ConversionOfTicket) {
  const matches = [
    conversion.partnerOfferId === '' ? undefined : eq(tickets.partnerOfferId, conversion.partnerOfferId),
    conversion.offerName ? and(eq(tickets.wall, conversion.wall), sameOfferName(conversion.offerName)) : undefined,
  ].filter((condition) => condition !== undefined);
  if (matches.length === 0) return undefined;
  // Spelled as the partial index tickets_settleable_user_idx is, so the planner uses it.
  return and(eq(tickets.userId, conversion.userId), SETTLEABLE_STATUS, sql`(${sql.join(matches, sql` or `)})`);
}

type SettleableRow = { position: string | number };

/**
 * For each conversion of a list (arrays of its fields, in order), whether the user has a ticket it settles: one
 * prepared statement for any number of conversions, served by tickets_settleable_user_idx.
 */
const settleableConversions = preparedStatement<SettleableRow>(
  'settleable_ticket_conversions',
  sql`select distinct conversion.position from unnest(${arrayParameter('userIds', 'bigint')}, ${arrayParameter('partnerOfferIds', 'text')},
      ${arrayParameter('walls', 'text')}, ${arrayParameter('offerNames', 'text')}) with ordinality as conversion(user_id, partner_offer_id, wall, offer_name, position)
    join ${tickets} on ${tickets.userId} = conversion.user_id
      and (${tickets.status} in ('awaiting', 'answered') or (${tickets.status} = 'accepted' and ${tickets.creditedCoins} is not null and ${tickets.partnerCreditedAt} is null))
      and ((conversion.partner_offer_id <> '' and ${tickets.partnerOfferId} = conversion.partner_offer_id)
        or (conversion.offer_name <> '' and ${tickets.wall} = conversion.wall and lower(${tickets.offerName}) = lower(conversion.offer_name)))`,
);

async function settleableOf(db: Executor, conversions: readonly ConversionOfTicket[]): Promise<boolean[]> {
  const { rows } = await settleableConversions(db).execute({
    userIds: conversions.map((conversion) => conversion.userId),
    partnerOfferIds: conversions.map((conversion) => conversion.partnerOfferId),
    walls: conversions.map((conversion) => conversion.wall),
    offerNames: conversions.map((conversion) => normalOfferName(conversion.offerName ?? '')),
  });
  const found = new Set(rows.map((row) => Number(row.position)));
  return conversions.map((_conversion, index) => found.has(index + 1));
}

// Every credit asks: under load the credits in flight ask together, one round trip for many.
const settleableOne = coalescedStatement(settleableOf);

/** Whether this conversion settles any ticket of its user, read without a lock (almost always not). */
export function hasSettleableTickets(db: Executor, conversion: ConversionOfTicket): Promise<boolean> {
  if (conversion.partnerOfferId === '' && !conversion.offerName) return Promise.resolve(false);
  return settleableOne(db, conversion);
}

/** The same tickets locked, in id order (two credits of one user lock them in the same order). */
export async function lockSettleableTickets(tx: Executor, conversion: ConversionOfTicket): Promise<TicketSummaryRow[]> {
  const condition = settleableFor(conversion);
  if (!condition) return [];
  return tx.select(summary).from(tickets).where(condition).orderBy(asc(tickets.id)).for('update');
}

// ---- operators ----

export type TicketListRow = TicketSummaryRow & { email: string };

export async function listTickets(db: Executor, options: { status?: TicketStatus; limit: number }): Promise<TicketListRow[]> {
  const rows = await db
    .select({ ticket: summary, email: users.email })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(options.status ? eq(tickets.status, options.status) : undefined)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(options.limit);
  return rows.map(({ ticket, email }) => ({ ...ticket, email }));
}

export type TicketStatsRow = {
  open: Record<(typeof OPEN_TICKET_STATUSES)[number], number>;
  answered: { count: number; medianSeconds: number | null };
  resolved: { count: number; medianSeconds: number | null };
};

/** Open tickets now; over the last `days` days, the tickets first answered and resolved, with the median time each took. */
export async function ticketStats(db: Executor, days: number): Promise<TicketStatsRow> {
  const open = await db
    .select({ status: tickets.status, value: count() })
    .from(tickets)
    .where(isOpen)
    .groupBy(tickets.status);
  const median = (from: SQLWrapper, to: SQLWrapper) =>
    db
      .select({
        count: count(),
        medianSeconds: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from ${to} - ${from}))`.mapWith((value) =>
          value === null ? null : Number(value),
        ),
      })
      .from(tickets)
      .where(sql`${to} >= now() - make_interval(days => ${days}::int)`);
  const [answered] = await median(tickets.createdAt, tickets.firstAnsweredAt);
  const [resolved] = await median(tickets.createdAt, tickets.resolvedAt);
  const openCount = (status: TicketStatus) => open.find((row) => row.status === status)?.value ?? 0;
  return {
    open: { awaiting: openCount('awaiting'), answered: openCount('answered') },
    answered: { count: answered?.count ?? 0, medianSeconds: answered?.medianSeconds ?? null },
    resolved: { count: resolved?.count ?? 0, medianSeconds: resolved?.medianSeconds ?? null },
  };
}
