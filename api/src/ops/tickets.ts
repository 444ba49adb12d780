import { writeFile } from 'node:fs/promises';
import { coinsToDollarString, dollarsToCoins } from '@rewards/shared/rules/money';
import { TICKET_LIMITS } from '@rewards/shared/contracts/ticket-types';
import { TICKET_STATUSES } from '../db/schema';
import { findUserById } from '../modules/account/repository';
import { MAX_OFFER_PAYOUT_COINS } from '../modules/earn/catalog';
import { findOfferOfUser, findTicket, listTickets, messagesOf, screenshotOf, ticketStats, type TicketSummaryRow } from '../modules/tickets/repository';
import { readText } from '../modules/tickets/schemas';
import { acceptTicket, declineTicket, replyToTicket, TicketClosedError, TicketNotFoundError } from '../modules/tickets/service';
import { listCallbacks } from '../modules/walls/callback-log';
import { callbackResult, printCallbacks } from './callback-view';
import { defineCommand, OpsError, type OpsContext, UsageError } from './command';
import { operatorPath } from './offers';
import { countOf, noArguments, oneOf, onlyArgument, parseId, readOptions } from './options';
import { countLine } from './output';
import { concernsOwner, LAST_CALLBACKS, refusalsAsOpsErrors } from './users';

const DEFAULT_LIST_LIMIT = 50;
/** tickets:stats looks this far back for answers and resolutions. */
export const STATS_DAYS = 30;

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;

const ticketId = (value: string | undefined) => parseId(value, 'a ticket');

