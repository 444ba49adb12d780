/** The references of ledger rows: unique per kind, so booking the same one twice fails. */

/** Every ledger row of a conversion (its credit, its referral bonus, their reversals): `wall:txid`. */
export function conversionReference(wall: string, txid: string): string {
  return `${wall}:${txid}`;
}

/** A cashout's debit and its refund. */
export const cashoutReference = (id: number) => `cashout:${id}`;

/** A missing-credit ticket's credit and, if the partner paid the offer after all, its reversal. */
export const ticketReference = (id: number) => `ticket:${id}`;
