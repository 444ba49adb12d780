import type { OfferRow } from '../earn/repository';
import type { EarningHolds } from '../../config-values';
import type { BaseHold } from '../holds/rules';
import type { WalletSnapshot } from '../ledger/ledger';
import type { StoredNotification } from '../notifications/notify';
import type { ReferralReview } from '../referrals/self-referral';

/** What every crediting path shares: a conversion as a wall reports it, and what booking it answers. */

export class UnknownUserError extends Error {
  constructor(readonly userId: number) {
    super('Unknown user');
    this.name = 'UnknownUserError';
  }
}

/** The user a conversion credits; name and email only make the live feed's public name. */
export type ConversionUser = { id: number; name: string; email: string; referredBy: number | null };

export type CreditInput = {
  wall: string;
  txid: string;
  userId: number;
  /** The partner's offer id ('' when the wall sent none). */
  partnerOfferId: string;
  /** The partner's event id; '' credits the whole offer. */
  partnerEventId: string;
  /** The user's reward, integer coins, > 0. */
  payoutCoins: number;
  /** Why, for the ledger row (e.g. the wall's offer name). */
  note?: string;
  /** The wall's name of the offer, for the user's notification when we do not list the offer. */
  offerName?: string;
  /** The user's address at this conversion as the wall reported it (self-referral check). */
  userIp?: string;
  /**
   * What the wall's signature covered, for walls that run values together without separators: the same
   * signed text may book only one credit, so a second reading of it (digits moved from one value into the
   * next, making a new transaction id) is refused as a replay.
   */
  signedContent?: string;
};

export type CreditResult =
  | {
      outcome: 'credited';
      user: ConversionUser;
      payoutCoins: number;
      referralCoins: number;
      /** The referrer's bonus withheld pending review (0 when paid or none). */
      referralHeldCoins: number;
      /** The catalog offer the conversion belongs to, when we list it. */
      offer: CreditedOffer | undefined;
      /** This credit finished the user's offer. */
      completedOffer: boolean;
      /** The balances this credit moved, as its own rows left them: the user's, and the referrer's when paid a bonus. */
      wallets: WalletSnapshot[];
      /** When the credit is held: the moment it becomes available. */
      heldUntil: Date | undefined;
      /** What the users were told (their credit, a referrer's bonus), stored with the booking: deliver once committed. */
      notifications: StoredNotification[];
      /** The user has a ticket a credit may settle (checked with the booking): only then is it settled. */
      userHasTickets: boolean;
    }
  | { outcome: 'duplicate' }
  /** The signed text of this credit already booked another transaction: a replay in disguise. */
  | { outcome: 'signature-reused' };

/** The catalog offer a conversion belongs to, as crediting reads it. */
export type CreditedOffer = Pick<OfferRow, 'id' | 'partnerOfferId' | 'name'>;

export type ConversionContext = {
  user: ConversionUser;
  /** The live referrer, when the user was referred by one. */
  referrerId: number | undefined;
  review: ReferralReview | undefined;
  offer: CreditedOffer | undefined;
  /** The partner ids of the offer's events, in order. */
  offerEventIds: string[];
};

/**
 * A credit on its way to a booking statement: with its ledger reference, the digest of its signed text, the
 * hold rules in force and the hold its wall and amount call for (its user's reversal rate may lengthen it).
 */
export type BookableCredit = CreditInput & { signedDigest: string | null; reference: string; holdRules: EarningHolds; baseHold: BaseHold };
