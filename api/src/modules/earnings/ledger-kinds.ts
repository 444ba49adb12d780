import type { EarningKind } from '@rewards/shared/contracts/earnings-types';
import type { LedgerKind } from '../../db/schema';

/**
 * Ledger kinds other work is adding (missing-credit tickets): named here so the history shows them the day they
 * are booked. The table below is keyed by name, so this compiles whether or not LEDGER_KINDS has them yet.
 */
type UpcomingLedgerKind = 'ticket_credit' | 'ticket_reversal';
export type KnownLedgerKind = LedgerKind | UpcomingLedgerKind;

export type HistoryRule =
  | {
      show: EarningKind;
      /** The kind whose row with the same reference takes this one back (its status is then `reversed`). */
      reversedBy?: KnownLedgerKind;
      /** For a reversal: the kind of the row it takes back (its title is that row's). */
      reverses?: KnownLedgerKind;
      /** It may be held (a `holds` row with its reference): `pending` until released. */
      mayBeHeld?: true;
      /** Its reference is a conversion's `wall:txid`: the row names its wall. */
      ofWall?: true;
      /** Its ledger note is our reason the user reads (a refunded cashout's rejection, a ticket credit taken back). */
      noteIsReason?: true;
    }
  | { show: false; why: string };

/** How each ledger row shows in a user's earnings history. Every ledger kind is here, shown or hidden on purpose. */
export const HISTORY_OF_LEDGER_KIND: Readonly<Record<KnownLedgerKind, HistoryRule>> = {
  offer_credit: { show: 'credit', reversedBy: 'offer_reversal', mayBeHeld: true, ofWall: true },
  offer_reversal: { show: 'reversal', reverses: 'offer_credit', ofWall: true },
  referral_bonus: { show: 'referral_bonus', reversedBy: 'referral_reversal' },
  referral_reversal: { show: 'reversal', reverses: 'referral_bonus' },
  manual_credit: { show: 'manual_credit' },
  ticket_credit: { show: 'ticket_credit', reversedBy: 'ticket_reversal' },
  ticket_reversal: { show: 'reversal', reverses: 'ticket_credit', noteIsReason: true },
  cashout: { show: 'cashout' },
  cashout_refund: { show: 'cashout_refund', noteIsReason: true },
  hold_release: { show: false, why: 'a held credit becoming available is the credit changing status (pending to available), not a row of its own' },
};

/** The rule of a ledger kind as the database names it; undefined for a kind this code does not know. */
export function historyRuleOf(kind: string): HistoryRule | undefined {
  return Object.hasOwn(HISTORY_OF_LEDGER_KIND, kind) ? HISTORY_OF_LEDGER_KIND[kind as KnownLedgerKind] : undefined;
}

/** The ledger kinds the history shows. */
export const SHOWN_LEDGER_KINDS: readonly KnownLedgerKind[] = (Object.keys(HISTORY_OF_LEDGER_KIND) as KnownLedgerKind[]).filter(
  (kind) => HISTORY_OF_LEDGER_KIND[kind].show !== false,
);

/** Pairs of a kind and its reversal, or of a reversal and the kind it takes back. */
export function kindPairs(link: 'reversedBy' | 'reverses'): Array<[KnownLedgerKind, KnownLedgerKind]> {
  return (Object.entries(HISTORY_OF_LEDGER_KIND) as Array<[KnownLedgerKind, HistoryRule]>).flatMap(([kind, rule]) => {
    const other = rule.show === false ? undefined : rule[link];
    return other ? [[kind, other] as [KnownLedgerKind, KnownLedgerKind]] : [];
  });
}
