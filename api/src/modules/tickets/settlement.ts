import { CREDITED_BY_PARTNER } from '@rewards/shared/contracts/ticket-types';
import type { Executor } from '../../db/executor';
import { appendLedgerEntry, type WalletSnapshot } from '../ledger/ledger';
import { ticketReference } from '../ledger/references';
import { type ConversionOfTicket, hasSettleableTickets, isOpenStatus, lockSettleableTickets, updateTicket } from './repository';

export type TicketSettlement = {
  /** Open tickets the partner's credit closed as accepted ("Credited by the partner"). */
  closed: number[];
  /** Accepted tickets whose credit was taken back (`ticket_reversal`), the partner having paid the offer too. */
  reversed: Array<{ ticketId: number; coins: number }>;
  /** The balances the reversals left, to announce once committed. */
  wallets: WalletSnapshot[];
};

const NOTHING: TicketSettlement = Object.freeze({ closed: [], reversed: [], wallets: [] }) as unknown as TicketSettlement;

/**
 * What a partner's credit of an offer means for the user's tickets about it (same user and partner offer id,
 * or the same wall and offer name): an open ticket is accepted as "Credited by the partner", crediting nothing;
 * a ticket accepted and credited before is paid back once (`ticket_reversal`, reference `ticket:<id>`, allowed
 * below zero like every reversal), so the user is paid for the offer once. Called once the credit is booked;
 * each ticket's row lock orders this against an operator's accept. Almost every credit finds no ticket: one
 * indexed read (shared with the credits in flight), no transaction.
 */
export async function settleTicketsForConversion(db: Executor, conversion: ConversionOfTicket): Promise<TicketSettlement> {
  if (!(await hasSettleableTickets(db, conversion))) return NOTHING;
  return db.transaction(async (tx) => {
    const settlement: TicketSettlement = { closed: [], reversed: [], wallets: [] };
    for (const ticket of await lockSettleableTickets(tx, conversion)) {
      if (isOpenStatus(ticket.status)) {
        await updateTicket(tx, ticket.id, { status: 'accepted', resolution: CREDITED_BY_PARTNER, resolved: true });
        settlement.closed.push(ticket.id);
      } else if (ticket.creditedCoins !== null) {
        const booking = await appendLedgerEntry(tx, {
          userId: ticket.userId,
          amountCoins: -ticket.creditedCoins,
          kind: 'ticket_reversal',
          reference: ticketReference(ticket.id),
          note: CREDITED_BY_PARTNER,
          allowNegative: true,
        });
        await updateTicket(tx, ticket.id, { partnerCredited: true });
        settlement.reversed.push({ ticketId: ticket.id, coins: ticket.creditedCoins });
        settlement.wallets.push({ userId: ticket.userId, balanceCoins: booking.balanceCoins, heldCoins: booking.heldCoins, version: booking.entryId });
      }
    }
    return settlement;
  });
}