/** The ticket as --json prints it and the audit log keeps it. */
export function ticketResult(row: TicketSummaryRow) {
  return {
    id: row.id,
    user_id: row.userId,
    status: row.status,
    offer_name: row.offerName,
    offer_id: row.partnerOfferId,
    wall: row.wall,
    completed_at: row.completedOn,
    credited: row.creditedCoins === null ? null : coinsToDollarString(row.creditedCoins),
    credited_coins: row.creditedCoins,
    resolution: row.resolution,
    partner_credited_at: row.partnerCreditedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const offerOf = (row: TicketSummaryRow) => (row.wall === null ? `${row.offerName} (offer ${row.partnerOfferId})` : `${row.offerName} (wall ${row.wall})`);

function changing<T>(context: OpsContext, id: number, work: () => Promise<T>): Promise<T> {
  return refusalsAsOpsErrors(context, work, { notFound: TicketNotFoundError, closed: TicketClosedError, row: () => findTicket(context.db, id) });
}

/** "2h 05m", "3d 4h", "45s": a duration an operator reads at a glance. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '-';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

export const ticketsList = defineCommand({
  name: 'tickets:list',
  usage: `tickets:list [--status <${TICKET_STATUSES.join('|')}>] [--limit <n>]`,
  summary: `lists missing-credit tickets, newest first (default: all statuses, ${DEFAULT_LIST_LIMIT} rows)`,
  reason: 'none',
  parse: (args) => {
    const options = readOptions(args, { '--status': oneOf(TICKET_STATUSES, 'a ticket status'), '--limit': countOf('rows') }, { repeated: 'last' });
    return { status: options['--status'], limit: options['--limit'] ?? DEFAULT_LIST_LIMIT };
  },
  async run({ db, out }, { status, limit }) {
    const rows = await listTickets(db, { status, limit });
    const result = rows.map((row) => ({ ...ticketResult(row), email: row.email }));
    if (rows.length === 0) {
      out.line(status ? `No ${status} tickets.` : 'No tickets.');
      return result;
    }
    out.table(
      ['id', 'user', 'offer', 'completed', 'status', 'credited', 'created'],
      rows.map((row) => [row.id, row.email, offerOf(row), row.completedOn, row.status, row.creditedCoins === null ? '-' : dollars(row.creditedCoins), row.createdAt.toISOString()]),
    );
    out.line('');
    out.line(countLine(rows.length, limit, ['ticket', 'tickets']));
    return result;
  },
});

export const ticketsShow = defineCommand({
  name: 'tickets:show',
  usage: 'tickets:show <id> [--screenshot <file>]',
  summary: "shows a ticket: the user, the offer, what they wrote, the thread, their last postback callbacks; --screenshot saves its image",
  reason: 'none',
  parse: (args, invocation) => {
    const [id, flag, file] = args;
    if (args.length === 1) return { id: ticketId(id), file: undefined };
    if (args.length === 3 && flag === '--screenshot' && file) return { id: ticketId(id), file: operatorPath(file, invocation.cwd) };
    throw new UsageError('tickets:show takes a ticket id, and optionally --screenshot <file>');
  },
  // What the user wrote, their screenshot: personal data.
  auditsReads: 'always',
  async run({ db, out, concerns }, { id, file }) {
    const ticket = await findTicket(db, id);
    if (!ticket) throw new OpsError(`No ticket with id ${id}`);
    const user = await findUserById(db, ticket.userId);
    if (user) concerns({ id: user.id, email: user.email });
    const messages = await messagesOf(db, id);
    const started = ticket.partnerOfferId === null ? undefined : await findOfferOfUser(db, ticket.userId, ticket.partnerOfferId);
    const callbacks = await listCallbacks(db, { userId: ticket.userId, limit: LAST_CALLBACKS });
    let saved: string | undefined;
    if (file) {
      const screenshot = await screenshotOf(db, id);
      if (!screenshot) throw new OpsError(`Ticket ${id} has no screenshot`);
      // Never over an existing file: the operator named it, we do not guess they meant to replace it.
      await writeFile(file, screenshot.bytes, { flag: 'wx', mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
        throw new OpsError(error.code === 'EEXIST' ? `${file} exists already: name a new file` : `The screenshot could not be saved to ${file}: ${error.message}`);
      });
      saved = file;
    }
    out.fields([
      ['id', ticket.id],
      ['status', ticket.status],
      ['user', user ? `${user.email} (id ${user.id})` : ticket.userId],
      ['offer', offerOf(ticket)],
      ['started', started?.userOffer ? `${started.userOffer.startedAt.toISOString()} (${started.userOffer.status})` : ticket.wall === null ? 'not started' : '-'],
      ['completed', ticket.completedOn],
      ['reported', ticket.createdAt.toISOString()],
      ['screenshot', ticket.hasScreenshot ? (saved ? `saved to ${saved}` : `${ticket.screenshotType} (tickets:show ${id} --screenshot <file> saves it)`) : 'none'],
      ['credited', ticket.creditedCoins === null ? '-' : dollars(ticket.creditedCoins)],
      ['resolution', ticket.resolution ?? '-'],
      ['partner credited', ticket.partnerCreditedAt ? `${ticket.partnerCreditedAt.toISOString()} (the ticket's credit was taken back)` : '-'],
    ]);
    out.line('');
    out.line('Details:');
    for (const line of ticket.details.split('\n')) out.line(`  ${line}`);
    out.line('');
    if (messages.length === 0) out.line('No replies yet.');
    else {
      out.table(
        ['when', 'from', 'text'],
        messages.map((message) => [message.createdAt.toISOString(), message.author === 'operator' ? `support (${message.operator ?? '?'})` : 'user', message.text]),
      );
    }
    out.line('');
    if (callbacks.length === 0) out.line('No postback callback names this user.');
    else {
      out.line(`Last callbacks of this user (newest first; postbacks:list --user ${user?.email ?? '<email>'} shows more):`);
      printCallbacks(out, callbacks, { withUser: false });
    }
    return {
      ...ticketResult(ticket),
      email: user?.email ?? null,
      details: ticket.details,
      screenshot_type: ticket.screenshotType,
      screenshot_saved_to: saved ?? null,
      messages: messages.map((message) => ({ id: message.id, author: message.author, operator: message.operator, text: message.text, created_at: message.createdAt.toISOString() })),
      last_callbacks: callbacks.map(callbackResult),
    };
  },
});

export const ticketsReply = defineCommand({
  name: 'tickets:reply',
  usage: 'tickets:reply <id> <text> [--reason <text>]',
  summary: 'replies to an open ticket as Support (the user reads the text); the ticket becomes answered',
  reason: 'optional',
  parse: (args) => {
    const [id, ...words] = args;
    const text = readText(words.join(' '), { min: 1, max: TICKET_LIMITS.messageMax });
    if (text === null) throw new UsageError(`tickets:reply takes a ticket id and a text of 1 to ${TICKET_LIMITS.messageMax} characters`);
    return { id: ticketId(id), text };
  },
  async run(context, { id, text }) {
    const { ticket, message, notification } = await changing(context, id, () => replyToTicket(context.db, id, text, context.invocation.operator));
    context.notified([notification]);
    await concernsOwner(context, ticket.userId);
    context.out.line(`Ticket ${id}: replied; the ticket is ${ticket.status}.`);
    return { ...ticketResult(ticket), message_id: message.id, text };
  },
});

export const ticketsAccept = defineCommand({
  name: 'tickets:accept',
  usage: 'tickets:accept <id> <dollars> --reason <text>',
  summary: 'accepts an open ticket and credits the user at once (a ticket_credit ledger row); the user reads the reason',
  reason: 'required',
  parse: (args) => {
    const [id, amount] = args;
    if (args.length !== 2 || !amount) throw new UsageError('tickets:accept takes a ticket id, an amount of dollars and --reason <text>');
    const coins = dollarsToCoins(amount, { maxCoins: MAX_OFFER_PAYOUT_COINS });
    if (!coins) throw new UsageError(`"${amount}" is not an amount of dollars from 0.001 to 10000 (like 2.50)`);
    return { id: ticketId(id), coins };
  },
  async run(context, { id, coins }) {
    const reason = context.reason!;
    const accepted = await changing(context, id, () => acceptTicket(context.db, id, { coins, reason }));
    const { ticket } = accepted;
    await concernsOwner(context, ticket.userId);
    if (accepted.outcome === 'credited-by-partner') {
      context.out.line(`Ticket ${id}: the partner credited this offer after the report, so nothing was credited; the ticket is accepted as "${ticket.resolution}".`);
      return { ...ticketResult(ticket), credited_by: 'partner' };
    }
    context.out.line(`Ticket ${id}: accepted; ${dollars(coins)} credited, the user's balance is now ${dollars(accepted.balanceCoins)}.`);
    context.out.line(`Reason shown to the user: ${reason}`);
    await context.tellWallets([ticket.userId]);
    context.notified([accepted.notification]);
    return { ...ticketResult(ticket), credited_by: 'ticket', balance: coinsToDollarString(accepted.balanceCoins), balance_coins: accepted.balanceCoins, ledger_entry_id: accepted.entryId };
  },
});

export const ticketsDecline = defineCommand({
  name: 'tickets:decline',
  usage: 'tickets:decline <id> --reason <text>',
  summary: 'declines an open ticket; the user reads the reason',
  reason: 'required',
  parse: (args) => ({ id: ticketId(onlyArgument(args, 'tickets:decline takes a ticket id and --reason <text>')) }),
  async run(context, { id }) {
    const reason = context.reason!;
    const { ticket, notification } = await changing(context, id, () => declineTicket(context.db, id, reason));
    context.notified([notification]);
    await concernsOwner(context, ticket.userId);
    context.out.line(`Ticket ${id}: declined. Reason shown to the user: ${reason}`);
    return ticketResult(ticket);
  },
});

export const ticketsStats = defineCommand({
  name: 'tickets:stats',
  usage: 'tickets:stats',
  summary: `open tickets, and the median time to a first answer and to a resolution over the last ${STATS_DAYS} days`,
  reason: 'none',
  parse: noArguments('tickets:stats'),
  async run({ db, out }) {
    const stats = await ticketStats(db, STATS_DAYS);
    const open = stats.open.awaiting + stats.open.answered;
    out.fields([
      ['open tickets', `${open} (${stats.open.awaiting} awaiting an answer, ${stats.open.answered} answered)`],
      [`first answers, ${STATS_DAYS} days`, `${stats.answered.count}, median ${formatDuration(stats.answered.medianSeconds)} after the report`],
      [`resolutions, ${STATS_DAYS} days`, `${stats.resolved.count}, median ${formatDuration(stats.resolved.medianSeconds)} after the report`],
    ]);
    return {
      open,
      awaiting: stats.open.awaiting,
      answered: stats.open.answered,
      days: STATS_DAYS,
      first_answers: stats.answered.count,
      median_seconds_to_first_answer: stats.answered.medianSeconds,
      resolutions: stats.resolved.count,
      median_seconds_to_resolution: stats.resolved.medianSeconds,
    };
  },
});
