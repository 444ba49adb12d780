import { REFERRAL_SHARE } from '@rewards/shared/constants';
import type { Executor } from '../../db/executor';
import { appendLedgerEntry, type LedgerEntryInput } from '../ledger/ledger';

/** Spec §9: the referrer earns 5 % of their friends' earnings, in whole coins rounded down. */
export const REFERRAL_PERCENT = Math.round(REFERRAL_SHARE * 100);

export function referralBonusOf(coins: number): number {
  return Math.floor((coins * REFERRAL_PERCENT) / 100);
}

/** The note of a referral bonus's ledger row. */
export const referralBonusNote = (referredUserId: number, reference: string) => `${REFERRAL_PERCENT}% of user ${referredUserId}'s ${reference}`;

export type ReferralBonus = { referrerId: number; referredUserId: number; coins: number; reference: string };

/** The ledger row of the referrer's 5 % of one conversion, with the conversion's reference. */
export function referralBonusEntry({ referrerId, referredUserId, coins, reference }: ReferralBonus): LedgerEntryInput {
  return { userId: referrerId, amountCoins: coins, kind: 'referral_bonus', reference, note: referralBonusNote(referredUserId, reference) };
}

/** The referrer's 5 % of one conversion, as its own ledger row (a savepoint of the caller's transaction). */
export function bookReferralBonus(tx: Executor, bonus: ReferralBonus) {
  return appendLedgerEntry(tx, referralBonusEntry(bonus));
}
